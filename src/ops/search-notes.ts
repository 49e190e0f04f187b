// What a search says about its own results: why it found nothing, or only weak matches, as warnings an agent can
// act on (a name nothing declares, common words only, an extension not indexed, filters that leave nothing).
import type { ProjectIndex } from "../index/project-index.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { filteredFiles, searchSnapshot } from "../search/search.ts";
import { similarNames } from "../search/definitions.ts";
import { isDeclaredName } from "../search/symbol.ts";
import { ambiguousUsage, askedName, hasTests, qualifiedUses, typedName } from "../search/uses-lead.ts";
import { normalizeForPhrase, queryTerms, quotedTexts } from "../text/tokens.ts";
import { echo } from "../text/echo.ts";
import { wholeWord } from "../text/whole-word.ts";
import { startsLikeMessage } from "../text/message.ts";
import { snippetLines } from "../text/snippet.ts";
import { traceFrames } from "../text/trace.ts";
import type { CommandNames } from "./command-names.ts";
import type { SearchParams } from "./workspace.ts";

export interface SearchedProjects {
  query: string;
  params: SearchParams;
  /** The projects searched, with the snapshot each answered from. */
  searched: readonly { index: ProjectIndex; snapshot: Snapshot }[];
  /** The path filter as each project reads it (null: outside that project). */
  pathFilters: ReadonlyMap<ProjectIndex, string | null | undefined>;
  hits: number;
  /** Each hit's source lines, read only when a note needs them (a quoted phrase). */
  hitLines: () => (readonly string[] | undefined)[];
  severalProjects: boolean;
  names: CommandNames;
}

/** Why a query has no index terms: it is single characters and symbols only, or common words only. */
function noTermsNote(query: string): string {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.every((word) => word.length < 2)) {
    return "The query has no word of two or more letters or digits (single characters and symbols are not indexed); search for a word or a name from the code, such as a method or type name.";
  }
  return "The query has only common words (such as how, do, the, with), which are not indexed; add a word or name from the code you look for.";
}

/** How much of a quoted phrase a note repeats. */
const PHRASE_ECHO_CHARS = 60;

/** The quoted phrases (normalised) that no hit's lines say word for word. */
function phrasesNoHitSays(query: string, hitLines: readonly (readonly string[] | undefined)[]): string[] {
  const phrases = quotedTexts(query);
  if (phrases.length === 0) return [];
  const texts = hitLines.map((lines) => normalizeForPhrase((lines ?? []).join("\n")));
  return phrases.filter((phrase) => !texts.some((text) => text.includes(phrase)));
}

