// Reads an evaluation question set (YAML): corpora, questions with expected files and line spans, irrelevant queries.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { parse } from "yaml";

const span = z.tuple([z.string(), z.number().int(), z.number().int()]);

const question = z.object({
  id: z.string(),
  corpus: z.string().optional(),
  question: z.string().min(1),
  kind: z.enum(["where", "multi", "howto"]).default("where"),
  files: z.array(z.string()).min(1),
  spans: z.array(span).default([]),
  note: z.string().optional(),
});

const questionSet = z.object({
  corpus: z.string().optional(),
  corpora: z.record(z.string(), z.object({ npm: z.string().optional(), root: z.string().default("") })).optional(),
  questions: z.array(question).min(1),
  irrelevant: z.array(z.string()).default([]),
});

export type Question = z.output<typeof question>;
export type QuestionSet = z.output<typeof questionSet>;

export function loadQuestionSet(file: string): QuestionSet {
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`Cannot read question set ${file}: ${(e as Error).message}`);
  }
  const result = questionSet.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Question set ${file} at ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  return result.data;
}

/** Package name of an npm spec such as "com.neuecc.unirx@7.1.0" or "@scope/pkg@1.0.0". */
export function npmPackageName(spec: string): string {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}
