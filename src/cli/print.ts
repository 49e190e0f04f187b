// Human-readable printers for CLI results; `--json` bypasses them.
import { describeVectorWeight, type ChunkView, type FindSymbolView, type OutlineNode, type OutlineView, type ReferencesView, type ReindexView, type SearchView, type StatusView, type TypeOutlineView } from "../ops/views.ts";

export function formatSearch(view: SearchView): string {
  const out: string[] = [];
  if (view.hits.length === 0) out.push(`No results for ${JSON.stringify(view.query)}.`);
  view.hits.forEach((h, i) => {
    out.push(`${i + 1}. ${h.symbol}  [${h.kind}]  score ${h.score.toFixed(4)}`);
    out.push(`   ${h.path}:${h.start_line}-${h.end_line}   id ${h.id}${h.excerpt_may_be_stale ? "   (file changed since indexing)" : ""}`);
    // Marked as what it is, not as one language writes it (`///` read as C# to a Go or Python user).
    if (h.doc) out.push(`   doc: ${h.doc.length > 160 ? `${h.doc.slice(0, 157)}...` : h.doc}`);
    // The line the query pointed at (a trace frame's, a use's) is marked with ">".
    h.excerpt.split("\n").forEach((line, k) => out.push(`   ${String(h.excerpt_start_line + k).padStart(5)} ${h.focus_line === h.excerpt_start_line + k ? ">" : "|"} ${line}`));
  });
  return out.join("\n");
}

export function formatChunk(view: ChunkView): string {
  const where = `${view.path}:${view.start_line}-${view.end_line}`;
  // A fragment's symbol is its location already.
  const title = view.symbol === where ? `[${view.kind}]` : `${view.symbol}  [${view.kind}]`;
  const head = `${title}\n${where}${view.body_may_be_stale ? "  (file changed since indexing)" : ""}`;
  return `${head}\n\n${view.body}${view.truncated ? `\n… ${view.truncated.note}` : ""}`;
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return "?";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function formatStatus(views: StatusView[]): string {
  return views
    .map((s) => {
      const lines = [`${s.project_id}  ${s.project_root}`];
      if (s.error) {
        lines.push(`  error: ${s.error}`);
        return lines.join("\n");
      }
      lines.push(`  ${s.file_count} files, ${s.chunk_count} chunks, generation ${s.generation}, built ${s.built_at_utc ?? "never"}`);
      if (s.note) lines.push(`  ${s.note}`);
      lines.push(`  cache ${s.cache_directory} (${size(s.cache_size_bytes)})`);
      const skipped = describeSkipped(s.skipped_files);
      if (skipped) lines.push(`  skipped: ${skipped}`);
      const b = s.embedding_backend;
      if (b?.provider === "none") lines.push("  embeddings: none (lexical and symbol ranking only)");
      else if (b) {
        const model = s.model ? ` ${s.model}${s.dimensions ? ` ${s.dimensions}d` : ""}` : "";
        lines.push(`  embeddings: ${b.provider}${model}, ${s.pending_embeddings ?? 0} pending${b.ok ? "" : ` — ${b.message}`}`);
      }
      if (s.embedding_stopped) lines.push(`  embedding stopped: ${s.embedding_stopped}`);
      if (s.vector_weight) lines.push(`  vector weight: ${describeVectorWeight(s.vector_weight)}`);
      return lines.join("\n");
    })
    .join("\n");
}

/** "2 generated, 1 binary", or "" when nothing was skipped. */
function describeSkipped(counts: Record<string, number> | undefined): string {
  return Object.entries(counts ?? {})
    .map(([reason, n]) => `${n} ${reason}`)
    .join(", ");
}

export function formatBuild(views: ReindexView[]): string {
  return views
    .map((v) => {
      const skipped = describeSkipped(v.skipped_files);
      const skips = skipped ? `, skipped ${skipped}` : "";
      return `${v.project_id}: ${v.file_count} files${skips}, ${v.chunk_count} chunks, ${v.texts_embedded} embedded, ${v.pending_embeddings} pending, generation ${v.generation}, ${v.duration_ms} ms`;
    })
    .join("\n");
}

function outlineLines(nodes: readonly OutlineNode[], depth: number, out: string[], parent?: string): void {
  for (const n of nodes) {
    const pad = "  ".repeat(depth);
    // A member qualified by more than its parent (a Java enum constant's own method, `OrderStatus.PENDING.allowedNext`)
    // says by what: its signature alone reads like its siblings'.
    const between = parent !== undefined && n.symbol.startsWith(`${parent}.`) ? n.symbol.slice(parent.length + 1).split(".").slice(0, -1).join(".") : "";
    if (n.kind === "Namespace") out.push(`${pad}namespace ${n.symbol}`);
    else out.push(`${pad}${between ? `${between}: ` : ""}${n.signature ?? n.symbol}  [${n.kind}]  ${n.start_line}-${n.end_line}  id ${n.id}`);
    if (n.members) outlineLines(n.members, depth + 1, out, n.kind === "Namespace" ? undefined : n.symbol);
  }
}

export function formatOutline(view: OutlineView): string {
  const out: string[] = [];
  out.push(`${view.project}: ${view.path}  (${view.count} declaration${view.count === 1 ? "" : "s"})${view.file_may_be_stale ? "  (file changed since indexing)" : ""}`);
  outlineLines(view.declarations, 1, out);
  return out.join("\n");
}

export function formatTypeOutline(view: TypeOutlineView): string {
  const out: string[] = [];
  out.push(`${view.type}: ${view.part_count} file${view.part_count === 1 ? "" : "s"}  (${view.count} declaration${view.count === 1 ? "" : "s"})`);
  for (const part of view.parts) {
    out.push(`${part.project}: ${part.path}${part.file_may_be_stale ? "  (file changed since indexing)" : ""}`);
    outlineLines(part.declarations, 1, out);
  }
  return out.join("\n");
}

export function formatFindSymbol(view: FindSymbolView): string {
  const out: string[] = [];
  if (view.hits.length === 0) out.push(`No declaration matches "${view.name}".`);
  view.hits.forEach((h, i) => {
    out.push(`${i + 1}. ${h.symbol}  [${h.kind}]  ${h.match}`);
    out.push(`   ${h.path}:${h.start_line}-${h.end_line}   id ${h.id}`);
    out.push(`   | ${h.signature}`);
  });
  return out.join("\n");
}

export function formatReferences(view: ReferencesView): string {
  const out: string[] = [];
  out.push(
    view.total === 0
      ? `No references to "${view.name}" (name-based: identifiers outside comments and strings).`
      : `${view.count} of ${view.total} references to "${view.name}" (name-based, no type resolution)`,
  );
  for (const f of view.files) {
    out.push(`${f.project}: ${f.path}${f.excerpts_may_be_stale ? "  (file changed since indexing)" : ""}`);
    // Two uses on one line (`A.Create(B.Create())`) would print the same line twice: their receivers tell them apart.
    const onLine = new Map<number, number>();
    for (const r of f.references) onLine.set(r.line, (onLine.get(r.line) ?? 0) + 1);
    for (const r of f.references) {
      const where = r.enclosing_symbol ? `  in ${r.enclosing_symbol}` : "";
      const via = onLine.get(r.line)! > 1 ? `  via ${r.qualifier ?? "(no receiver)"}` : "";
      out.push(`  ${String(r.line).padStart(5)}  ${r.match.padEnd(9)} ${r.excerpt}${via}${where}`);
    }
  }
  return out.join("\n");
}
