// Worker thread body: prepares batches of files (read, hash, chunk, lexical terms) so chunking uses every core.
import { createChunker } from "../chunk/chunker.ts";
import { prepareFile, type FileJob } from "./prepare-file.ts";

declare const self: Worker;

const chunker = createChunker();

self.onmessage = async (event: MessageEvent<{ batch: number; jobs: FileJob[] }>) => {
  const c = await chunker;
  const { batch, jobs } = event.data;
  self.postMessage({ batch, outcomes: jobs.map((job) => prepareFile(job, c)) });
};
