/**
 * A fast reader for the YAML that scenario files are made of: block mappings and sequences,
 * flow `{…}`/`[…]`, single-line plain and quoted scalars, comments. It produces exactly the
 * `PNode`s (values and positions) the full `yaml` library path produces, and gives up —
 * returning `undefined` — on anything else (anchors, tags, block scalars, multi-line scalars,
 * documents markers, tabs, CRLF, odd indentation, duplicate or non-string keys, nesting deeper
 * than the limit, any syntax error), so the full parser handles and reports those. The full parser costs about 1 ms per
 * scenario file; this one a few percent of that, which is what keeps `lint` of a large suite
 * fast.
 *
 * @module
 */
import type { PEntry, PNode, SourcePos } from "./pnode.ts";
import { MAX_NESTING_DEPTH } from "./limits.ts";

/** Internal signal: the input is outside the subset. Never escapes this module. */
class OutsideSubset extends Error {
  constructor() {
    super("outside the fast YAML subset");
  }
}

/** Parser state for one document. */
interface State {
  readonly text: string;
  readonly file: string;
  /** Offset of the first character of every line. */
  readonly lineStarts: number[];
  /** Current offset. */
  i: number;
  /** 0-based line of the last position computed (a search hint). */
  line: number;
  /** Collections open around the current position. */
  depth: number;
}

/**
 * Parses `text` when it lies in the supported subset: a node, `null` for an empty document,
 * or `undefined` when the full parser must be used instead.
 */
export function parseYamlSubset(text: string, file: string): PNode | null | undefined {
  if (/[\t\r\uFEFF]/.test(text)) return undefined;
  const lineStarts = [0];
  for (let k = text.indexOf("\n"); k !== -1; k = text.indexOf("\n", k + 1)) {
    lineStarts.push(k + 1);
  }
  const s: State = { text, file, lineStarts, i: 0, line: 0, depth: 0 };
  try {
    const start = nextContent(s, 0);
    if (start >= text.length) return null;
    s.i = start;
    const node = blockNode(s, -1);
    if (nextContent(s, s.i) < text.length) return undefined;
    return node;
  } catch (err) {
    if (err instanceof OutsideSubset) return undefined;
    throw err;
  }
}

function bail(): never {
  throw new OutsideSubset();
}

/**
 * Opens a collection. Too deep is outside the subset: the full parser reports it (and the
 * recursion here stays far from the stack's end). A bail abandons the whole parse, so only a
 * collection that parsed calls `leave`.
 */
function enter(s: State): void {
  if (++s.depth > MAX_NESTING_DEPTH) bail();
}

function leave(s: State): void {
  s.depth--;
}

// ---------------------------------------------------------------------------------------------
// Positions and lines

/** Line/column of an offset. Offsets mostly grow while parsing, so search from the last line. */
function posAt(s: State, offset: number): SourcePos {
  const starts = s.lineStarts;
  let line = s.line;
  while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
  while (line > 0 && starts[line] > offset) line--;
  s.line = line;
  return { file: s.file, line: line + 1, col: offset - starts[line] + 1 };
}

/** 0-based column of an offset. */
function colOf(s: State, offset: number): number {
  return offset - s.text.lastIndexOf("\n", offset - 1) - 1;
}

/**
 * From `offset` (a line start, or just after a value), requires the rest of the line to be
 * blank or a comment, then skips blank and comment lines; returns the offset of the next
 * content character (or the text length). A line starting with a document marker or a
 * directive is outside the subset.
 */
function nextContent(s: State, offset: number): number {
  const t = s.text;
  let k = offset;
  let lineStart = offset === 0 || t[offset - 1] === "\n";
  for (;;) {
    while (t[k] === " ") k++;
    if (k >= t.length) return t.length;
    const c = t[k];
    if (c === "\n") {
      k++;
      lineStart = true;
      continue;
    }
    if (c === "#") {
      // A comment needs whitespace (or the line start) before it.
      if (k > 0 && t[k - 1] !== " " && t[k - 1] !== "\n") bail();
      const nl = t.indexOf("\n", k);
      if (nl === -1) return t.length;
      k = nl + 1;
      lineStart = true;
      continue;
    }
    if (!lineStart) bail(); // more content after a finished value on the same line
    if (t[k - 1] === "\n" || k === 0) {
      if (t.startsWith("---", k) || t.startsWith("...", k) || c === "%") bail();
    }
    return k;
  }
}

/** Skips spaces on the current line. */
function skipSpaces(s: State, k: number): number {
  while (s.text[k] === " ") k++;
  return k;
}

function isBreakOrEnd(t: string, k: number): boolean {
  return k >= t.length || t[k] === "\n";
}

// ---------------------------------------------------------------------------------------------
// Block structure

