// XML doc comments (`///` lines or `/** */`) to plain text: tags stripped, references kept as names.

const DOC_TAG =
  /<\/?(?:summary|remarks|returns|value|para|c|code|example|list|listheader|item|term|description|include|inheritdoc|permission|note|b|i|u|em|strong|br|a|p|param|typeparam|exception|see|seealso|paramref|typeparamref)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: " " };

/** True for comment text that is a documentation comment rather than an ordinary one. */
export function isDocComment(comment: string): boolean {
  return (comment.startsWith("///") && !comment.startsWith("////")) || (comment.startsWith("/**") && comment !== "/**/");
}

/** Removes the comment markers, keeping the XML inside. */
function stripMarkers(comment: string): string {
  if (comment.startsWith("/**")) {
    return comment
      .replace(/^\/\*\*/, "")
      .replace(/\*\/$/, "")
      .split("\n")
      .map((line) => line.replace(/^\s*\*(?!\/)/, ""))
      .join("\n");
  }
  return comment
    .split("\n")
    .map((line) => line.replace(/^\s*\/\/\/?/, ""))
    .join("\n");
}

/** A cref like `T:System.String` or `M:Foo.Bar(System.Int32)` reads better without the kind prefix. */
function crefName(cref: string): string {
  return cref.replace(/^[A-Z]:/, "");
}

function attr(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Converts the raw text of one or more doc comments to plain text; undefined if nothing remains. */
export function docCommentText(raw: string): string | undefined {
  let xml = stripMarkers(raw);
  // Named blocks read as "name: text" so parameter docs stay attached to their parameter.
  xml = xml.replace(/<(param|typeparam)\b([^>]*)>/gi, (_m, _tag: string, attributes: string) => {
    const name = attr(attributes, "name");
    return name ? ` ${name}: ` : " ";
  });
  xml = xml.replace(/<exception\b([^>]*?)\/?>/gi, (_m, attributes: string) => {
    const cref = attr(attributes, "cref");
    return cref ? ` ${crefName(cref)}: ` : " ";
  });
  // A reference with its own text reads as that text; `seealso` keeps its target too.
  xml = xml.replace(/<(see|seealso)\b([^>]*?[^/>])>([\s\S]*?)<\/\1\s*>/gi, (_m, tag: string, attributes: string, inner: string) => {
    const target = attr(attributes, "cref") ?? attr(attributes, "href");
    return tag.toLowerCase() === "seealso" && target ? ` ${crefName(target)}: ${inner} ` : inner;
  });
  // Self-closing references become the name they point at.
  xml = xml.replace(/<(see|seealso|paramref|typeparamref)\b([^>]*?)\/?>/gi, (_m, _tag: string, attributes: string) => {
    const target = attr(attributes, "cref") ?? attr(attributes, "name") ?? attr(attributes, "langword") ?? attr(attributes, "href");
    return target ? crefName(target) : "";
  });
  // Every other doc tag is structure only; a space keeps words from neighbouring blocks apart.
  // Unknown tags stay: they are usually generics written unescaped (`Task<bool>`).
  xml = xml.replace(DOC_TAG, " ");
  xml = xml.replace(/&(lt|gt|amp|quot|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? "");
  xml = xml.replace(/&#(x[0-9a-fA-F]{1,6}|\d{1,7});/g, (_m, code: string) => {
    const point = code.startsWith("x") ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return point <= 0x10ffff ? String.fromCodePoint(point) : "";
  });
  const text = xml.replace(/\s+/g, " ").trim();
  // Collapsing leaves "word ." where a tag sat before punctuation.
  const tidy = text.replace(/ ([.,;:!?)])/g, "$1").replace(/\( /g, "(");
  return tidy === "" ? undefined : tidy;
}