/** Warnings that explain the hits (or their absence); the query itself is never echoed. */
export function resultNotes(s: SearchedProjects): string[] {
  const { query, params, searched } = s;
  const notes: string[] = [];
  if (searched.length > 0 && searched.every(({ snapshot }) => !namesCode(snapshot, query))) {
    const name = codeIdentifier(query)!;
    const close = closeNamesNote(searched.map(({ snapshot }) => snapshot), name);
    // A name said only as text (a SQL table in a string, an event name): the hits that say it come first.
    const word = wholeWord(name, "_$", "iu");
    const saidAsText = s.hits > 0 && s.hitLines().some((lines) => word.test((lines ?? []).join("\n")));
    const hits = saidAsText ? "; the first hits say it in strings or comments" : s.hits > 0 ? "; the hits share only parts of it" : "";
    notes.push(`Nothing${s.severalProjects ? " in any project" : ""} declares or uses this name in code${hits}.${close ? ` ${close}` : ""}`);
  }
  const filtered = (params.kinds?.length ?? 0) > 0 || !!params.path || !!params.codeOnly;
  let unfiltered: boolean | undefined;
  // Whether the query finds something without the filters (then they, not its words, emptied the answer).
  const hitsUnfiltered = () => (unfiltered ??= filtered && searched.some(({ snapshot }) => searchSnapshot(snapshot, { query, limit: 1 }).length > 0));
  if (s.hits === 0 && queryTerms(query).length === 0 && !hitsUnfiltered()) notes.push(noTermsNote(query));
  // Quotes in pasted code, a pasted message or a trace (Python's `File "…"`) are its own, not phrases the user asked for.
  const quotesAreAsks = snippetLines(query).length === 0 && !startsLikeMessage(query) && traceFrames(query).length === 0;
  const unsaid = s.hits > 0 && quotesAreAsks ? phrasesNoHitSays(query, s.hitLines()) : [];
  if (unsaid.length > 0) {
    const quoted = unsaid.map((text) => `"${echo(text, PHRASE_ECHO_CHARS)}"`).join(", ");
    notes.push(
      `No hit contains ${unsaid.length === 1 ? "the quoted phrase" : "the quoted phrases"} ${quoted} word for word, so these hits only share words with it: ` +
        "check its spelling and spacing, or drop the quotes to search by its words.",
    );
  }
  // "tests for OutboxPublisher" where no test uses it: the hits are other tests and code sharing its words. Only for a
  // name some project declares: "tests for discriminated unions" asks about words, not a declaration.
  const testsAsked = askedName(query, "tests");
  const declared = testsAsked?.slice(testsAsked.lastIndexOf(".") + 1).toLowerCase();
  if (testsAsked !== undefined && searched.some(({ snapshot }) => isDeclaredName(snapshot, declared!)) && searched.every(({ snapshot }) => !hasTests(snapshot, testsAsked))) {
    notes.push(`No test uses ${echo(testsAsked)}, and no test file is named for it: these hits only share words with the question.`);
  }
  const ambiguous = searched.map(({ snapshot }) => ambiguousUsage(snapshot, query)).find((a) => a !== undefined);
  if (ambiguous) {
    const { name, declarations } = ambiguous;
    const dot = name.lastIndexOf(".");
    notes.push(
      dot < 0
        ? `${declarations} declarations are named ${name}, too many to tell their uses apart by name, so these hits are ranked by the question's words: name the type (TypeName.${name}), or list every use with ${s.names.references} ${name}.`
        : `No use of ${name.slice(dot + 1)} has a receiver named like ${name.slice(0, dot)}, and ${declarations} declarations are named ${name.slice(dot + 1)}, too many to tell the other uses apart by name, so these hits are ranked by the question's words: ${s.names.references} ${name} lists every use, those inside ${name.slice(0, dot)} first.`,
    );
  }
  const fileType = /^[\w.\/\\-]+(\.[a-z0-9]{1,8})$/.exec(query)?.[1];
  // `EditorApplication.update` and `res.json` have the shape of a file name, but the code uses them as members: it
  // calls them so, or names both parts (`Command.action` declared in a class Command; `req.hostname` where req and
  // hostname are identifiers of the code).
  const usedAsMember = () => {
    const typed = typedName(query);
    if (typed?.qualifier === undefined) return false;
    const owner = typed.qualifier.slice(typed.qualifier.lastIndexOf(".") + 1);
    const inCode = (snapshot: Snapshot, word: string) => isDeclaredName(snapshot, word.toLowerCase()) || snapshot.db.hasIdentifier(word);
    return searched.some(({ snapshot }) => qualifiedUses(snapshot, typed.qualifier!, typed.name).length > 0 || (inCode(snapshot, owner) && inCode(snapshot, typed.name)));
  };
  if (fileType && searched.length > 0 && searched.every(({ index }) => !index.project.extensions.some((e) => e.toLowerCase() === fileType)) && !usedAsMember()) {
    const extensions = [...new Set(searched.flatMap(({ index }) => index.project.extensions))].join(" ");
    notes.push(`Files ending in ${fileType} are not indexed (extensions indexed: ${extensions}; Extensions in the config sets them).`);
  }
  if (s.hits > 0) return notes;
  const noFileMatches =
    !!params.path &&
    searched.every(({ index, snapshot }) => {
      const path = s.pathFilters.get(index);
      return path === null || (path !== undefined && filteredFiles(snapshot, path, 1) === 0);
    });
  if (noFileMatches) {
    notes.push(
      `No indexed file matches the path filter "${echo(params.path!)}" (it matches part of a path relative to the project root, e.g. "Runtime/", or a glob such as "**/*Tests.cs").`,
    );
  } else if (hitsUnfiltered()) {
    notes.push(`No hit passed the filters (${describeFilters(params)}); the query has hits without them.`);
  }
  return notes;
}

/** "Declared names close to it: …" for a name nothing declares (a typo, a guess), or undefined when none is close. */
export function closeNamesNote(snapshots: readonly Snapshot[], name: string): string | undefined {
  const close = [...new Set(snapshots.flatMap((snapshot) => similarNames(snapshot, name)))].slice(0, 3);
  return close.length > 0 ? `Declared names close to it: ${close.join(", ")}.` : undefined;
}

/** The name of a query that is one identifier written as code (see typedName), unless it is shaped as a file name. */
function codeIdentifier(query: string): string | undefined {
  if (/\.[a-z]{1,8}$/.test(query)) return undefined; // a file name ("Observable.Time.cs"), not a member
  return typedName(query)?.name;
}

/** Whether an identifier-shaped query is declared or referenced in the snapshot's code (any case). */
function namesCode(snapshot: Snapshot, query: string): boolean {
  const name = codeIdentifier(query);
  if (name === undefined) return true; // prose: nothing to check
  return isDeclaredName(snapshot, name.toLowerCase()) || snapshot.db.hasIdentifier(name);
}

function describeFilters(params: SearchParams): string {
  const parts: string[] = [];
  if (params.kinds && params.kinds.length > 0) parts.push(`kind ${params.kinds.join(", ")}`);
  if (params.path) parts.push(`path "${echo(params.path)}"`);
  if (params.codeOnly) parts.push("code only");
  return parts.join("; ");
}

