// Parses a config file's text: JSON plus what .NET's appsettings.json reader also accepts (a UTF-8 BOM,
// `//` and `/* */` comments, trailing commas), so a seed-server config file loads unchanged.
// Unlike JSON.parse it reports where it failed (line and column, 1-based) and rejects duplicate keys,
// which JSON.parse would silently resolve to the last one.

export class JsonSyntaxError extends Error {
  constructor(
    readonly problem: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${problem} at line ${line}, column ${column}`);
    this.name = "JsonSyntaxError";
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Objects and lists inside each other, at most: a config needs four; ten thousand overflowed the stack (RangeError). */
export const MAX_JSON_DEPTH = 512;

export function parseJsonc(text: string): unknown {
  return new Parser(text).parseDocument();
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  parseDocument(): unknown {
    this.skipTrivia();
    if (this.pos >= this.text.length) this.fail("the file is empty; expected a JSON object");
    const value = this.parseValue();
    this.skipTrivia();
    if (this.pos < this.text.length) this.fail(`unexpected ${this.describeHere()} after the end of the JSON value`);
    return value;
  }

  private parseValue(): unknown {
    const c = this.text[this.pos];
    if (c === "{") return this.parseObject();
    if (c === "[") return this.parseArray();
    if (c === '"') return this.parseString();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.parseNumber();
    for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.fail(`expected a value, found ${this.describeHere()}`);
  }

  private parseObject(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.enter();
    this.pos++; // {
    this.skipTrivia();
    while (this.text[this.pos] !== "}") {
      if (this.text[this.pos] !== '"') this.fail(`expected a quoted property name or "}", found ${this.describeHere()}`);
      const keyStart = this.pos;
      const key = this.parseString();
      if (seen.has(key)) this.fail(`duplicate key "${key}"`, keyStart);
      seen.add(key);
      this.skipTrivia();
      if (this.text[this.pos] !== ":") this.fail(`expected ":" after "${key}", found ${this.describeHere()}`);
      this.pos++;
      this.skipTrivia();
      // defineProperty, not assignment: a "__proto__" key must stay an ordinary (and then rejected) key.
      Object.defineProperty(result, key, { value: this.parseValue(), enumerable: true, writable: true, configurable: true });
      this.skipTrivia();
      if (this.text[this.pos] === ",") {
        this.pos++;
        this.skipTrivia();
      } else if (this.text[this.pos] !== "}") {
        this.fail(`expected "," or "}", found ${this.describeHere()}`);
      }
    }
    this.pos++; // }
    this.depth--;
    return result;
  }

  private parseArray(): unknown[] {
    const result: unknown[] = [];
    this.enter();
    this.pos++; // [
    this.skipTrivia();
    while (this.text[this.pos] !== "]") {
      if (this.pos >= this.text.length) this.fail(`expected a value or "]", found ${this.describeHere()}`);
      result.push(this.parseValue());
      this.skipTrivia();
      if (this.text[this.pos] === ",") {
        this.pos++;
        this.skipTrivia();
      } else if (this.text[this.pos] !== "]") {
        this.fail(`expected "," or "]", found ${this.describeHere()}`);
      }
    }
    this.pos++; // ]
    this.depth--;
    return result;
  }

  private parseString(): string {
    const start = this.pos;
    this.pos++; // opening quote
    let out = "";
    let runStart = this.pos;
    for (;;) {
      const code = this.text.charCodeAt(this.pos);
      if (Number.isNaN(code)) this.fail("unterminated string", start);
      if (code === 0x22) break;
      if (code < 0x20) this.fail("unescaped control character in a string (write a line break as \\n)");
      if (code !== 0x5c) {
        this.pos++;
        continue;
      }
      out += this.text.slice(runStart, this.pos);
      const e = this.text[this.pos + 1] ?? "";
      if (e === "u") {
        const hex = this.text.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape (expected four hex digits)");
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.pos += 6;
      } else {
        const decoded = ESCAPES[e];
        if (decoded === undefined) this.fail(`invalid escape "\\${e}" in a string (write a backslash as \\\\)`);
        out += decoded;
        this.pos += 2;
      }
      runStart = this.pos;
    }
    out += this.text.slice(runStart, this.pos);
    this.pos++; // closing quote
    return out;
  }

  private parseNumber(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (match === null) return this.fail(`invalid number`);
    this.pos += match[0].length;
    return Number(match[0]);
  }

  private skipTrivia(): void {
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") this.pos++;
      else if (c === "/" && t[this.pos + 1] === "/") {
        const end = t.indexOf("\n", this.pos);
        this.pos = end === -1 ? t.length : end;
      } else if (c === "/" && t[this.pos + 1] === "*") {
        const end = t.indexOf("*/", this.pos + 2);
        if (end === -1) this.fail("unterminated /* comment");
        this.pos = end + 2;
      } else return;
    }
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return "the end of the file";
    return JSON.stringify(this.text.slice(this.pos, this.pos + 1));
  }

  /** One level deeper (an object or list opens at pos); refused past MAX_JSON_DEPTH. */
  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH} levels (objects and lists inside each other)`);
  }

  private fail(problem: string, at = this.pos): never {
    let line = 1;
    let lineStart = this.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    for (let i = lineStart; i < at && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    throw new JsonSyntaxError(problem, line, at - lineStart + 1);
  }
}
