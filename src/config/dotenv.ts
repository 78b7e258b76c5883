/**
 * `.env` support (docs/configuration.md): `KEY=VALUE` lines, `#` comments, an optional `export `
 * prefix, single quotes (literal) and double quotes (with `\n`-style escapes, may span lines).
 * Loading never overrides a variable the process already has, and never writes the process
 * environment: the values are returned, and the command reads them through its injected
 * environment getter (`overlayEnv`). Parsing is one pass over the
 * text; a file that is not UTF-8 text, holds a NUL byte or leaves a quote open is a
 * `DotenvError` at its line and column, and a `.env` that is a directory (a Python virtualenv)
 * is skipped with a warning.
 *
 * @module
 */
import { DotenvError } from "./errors.ts";

/** Reads one variable of the environment the file is loaded over (`undefined` when unset). */
export type EnvLookup = (key: string) => string | undefined;

/** What `loadDotenv` did. */
export interface DotenvResult {
  /** The file read (or looked for). */
  path: string;
  /** false when there is no file at `path` (not an error), or when it is a directory. */
  found: boolean;
  /** Keys the file adds (the environment does not have them), in file order. */
  loaded: string[];
  /** The values of `loaded`. */
  values: Record<string, string>;
  /** Keys left alone because the environment already had them. */
  kept: string[];
  /** One line for the user when the path was skipped (a directory); else absent. */
  warning?: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  r: "\r",
  t: "\t",
  '"': '"',
  "\\": "\\",
  $: "$",
};

const isSpace = (c: string | undefined) => c !== undefined && c !== "\n" && /\s/.test(c);
const isKeyStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isKeyChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_.]/.test(c);

/** A cursor over the text that knows the line it is on, for error positions. */
interface Cursor {
  readonly text: string;
  readonly file: string;
  /** 1-based line of `lineStart`. */
  line: number;
  /** Index of the first character of the current line. */
  lineStart: number;
}

/**
 * Parses `.env` text into ordered key/value pairs. Lines that are not assignments are skipped;
 * a later assignment of the same key wins. Throws `DotenvError` (named after `file`) for a NUL
 * byte or a quote that is never closed.
 *
 * @example
 * ```ts
 * parseDotenv('export A=1 # note\nB="x\\ny"'); // { A: "1", B: "x\ny" }
 * ```
 */
export function parseDotenv(text: string, file = ".env"): Record<string, string> {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const nul = src.indexOf("\0");
  if (nul >= 0) {
    const { line, col } = positionOf(src, nul);
    throw new DotenvError(file, line, col, "a NUL byte: a .env file must be plain text");
  }
  const out: Record<string, string> = {};
  const cur: Cursor = { text: src, file, line: 1, lineStart: 0 };
  while (cur.lineStart <= src.length) {
    const next = parseLine(cur, out);
    if (next < 0) break;
    cur.line++;
    cur.lineStart = next;
  }
  return out;
}

/**
 * Reads the assignment starting at `cur.lineStart` into `out` (if the line is one) and returns
 * where the next line starts (-1 at the end). A quoted value may cover several lines; `cur.line`
 * then advances past them.
 */
function parseLine(cur: Cursor, out: Record<string, string>): number {
  const src = cur.text;
  const eolAt = src.indexOf("\n", cur.lineStart);
  const eol = eolAt < 0 ? src.length : eolAt;
  const nextLine = eolAt < 0 ? -1 : eolAt + 1;
  let i = skipSpaces(src, cur.lineStart, eol);
  if (src.startsWith("export", i) && isSpace(src[i + 6])) {
    const afterExport = skipSpaces(src, i + 6, eol);
    // `export = 1` assigns a variable named `export`.
    if (isKeyStart(src[afterExport])) i = afterExport;
  }
  if (!isKeyStart(src[i])) return nextLine;
  let k = i + 1;
  while (k < eol && isKeyChar(src[k])) k++;
  const key = src.slice(i, k);
  const eq = skipSpaces(src, k, eol);
  if (src[eq] !== "=") return nextLine;
  const v = skipSpaces(src, eq + 1, eol);
  const quote = src[v];
  if (quote !== '"' && quote !== "'") {
    out[key] = unquotedValue(src.slice(v, eol));
    return nextLine;
  }
  const close = closingQuote(src, v + 1, quote);
  if (close < 0) {
    const kind = quote === '"' ? "double" : "single";
    throw new DotenvError(
      cur.file,
      cur.line,
      v - cur.lineStart + 1,
      `unterminated ${kind} quote: the value of ${key} is never closed`,
    );
  }
  const raw = src.slice(v + 1, close).replace(/\r\n/g, "\n");
  out[key] = quote === '"' ? unescapeDouble(raw) : raw;
  // Text after the closing quote (a comment) is ignored up to the end of its line.
  for (let j = v; j < close; j++) if (src[j] === "\n") cur.line++;
  const after = src.indexOf("\n", close);
  return after < 0 ? -1 : after + 1;
}

