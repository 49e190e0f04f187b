// Pasted code leads with the declaration holding it: the code lines of the query (text/snippet.ts) are phrase
// queries on the lexical index, and the candidates' own lines are read to keep those that hold them.
import { withDetails, type Snapshot } from "../index/snapshot.ts";
import { compactCode, snippetLines } from "../text/snippet.ts";
import { termsOf } from "../text/tokens.ts";
import { matchPhrases } from "./lexical.ts";
import type { SourceLines } from "./pin.ts";
import { chunksNamed } from "./symbol-index.ts";
import { TYPE_KINDS } from "./uses.ts";

/** Candidates checked for a pasted snippet: its lines are rarer than a phrase of prose. */
const SNIPPET_CANDIDATES = 200;

/**
 * Pasted code: the innermost chunks whose lines hold every code line of it (case and whitespace aside), else those
 * holding its longest line; each focused on where that line starts. Candidates come from the lexical index's phrase
 * matches of each line's terms, so a snippet costs one FTS query and a read of the candidates' files.
 */
export function snippetLead(snapshot: Snapshot, query: string, sourceLines: SourceLines, focus?: Map<number, number>): Map<number, number> {
  const lines = snippetLines(query);
  const lead = new Map<number, number>();
  if (lines.length === 0) return lead;
  for (const wanted of lines.length > 1 ? [lines, lines.slice(0, 1)] : [lines]) {
    const candidates = matchPhrases(snapshot, wanted.map((line) => termsOf(line)), SNIPPET_CANDIDATES);
    const files = new Map<string, readonly string[] | undefined>();
    const found: { index: number; line: number; span: number }[] = [];
    for (const i of candidates) {
      const c = snapshot.chunks.at(i)!;
      if (!files.has(c.path)) files.set(c.path, sourceLines(c.path));
      const body = files.get(c.path)?.slice(c.startLine - 1, c.endLine).map(compactCode);
      if (!body) continue;
      const text = body.join("");
      if (!wanted.every((line) => text.includes(compactCode(line)))) continue;
      // Focus on the first line of the snippet the chunk holds on a line of its own.
      const at = Math.min(...wanted.map((line) => body.findIndex((l) => l.includes(compactCode(line)))).filter((k) => k >= 0));
      found.push({ index: i, line: Number.isFinite(at) ? c.startLine + at : c.startLine, span: c.endLine - c.startLine });
    }
    if (found.length === 0) continue;
    // The innermost holder first: a method before a type whose text lists the method's signature.
    found.sort((a, b) => a.span - b.span);
    found.forEach((f, k) => {
      lead.set(f.index, -k);
      if (focus && !focus.has(f.index)) focus.set(f.index, f.line);
    });
    return lead;
  }
  // A Rust impl header is in no chunk (its methods are): pasted, it asks for what the impl declares.
  const header = lines.length === 1 ? RUST_IMPL_HEADER.exec(lines[0]!) : null;
  if (header) rustImplDeclarations(snapshot, header[1], header[2]!).forEach((i, k) => lead.set(i, -k));
  return lead;
}

/**
 * What a pasted impl header asks for: an inherent one (`impl<K, V> LruCache<K, V> {`) its type; a trait impl's
 * (`impl fmt::Debug for LruCache<K, V>`) that impl's methods, whose signatures start with the header: the trait as
 * pasted (`From<io::Error>`, path aside), else by name alone (`From`: every From impl of the type).
 */
function rustImplDeclarations(snapshot: Snapshot, trait: string | undefined, type: string): number[] {
  const chunks = snapshot.chunks;
  if (trait === undefined) {
    const lower = type.toLowerCase();
    return chunksNamed(snapshot, [lower]).get(lower)!.filter((i) => TYPE_KINDS.has(chunks.kindAt(i)) && chunks.nameAt(i) === type);
  }
  const pasted = `${compactCode(trait).split("::").pop()}for`;
  const traitName = compactCode(trait).replace(/<.*$/, "").split("::").pop()!;
  const methods: { index: number; signature: string }[] = [];
  for (let i = 0; i < chunks.length; i++) {
    if (chunks.kindAt(i) !== "Method" || !chunks.pathAt(i).endsWith(".rs") || !`.${chunks.qualifierAt(i) ?? ""}`.endsWith(`.${type}`)) continue;
    const signature = compactCode(withDetails(snapshot, chunks.at(i)!).signature);
    if (signature.startsWith("impl")) methods.push({ index: i, signature });
  }
  const exact = methods.filter((m) => m.signature.includes(pasted));
  const named = methods.filter((m) => new RegExp(`(?:^impl|::|>)${traitName}\\b`).test(m.signature.replace(/^impl<[^>]*>/, "impl")));
  return (exact.length > 0 ? exact : named).map((m) => m.index);
}

/**
 * `impl<K: Hash, V> LruCache<K, V> {`, `impl fmt::Display for Error {`, `impl crate::storage::Store {`: the trait
 * (for a trait impl) and the type's simple name.
 */
const RUST_IMPL_HEADER = /^\s*(?:unsafe\s+)?impl\b(?:\s*<[^{]*?>)?\s+(?:([\w:]+(?:<[^{]*?>)?)\s+for\s+)?&?(?:'\w+\s+)?(?:mut\s+)?(?:\w+::)*(\w+)\s*(?:<[^{]*>)?\s*(?:where\b[^{]*)?\{?\s*$/;
