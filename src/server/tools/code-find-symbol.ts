// code_find_symbol: where a declaration is defined, by name (exact, qualified suffix, prefix, sub-words).
import { z } from "zod";
import { FIND_SYMBOL_LIMIT } from "../../ops/navigate.ts";
import { DECLARATION_KINDS } from "../../types.ts";
import { wrapUntrusted } from "../untrusted.ts";
import { asList, boundedInt, defineTool, oneOrList, operationHooks, PROJECT_DESCRIPTION, UNTRUSTED_NOTE, toJson } from "./tool.ts";

export const codeFindSymbol = defineTool({
  name: "code_find_symbol",
  title: "Find definition",
  description: [
    "Finds where a type or member is declared, by name: exact simple name first (\"Sign\"), then qualified suffix (\"Wallet.Sign\"), then case-insensitive prefix (\"Sig\"), then sub-word match (\"balance changes\" finds GetBalanceChanges).",
    "Use it when you know (part of) a name; use code_search when you only know the behaviour. Overloads and partial declarations are each listed.",
    `Returns {name, count, warning?, hits:[{id, project, path, start_line, end_line, kind, symbol, signature, doc?, match}]}, match being exact | qualified | prefix | words (exact-ignoring-case / qualified-ignoring-case when only the case differs), or enum-member (no declaration has the name: the enums with a member of it); at most \`limit\` hits (default ${FIND_SYMBOL_LIMIT.default}, ${FIND_SYMBOL_LIMIT.min}-${FIND_SYMBOL_LIMIT.max}).`,
    "The index is refreshed for changed files first. Pass a hit's id to code_get_chunk for the body, or its symbol to code_references for its uses.",
    UNTRUSTED_NOTE,
  ].join(" "),
  input: {
    name: z.string().describe("A declaration name: simple (\"Sign\"), qualified (\"Wallet.Sign\"), a prefix, or words (\"balance changes\")."),
    kind: oneOrList(DECLARATION_KINDS)
      .optional()
      .describe("Only these declaration kinds: one kind or a list."),
    project: z.string().optional().describe(PROJECT_DESCRIPTION),
    limit: boundedInt("limit", FIND_SYMBOL_LIMIT)
      .default(FIND_SYMBOL_LIMIT.default)
      .describe(`Number of hits, ${FIND_SYMBOL_LIMIT.min}-${FIND_SYMBOL_LIMIT.max} (default ${FIND_SYMBOL_LIMIT.default}).`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const view = await ctx.workspace.findSymbol({
      name: args.name,
      kinds: asList(args.kind),
      project: args.project,
      limit: args.limit,
    }, operationHooks(ctx));
    const { name, count, warning, hits } = view;
    return wrapUntrusted(toJson({ name, count, warning, hits }), `code-index:${args.project || "all"}`);
  },
});