/** A block node starting at `s.i` (a content character); its column must exceed `parent`. */
function blockNode(s: State, parent: number): PNode {
  const t = s.text;
  const start = s.i;
  const col = colOf(s, start);
  if (col <= parent) bail();
  const c = t[start];
  if (c === "-" && (t[start + 1] === " " || isBreakOrEnd(t, start + 1))) {
    return blockSeq(s, col);
  }
  if (isKeyStart(s, start)) return blockMap(s, col);
  // A lone scalar or flow collection.
  const node = inlineValue(s, parent);
  return node;
}

/** True when a mapping key (`key:` + space/EOL) starts at `k` on this line. */
function isKeyStart(s: State, k: number): boolean {
  const t = s.text;
  const c = t[k];
  if (c === '"' || c === "'") {
    const end = quotedEnd(t, k);
    return end !== -1 && t[end] === ":" && (t[end + 1] === " " || isBreakOrEnd(t, end + 1));
  }
  if (c === "[" || c === "{") return false;
  return plainKeyEnd(t, k) !== -1;
}

/** The offset of the `:` ending a plain key starting at `k` on this line, or -1. */
function plainKeyEnd(t: string, k: number): number {
  for (let j = k; j < t.length && t[j] !== "\n"; j++) {
    const c = t[j];
    if (c === ":" && (t[j + 1] === " " || isBreakOrEnd(t, j + 1))) return j;
    if (c === "#" && j > k && t[j - 1] === " ") return -1;
  }
  return -1;
}

