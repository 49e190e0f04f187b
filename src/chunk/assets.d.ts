// Module shapes for the asset imports the chunker embeds (`with { type: "file" }` / `{ type: "text" }`).
declare module "*.wasm" {
  /** Path to the file on disk, or inside the compiled binary's virtual filesystem. */
  const path: string;
  export default path;
}

declare module "*.scm" {
  /** The query source text. */
  const source: string;
  export default source;
}
