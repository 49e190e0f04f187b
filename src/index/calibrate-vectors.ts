// Measures the vector weight of a project (src/search/calibration.ts) with its embedding backend: reads the sampled
// declarations' code from disk, embeds each without its doc comment, and each doc comment as a query.
import { embedText } from "../chunk/embed-text.ts";
import type { Embedder } from "../embed/embedder.ts";
import { calibrateVectorWeight, calibrationSample, codeWithoutDoc, CALIBRATION_VERSION, MIN_CALIBRATION_PAIRS, type CalibrationPair, type VectorCalibration } from "../search/calibration.ts";
import { queryTerms, termsOf } from "../text/tokens.ts";
import type { DetailedChunk } from "../types.ts";
import { readRedactedLines } from "../ops/source-lines.ts";

export type CalibrationOutcome = { calibration: VectorCalibration } | { skipped: string };

/** What one measurement is valid for: the model, its size and query prefix, and the method's version. */
export function calibrationKey(embedder: Embedder): string {
  return JSON.stringify([embedder.provider, embedder.model, embedder.dimensions, embedder.queryInstruction ?? "", CALIBRATION_VERSION]);
}

export async function measureVectorCalibration(
  root: string,
  /** Documented chunks in the snapshot's order (path, then line): their order breaks ties in the sample. */
  chunks: Iterable<DetailedChunk>,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<CalibrationOutcome> {
  // Redacted, as everything sent to the backend is; each file read once however many of its declarations are sampled.
  const linesByPath = new Map<string, string[] | undefined>();
  const linesOf = (path: string) => {
    if (!linesByPath.has(path)) linesByPath.set(path, readRedactedLines(root, path));
    return linesByPath.get(path);
  };
  const sample: { chunk: DetailedChunk; code: string }[] = [];
  let index = 0;
  const numbered = (function* () {
    for (const c of chunks) yield { ...c, index: index++ };
  })();
  for (const chunk of calibrationSample(numbered)) {
    const lines = linesOf(chunk.path);
    if (!lines) continue;
    const code = codeWithoutDoc(lines.slice(chunk.startLine - 1, chunk.endLine), chunk.doc!);
    if (code.trim().length > 0) sample.push({ chunk, code });
  }
  if (sample.length < MIN_CALIBRATION_PAIRS) {
    return { skipped: `only ${sample.length} documented declaration(s), ${MIN_CALIBRATION_PAIRS} needed` };
  }
  const texts = sample.map(({ chunk: c, code }) => embedText({ path: c.path, symbol: c.symbol, kind: c.kind, signature: c.signature, content: code }));
  const codeVectors = await embedder.embedDocuments(texts, signal);
  const docs = sample.map(({ chunk }) => chunk.doc!);
  const queryVectors = await embedQueries(embedder, docs, signal);
  const pairs: CalibrationPair[] = docs.map((doc, i) => ({ queryVector: queryVectors[i]!, codeVector: codeVectors[i]!, queryTerms: queryTerms(doc), codeTerms: termsOf(texts[i]!) }));
  return { calibration: calibrateVectorWeight(pairs) };
}

/**
 * Queries in batches: a query is embedded as the instruction followed by the text, so with a known instruction the
 * batched requests are the ones `embedQuery` would send one by one (64 round trips to a remote API add up).
 */
async function embedQueries(embedder: Embedder, queries: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const instruction = embedder.queryInstruction;
  if (instruction !== undefined) return embedder.embedDocuments(queries.map((q) => instruction + q), signal);
  const vectors: Float32Array[] = [];
  for (const q of queries) vectors.push(await embedder.embedQuery(q, signal));
  return vectors;
}
