// Markdown: one chunk per heading section (ATX `# Title` and setext `Title` over `===` or `---`); fenced code is
// never mistaken for a heading.
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
/** A setext underline: `===` makes the line above a level-1 heading, `---` a level-2 one. */
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that cannot be a setext heading's text: list items, quotes, tables, indented code, ATX headings. */
const NOT_SETEXT_TEXT = /^(?: {4,}|\t| {0,3}(?:[-*+>|#]|\d+[.)])(?:\s|$))/;

function headingText(raw: string | undefined): string {
  // A closing run of #s is decoration, not part of the title.
  return (raw ?? "").replace(/(?:^|[ \t]+)#+[ \t]*$/, "").trim();
}

function sections(lines: readonly string[]): Section[] {
  const result: Section[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let current: Section = { start: 1, end: lines.length, trail: [] };
  let fence: string | undefined;
  let underline = -1; // the line under a setext heading: part of the heading, never text
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
    if (index === underline) return;
    const heading = HEADING.exec(line);
    const under = SETEXT.exec(lines[index + 1] ?? "");
    // Setext: a line of text (after a blank line or a heading, not inside a paragraph) with an underline below.
    const setext = !heading && under?.[1] && !isBlank(line) && !NOT_SETEXT_TEXT.test(line) && (index === 0 || isBlank(lines[index - 1]!) || index - 1 === underline || HEADING.test(lines[index - 1]!));
    if (!heading?.[1] && !setext) return;
    const level = heading?.[1] ? heading[1].length : under![1]!.startsWith("=") ? 1 : 2;
    const text = heading?.[1] ? headingText(heading[2]) : line.trim();
    if (setext) underline = index + 1;
    current.end = index; // the previous section ends on the line above (1-based index)
    result.push(current);
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
    stack.push({ level, text });
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