function skipSpaces(src: string, from: number, end: number): number {
  let i = from;
  while (i < end && isSpace(src[i])) i++;
  return i;
}

/** An unquoted value: up to a `#` that starts the value or follows whitespace, trimmed. */
function unquotedValue(rest: string): string {
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "#" && (i === 0 || /\s/.test(rest[i - 1]))) return rest.slice(0, i).trim();
  }
  return rest.trim();
}

/** Index of the quote closing a value that starts at `from`, or -1; `\` escapes in `"…"`. */
function closingQuote(src: string, from: number, quote: string): number {
  if (quote === "'") return src.indexOf("'", from);
  for (let i = from; i < src.length; i++) {
    if (src[i] === "\\") i++;
    else if (src[i] === '"') return i;
  }
  return -1;
}

function unescapeDouble(s: string): string {
  return s.replace(/\\(.)/g, (all, c: string) => ESCAPES[c] ?? all);
}

/** 1-based line and column (UTF-16 units) of `index` in `text`. */
function positionOf(text: string, index: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: index - lineStart + 1 };
}

/**
 * Decodes UTF-8 strictly: an invalid sequence is a `DotenvError` at its line and column (a
 * lenient decode would silently turn it into U+FFFD and load a value the file never held).
 */
function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const lossy = new TextDecoder("utf-8").decode(bytes);
    // Up to the first invalid sequence the lenient decode is exact, so byte offsets line up.
    let offset = 0;
    let index = 0;
    for (const ch of lossy) {
      const cp = ch.codePointAt(0)!;
      const genuine = cp !== 0xfffd ||
        (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd);
      if (!genuine) break;
      offset += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      index += ch.length;
    }
    const { line, col } = positionOf(lossy, index);
    throw new DotenvError(file, line, col, "invalid UTF-8: a .env file must be UTF-8 text");
  }
}

/**
 * Reads a `.env` file over the environment `env`: the variables `env` does not have yet come
 * back in `values` (an existing variable always wins). A missing file is fine (`found: false`);
 * a directory is skipped with a `warning`; anything else that keeps the file from loading is a
 * `DotenvError`.
 *
 * @example
 * ```ts
 * const base = (k: string) => Deno.env.get(k);
 * const dotenv = await loadDotenv(base("BAJUTSU_DOTENV") ?? ".env", base);
 * const env = overlayEnv(base, dotenv.values);
 * ```
 */
export async function loadDotenv(path: string, env: EnvLookup): Promise<DotenvResult> {
  const nothing = { path, found: false, loaded: [], kept: [], values: {} };
  let bytes: Uint8Array;
  try {
    if ((await Deno.stat(path)).isDirectory) {
      return {
        ...nothing,
        warning:
          `${path} is a directory, not a .env file: not loaded (set BAJUTSU_DOTENV to load another file)`,
      };
    }
    bytes = await Deno.readFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return nothing;
    throw new DotenvError(
      path,
      0,
      0,
      `cannot read the file: ${err instanceof Error ? err.message : err}`,
    );
  }
  const parsed = parseDotenv(decodeUtf8(bytes, path), path);
  const loaded: string[] = [];
  const kept: string[] = [];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (env(key) !== undefined) {
      kept.push(key);
    } else {
      values[key] = value;
      loaded.push(key);
    }
  }
  return { path, found: true, loaded, kept, values };
}

/**
 * The environment `base` with `values` added where `base` has no value.
 *
 * @example
 * ```ts
 * const env = overlayEnv((k) => Deno.env.get(k), { API_TOKEN: "from .env" });
 * env("API_TOKEN"); // the process's own value when it has one, else "from .env"
 * ```
 */
export function overlayEnv(base: EnvLookup, values: Record<string, string>): EnvLookup {
  return (key) => base(key) ?? (Object.hasOwn(values, key) ? values[key] : undefined);
}