/** The offset just after the closing quote of a one-line quoted scalar at `k`, or -1. */
function quotedEnd(t: string, k: number): number {
  const q = t[k];
  for (let j = k + 1; j < t.length; j++) {
    const c = t[j];
    if (c === "\n") return -1;
    if (q === '"' && c === "\\") {
      j++;
      continue;
    }
    if (c === q) {
      if (q === "'" && t[j + 1] === "'") {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return -1;
}

/** A block mapping whose keys sit at column `col`; `s.i` is at its first key. */
function blockMap(s: State, col: number): PNode {
  enter(s);
  const t = s.text;
  const pos = posAt(s, s.i);
  const entries: PEntry[] = [];
  for (;;) {
    const keyOffset = s.i;
    const key = mapKey(s);
    for (const e of entries) if (e.key === key) bail(); // duplicates: the full parser reports
    // s.i is just after the ':'.
    const afterColon = skipSpaces(s, s.i);
    let value: PNode;
    if (isBreakOrEnd(t, afterColon) || t[afterColon] === "#") {
      const next = nextContent(s, afterColon);
      const nextCol = next < t.length ? colOf(s, next) : -1;
      if (next < t.length && nextCol > col) {
        s.i = next;
        value = blockNode(s, col);
      } else if (next < t.length && nextCol === col && isDashItem(t, next)) {
        s.i = next;
        value = blockSeq(s, col);
      } else {
        value = nullAt(s, afterColon);
        s.i = next;
      }
    } else {
      s.i = afterColon;
      value = inlineValue(s, col);
    }
    entries.push({ key, keyPos: posAt(s, keyOffset), value });
    // s.i is at the next content (or the end).
    if (s.i >= t.length) break;
    const nextCol = colOf(s, s.i);
    if (nextCol < col) break;
    if (nextCol > col || !isKeyStart(s, s.i)) bail();
  }
  leave(s);
  return { kind: "map", pos, entries };
}

/** Reads a key at `s.i` (plain or quoted) up to and including its ':'. */
function mapKey(s: State): string {
  const t = s.text;
  const k = s.i;
  const c = t[k];
  if (c === '"' || c === "'") {
    const end = quotedEnd(t, k);
    if (end === -1 || t[end] !== ":") bail();
    const key = quotedValue(t, k, end);
    s.i = end + 1;
    return key;
  }
  const end = plainKeyEnd(t, k);
  if (end === -1) bail();
  const raw = t.slice(k, end).trimEnd();
  if (!isSafePlainStart(t, k, false) || raw.includes(" #")) bail();
  if (typeof resolvePlain(raw) !== "string" || raw === "<<") bail();
  s.i = end + 1;
  return raw;
}

function isDashItem(t: string, k: number): boolean {
  return t[k] === "-" && (t[k + 1] === " " || isBreakOrEnd(t, k + 1));
}

/** A block sequence whose dashes sit at column `col`; `s.i` is at its first dash. */
function blockSeq(s: State, col: number): PNode {
  enter(s);
  const t = s.text;
  const pos = posAt(s, s.i);
  const items: PNode[] = [];
  for (;;) {
    const afterDash = skipSpaces(s, s.i + 1);
    if (isBreakOrEnd(t, afterDash) || t[afterDash] === "#") {
      const next = nextContent(s, afterDash);
      if (next < t.length && colOf(s, next) > col) {
        s.i = next;
        items.push(blockNode(s, col));
      } else {
        items.push(nullAt(s, afterDash));
        s.i = next;
      }
    } else {
      s.i = afterDash;
      items.push(blockNode(s, col));
    }
    if (s.i >= t.length) break;
    const nextCol = colOf(s, s.i);
    if (nextCol < col) break;
    if (nextCol > col || !isDashItem(t, s.i)) {
      // A map key at the same column ends a sequence nested under that map.
      if (nextCol === col && isKeyStart(s, s.i)) break;
      bail();
    }
  }
  leave(s);
  return { kind: "seq", pos, items };
}

/**
 * A value written on the current line at `s.i`: a flow collection, a quoted or a plain scalar.
 * Afterwards `s.i` is at the next content. `parent` is the enclosing block column.
 */
function inlineValue(s: State, parent: number): PNode {
  const t = s.text;
  const k = s.i;
  const c = t[k];
  let node: PNode;
  let end: number;
  if (c === "[" || c === "{") {
    s.i = k;
    node = flowNode(s, parent);
    end = s.i;
  } else if (c === '"' || c === "'") {
    end = quotedEnd(t, k);
    if (end === -1) bail();
    node = { kind: "scalar", pos: posAt(s, k), value: quotedValue(t, k, end) };
  } else {
    if (!isSafePlainStart(t, k, false)) bail();
    let j = k;
    while (j < t.length && t[j] !== "\n") {
      if (t[j] === "#" && t[j - 1] === " ") break;
      if (t[j] === ":" && (t[j + 1] === " " || isBreakOrEnd(t, j + 1))) bail();
      j++;
    }
    const raw = t.slice(k, j).trimEnd();
    node = { kind: "scalar", pos: posAt(s, k), value: resolvePlain(raw) };
    end = k + raw.length;
  }
  const next = nextContent(s, end);
  // A more indented line right after a scalar would continue it (a multi-line scalar).
  if (next < t.length && colOf(s, next) > parent && node.kind === "scalar") bail();
  s.i = next;
  return node;
}

function nullAt(s: State, offset: number): PNode {
  return { kind: "scalar", pos: posAt(s, offset), value: null };
}

// ---------------------------------------------------------------------------------------------
// Flow collections

/** A flow node at `s.i`; `parent` is the enclosing block column (continuation lines exceed it). */
function flowNode(s: State, parent: number): PNode {
  const t = s.text;
  const k = s.i;
  const c = t[k];
  if (c === "[" || c === "{") {
    enter(s);
    const node = c === "[" ? flowSeq(s, parent) : flowMap(s, parent);
    leave(s);
    return node;
  }
  if (c === '"' || c === "'") {
    const end = quotedEnd(t, k);
    if (end === -1) bail();
    s.i = end;
    return { kind: "scalar", pos: posAt(s, k), value: quotedValue(t, k, end) };
  }
  if (!isSafePlainStart(t, k, true)) bail();
  let j = k;
  while (j < t.length) {
    const ch = t[j];
    if (ch === "\n" || ch === "," || ch === "[" || ch === "]" || ch === "{" || ch === "}") break;
    if (ch === "#" && t[j - 1] === " ") break;
    if (ch === ":" && (t[j + 1] === " " || ",[]{}\n".includes(t[j + 1] ?? "\n"))) break;
    j++;
  }
  const raw = t.slice(k, j).trimEnd();
  if (raw === "") bail();
  s.i = k + raw.length;
  return { kind: "scalar", pos: posAt(s, k), value: resolvePlain(raw) };
}

/** Skips spaces, line breaks and comments inside a flow collection. */
function skipFlowSpace(s: State, parent: number): void {
  const t = s.text;
  let k = s.i;
  for (;;) {
    const c = t[k];
    if (c === " ") k++;
    else if (c === "\n") {
      k++;
      let j = k;
      while (t[j] === " ") j++;
      // Continuation lines sit right of the enclosing block column; a closing bracket may
      // line up with it.
      const ch = t[j];
      if (j < t.length && ch !== "\n" && ch !== "#") {
        const indent = j - k;
        if (ch === "}" || ch === "]" ? indent < parent : indent <= parent) bail();
      }
    } else if (c === "#") {
      if (t[k - 1] !== " " && t[k - 1] !== "\n") bail();
      while (k < t.length && t[k] !== "\n") k++;
    } else break;
  }
  if (k >= t.length) bail();
  s.i = k;
}

function flowSeq(s: State, parent: number): PNode {
  const t = s.text;
  const pos = posAt(s, s.i);
  const items: PNode[] = [];
  s.i++;
  skipFlowSpace(s, parent);
  if (t[s.i] === "]") {
    s.i++;
    return { kind: "seq", pos, items };
  }
  for (;;) {
    const c = t[s.i];
    if (c === "," || c === "]" || c === "}" || c === ":") bail();
    items.push(flowNode(s, parent));
    skipFlowSpace(s, parent);
    if (t[s.i] === ",") {
      s.i++;
      skipFlowSpace(s, parent);
      if (t[s.i] === "]") {
        s.i++;
        return { kind: "seq", pos, items };
      }
      continue;
    }
    if (t[s.i] === "]") {
      s.i++;
      return { kind: "seq", pos, items };
    }
    bail();
  }
}

function flowMap(s: State, parent: number): PNode {
  const t = s.text;
  const pos = posAt(s, s.i);
  const entries: PEntry[] = [];
  s.i++;
  skipFlowSpace(s, parent);
  if (t[s.i] === "}") {
    s.i++;
    return { kind: "map", pos, entries };
  }
  for (;;) {
    const keyOffset = s.i;
    const c = t[keyOffset];
    if (c === "," || c === "}" || c === "]" || c === "[" || c === "{" || c === ":") bail();
    const keyNode = flowNode(s, parent);
    if (keyNode.kind !== "scalar" || typeof keyNode.value !== "string") bail();
    const key = keyNode.value;
    if (key === "<<" && c !== '"' && c !== "'") bail();
    for (const e of entries) if (e.key === key) bail();
    if (t[s.i] !== ":") bail(); // `{ a }` or a space before the colon
    const quotedKey = c === '"' || c === "'";
    if (!quotedKey && !(t[s.i + 1] === " " || t[s.i + 1] === "\n")) bail();
    s.i++;
    const afterColon = skipSpaces(s, s.i);
    let value: PNode;
    if (t[afterColon] === "," || t[afterColon] === "}") {
      value = nullAt(s, afterColon);
      s.i = afterColon;
    } else {
      skipFlowSpace(s, parent);
      const v = t[s.i];
      if (v === "," || v === "}" || v === "]" || v === ":") bail();
      value = flowNode(s, parent);
    }
    entries.push({ key, keyPos: posAt(s, keyOffset), value });
    skipFlowSpace(s, parent);
    if (t[s.i] === ",") {
      s.i++;
      skipFlowSpace(s, parent);
      if (t[s.i] === "}") {
        s.i++;
        return { kind: "map", pos, entries };
      }
      continue;
    }
    if (t[s.i] === "}") {
      s.i++;
      return { kind: "map", pos, entries };
    }
    bail();
  }
}

// ---------------------------------------------------------------------------------------------
// Scalars

/**
 * Whether a plain scalar may start at `k`: not an indicator, except `-` followed by a
 * non-space character (`-1.5`, `-UITestMode`).
 */
function isSafePlainStart(t: string, k: number, flow: boolean): boolean {
  const c = t[k];
  if (c === undefined || c === " " || c === "\n") return false;
  if (c === "-") {
    const n = t[k + 1];
    return n !== undefined && n !== " " && n !== "\n" && !(flow && ",[]{}".includes(n));
  }
  return !"?:,[]{}#&*!|>'\"%@`".includes(c);
}

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** YAML 1.2 core-schema resolution of a plain scalar, in the `yaml` library's tag order. */
function resolvePlain(raw: string): string | number | boolean | null {
  const c = raw[0];
  // Fast exit: core-schema values all start with one of these characters (or are empty).
  if (raw !== "" && !"~nNtTfF0123456789+-.".includes(c)) return raw;
  if (NULL.test(raw)) return null;
  if (BOOL.test(raw)) return c === "t" || c === "T";
  if (INT_OCT.test(raw)) return parseInt(raw.substring(2), 8);
  if (INT.test(raw)) return parseInt(raw, 10);
  if (INT_HEX.test(raw)) return parseInt(raw.substring(2), 16);
  if (FLOAT_NAN.test(raw)) {
    if (raw.slice(-3).toLowerCase() === "nan") return NaN;
    return raw[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(raw) || FLOAT.test(raw)) return parseFloat(raw);
  return raw;
}

const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};

/** The text of a one-line quoted scalar spanning `[k, end)` (quotes included). */
function quotedValue(t: string, k: number, end: number): string {
  const body = t.slice(k + 1, end - 1);
  if (t[k] === "'") return body.replaceAll("''", "'");
  if (!body.includes("\\")) return body;
  let out = "";
  for (let j = 0; j < body.length; j++) {
    const c = body[j];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = body[++j];
    if (e in ESCAPES) {
      out += ESCAPES[e];
      continue;
    }
    const width = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    const hex = body.slice(j + 1, j + 1 + width);
    if (width === 0 || !new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) bail();
    out += String.fromCodePoint(parseInt(hex, 16));
    j += width;
  }
  return out;
}
