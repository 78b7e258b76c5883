/**
 * YAML text → positioned nodes (`PNode`), with every syntax problem reported as a `LoadError`
 * carrying line and column. YAML 1.2 core schema: only `true`/`false` are booleans, so the
 * capture-rule key `on:` stays a string.
 *
 * @module
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import type { Node as YamlNode } from "yaml";
import type { PEntry, PNode, SourcePos } from "./pnode.ts";
import type { LoadError } from "./load_error.ts";
import { parseYamlSubset } from "./subset.ts";
import { nestingMessage, planExpansion } from "./expansion.ts";
import { firstTooDeepOffset } from "./depth.ts";
import { readSource } from "./read_source.ts";

/** Parser options; the defaults are the scenario grammar's. */
export interface ParseOptions {
  /**
   * Read a number, boolean or null mapping key as its text instead of reporting it: other
   * tools' files (a Maestro flow's `when: {true: …}`) were written for a YAML 1.1 reader.
   */
  keysAsText?: boolean;
}

export interface ParseResult {
  /** null when the document is empty or could not be parsed. */
  node: PNode | null;
  errors: LoadError[];
}

/**
 * Parses one YAML document. Tabs used for indentation, duplicate keys, non-string keys and
 * multi-document streams are reported rather than silently accepted. Anchors, aliases and merge
 * keys (`<<`) resolve as in the reference's YAML loader, so shared blocks can be reused, within
 * the limits of docs/input-limits.md (alias expansion, nesting depth). A leading byte-order mark
 * is ignored. Plain scenario YAML takes a fast path; anything else goes through the full `yaml`
 * library.
 */
export function parseYaml(source: string, file: string, opts: ParseOptions = {}): ParseResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const fast = parseYamlSubset(text, file);
  if (fast !== undefined) return { node: fast, errors: [] };
  return parseYamlFull(text, file, opts);
}

/** The full parser (the `yaml` library); `parseYaml` uses it for everything off the fast path. */
export function parseYamlFull(text: string, file: string, opts: ParseOptions = {}): ParseResult {
  const lineCounter = new LineCounter();
  const errors: LoadError[] = [];
  const at = (offset: number): SourcePos => {
    const { line, col } = lineCounter.linePos(Math.max(0, offset));
    return { file, line, col };
  };
  const fail = (pos: SourcePos, code: LoadError["code"], message: string, path = "") =>
    errors.push({ file, line: pos.line, col: pos.col, code, path, message });

  const doc = parseDocument(text, {
    lineCounter,
    schema: "core",
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
  });
  // A tab in indentation throws the parser into cryptic errors, so name that cause instead. Only
  // when parsing failed: a tab inside a block scalar's text is valid YAML.
  const tabLine = doc.errors.length > 0 ? findTabIndent(text) : null;
  if (tabLine && tabLine <= lineCounter.linePos(doc.errors[0].pos[0]).line) {
    fail(
      { file, line: tabLine, col: 1 },
      "E_YAML",
      "tab character used for indentation (YAML indents with spaces)",
    );
    return { node: null, errors };
  }
  for (const e of doc.errors) {
    if (e.code === "DUPLICATE_KEY") {
      fail(at(e.pos[0]), "E_DUPLICATE_KEY", duplicateKeyMessage(text, e.pos[0]));
    } else if (e.code === "RESOURCE_EXHAUSTION") {
      // The library ran out of stack (nesting in the hundreds): past our depth limit, which
      // is reported where it is first crossed.
      fail(at(firstTooDeepOffset(text) ?? e.pos[0]), "E_DEPTH_LIMIT", nestingMessage());
      break;
    } else {
      fail(at(e.pos[0]), "E_YAML", firstLine(e.message));
    }
  }
  if (errors.length > 0) return { node: null, errors };
  if (doc.contents === null) return { node: null, errors };
  // Measured before anything is expanded: an alias bomb stops here, at its alias.
  const plan = planExpansion(doc.contents);
  if (!("targets" in plan)) {
    fail(at(plan.offset), plan.code, plan.message);
    return { node: null, errors };
  }

  const convert = (n: unknown, path: string): PNode | null => {
    if (n === null || n === undefined) return null;
    if (isAlias(n)) return convert(plan.targets.get(n), path);
    const yn = n as YamlNode;
    const pos = at(yn.range?.[0] ?? 0);
    if (isMap(n)) {
      const entries: PEntry[] = [];
      // YAML merge keys (`<<: *base`), as the reference's PyYAML loader applies them.
      let merged: PEntry[] = [];
      for (const item of n.items) {
        if (!isPair(item)) continue;
        const k = item.key;
        const keyPos = isScalar(k) || isMap(k) || isSeq(k) ? at(k.range?.[0] ?? 0) : pos;
        const scalarKey = isScalar(k) ? k.value : k;
        const keyValue = opts.keysAsText && isScalar(k) && isPlainScalarKey(scalarKey)
          ? String(scalarKey)
          : scalarKey;
        if (typeof keyValue !== "string") {
          fail(keyPos, "E_TYPE", `mapping keys must be strings, got ${describe(keyValue)}`, path);
          continue;
        }
        if (keyValue === "<<" && isScalar(k) && k.type === "PLAIN") {
          const sources = mergeSources(convert(item.value, path));
          if (sources) merged = sources.reverse().flatMap((m) => m.entries);
          else fail(keyPos, "E_YAML", "a merge key (<<) needs a mapping or a list of them", path);
          continue;
        }
        const childPath = path ? `${path}.${keyValue}` : keyValue;
        const value = convert(item.value, childPath) ??
          { kind: "scalar" as const, pos: valuePos(item.value, keyPos), value: null };
        entries.push({ key: keyValue, keyPos, value });
      }
      return {
        kind: "map",
        pos,
        entries: merged.length > 0 ? mergeEntries(merged, entries) : entries,
      };
    }
    if (isSeq(n)) {
      const items: PNode[] = [];
      n.items.forEach((item, i) => {
        const child = convert(item, `${path}[${i}]`) ??
          { kind: "scalar" as const, pos, value: null };
        items.push(child);
      });
      return { kind: "seq", pos, items };
    }
    if (isScalar(n)) {
      const v = n.value;
      if (v === null || typeof v === "string" || typeof v === "boolean") {
        return { kind: "scalar", pos, value: v };
      }
      if (typeof v === "number") return { kind: "scalar", pos, value: v };
      if (typeof v === "bigint") return { kind: "scalar", pos, value: Number(v) };
      return { kind: "scalar", pos, value: String(v) };
    }
    return null;
  };

  const valuePos = (v: unknown, fallback: SourcePos): SourcePos => {
    const r = (v as YamlNode | null)?.range;
    return r ? at(r[0]) : fallback;
  };

  const node = convert(doc.contents, "");
  return { node, errors };
}

