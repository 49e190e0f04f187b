// Markdown: one chunk per ATX heading section; fenced code is never mistaken for a heading.
import type { ChunkDraft } from "../types.ts";
import { toDraft } from "./draft.ts";
import { isBlank } from "./text.ts";
import { windowRanges } from "./windows.ts";

/** Sections longer than this are split into windows so one chunk never swallows a whole manual. */
export const MAX_SECTION_LINES = 200;

interface Section {
  /** 1-based line of the heading (or 1 for the text before the first heading). */
  start: number;
  end: number;
  /** Heading texts from the outermost level down to this section; empty before the first heading. */
  trail: string[];
  headingLine?: string;
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function headingText(raw: string | undefined): string {
  // A closing run of #s is decoration, not part of the title.
  return (raw ?? "").replace(/(?:^|[ \t]+)#+[ \t]*$/, "").trim();
}

function sections(lines: readonly string[]): Section[] {
  const result: Section[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let current: Section = { start: 1, end: lines.length, trail: [] };
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      // A fence closes on the same character repeated at least as many times, and nothing else.
      if (fenceMatch?.[1] && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && isBlank(line.slice(line.indexOf(fenceMatch[1]) + fenceMatch[1].length))) {
        fence = undefined;
      }
      return;
    }
    if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      return;
    }
    const heading = HEADING.exec(line);
    if (!heading?.[1]) return;
    const level = heading[1].length;
    current.end = index; // the previous section ends on the line above (1-based index)
    result.push(current);
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
    stack.push({ level, text: headingText(heading[2]) });
    current = { start: index + 1, end: lines.length, trail: stack.map((s) => s.text), headingLine: line.trim() };
  });
  result.push(current);
  return result;
}

export function chunkMarkdown(path: string, lines: readonly string[]): ChunkDraft[] {
  const chunks: ChunkDraft[] = [];
  for (const section of sections(lines)) {
    const body = lines.slice(section.start - 1, section.end);
    if (body.length === 0 || isBlank(body.join("\n"))) continue;
    const symbol = section.trail.length > 0 ? `${path}#${section.trail.join(" > ")}` : path;
    const signature = section.headingLine ?? path;
    if (body.length <= MAX_SECTION_LINES) {
      chunks.push(toDraft(path, { kind: "FileFragment", symbol, signature, startLine: section.start, endLine: section.end, content: body.join("\n") }));
      continue;
    }
    for (const [from, to] of windowRanges(body.length)) {
      const content = body.slice(from - 1, to).join("\n");
      if (isBlank(content)) continue;
      const startLine = section.start + from - 1;
      const endLine = section.start + to - 1;
      chunks.push(toDraft(path, { kind: "FileFragment", symbol, signature: `${signature} (lines ${startLine}-${endLine})`, startLine, endLine, content }));
    }
  }
  return chunks;
}