/**
 * Parses a file from disk; a missing, unreadable or non-regular file is one `E_IO` error, bytes
 * that are not UTF-8 one `E_ENCODING` error.
 */
export async function parseYamlFile(file: string): Promise<ParseResult> {
  const source = await readSource(file);
  if (!source.ok) return { node: null, errors: [source.error] };
  return parseYaml(source.text, file);
}

function isPlainScalarKey(v: unknown): boolean {
  return v === null || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint";
}

/** The mappings a merge key's value names (one, or a list of them); null for anything else. */
function mergeSources(node: PNode | null): Extract<PNode, { kind: "map" }>[] | null {
  if (node?.kind === "map") return [node];
  if (node?.kind !== "seq" || node.items.length === 0) return null;
  const maps = node.items.filter((i): i is Extract<PNode, { kind: "map" }> => i.kind === "map");
  return maps.length === node.items.length ? maps : null;
}

/**
 * Merged entries first, then the mapping's own; a later entry's value replaces an earlier one
 * with the same key in place. With the merge sources listed last-to-first, that is the merge
 * key rule: the mapping's own keys win, then earlier sources over later ones.
 */
function mergeEntries(merged: PEntry[], own: PEntry[]): PEntry[] {
  const out: PEntry[] = [];
  const at = new Map<string, number>();
  for (const e of [...merged, ...own]) {
    const i = at.get(e.key);
    if (i === undefined) {
      at.set(e.key, out.length);
      out.push(e);
    } else out[i] = e;
  }
  return out;
}

function findTabIndent(text: string): number | null {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (/^ *\t/.test(lines[i]) && lines[i].trim() !== "") return i + 1;
  }
  return null;
}

/** Names the repeated key (the library's message does not): the key text up to its colon. */
function duplicateKeyMessage(text: string, offset: number): string {
  const keyText = /^("(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^:\n]*?)\s*:/.exec(
    text.slice(offset, offset + 200),
  )?.[1];
  if (!keyText) return "duplicate key: mapping keys must be unique";
  const quoted = keyText.startsWith('"') || keyText.startsWith("'");
  return `duplicate key ${quoted ? keyText : JSON.stringify(keyText)}: mapping keys must be unique`;
}

function firstLine(s: string): string {
  return s.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/** A non-string mapping key, in the words of `describeNode`. */
function describe(v: unknown): string {
  if (v === null) return "null (an empty value)";
  if (isSeq(v)) return "a list";
  if (isMap(v)) return "a mapping";
  return `${typeof v} ${String(v)}`;
}
