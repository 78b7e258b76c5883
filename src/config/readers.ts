/**
 * Small combinators that read positioned YAML nodes (`PNode`) into typed values, reporting every
 * problem as a `LoadError` with line:col and YAML path instead of throwing, so one pass over a
 * config file reports all of its mistakes.
 *
 * @module
 */
import type { PNode } from "../scenario/pnode.ts";
import type { LoadError, LoadErrorCode } from "../scenario/errors.ts";
import type { SourcePos } from "../scenario/types.ts";
import { quoteInput } from "../scenario/bounded_text.ts";

/** Where readers report problems; one per file being read. */
export interface ReadCtx {
  file: string;
  errors: LoadError[];
  warnings: LoadError[];
}

/** Reads one node; `undefined` means "invalid, already reported". */
export type Reader<T> = (node: PNode, path: string, ctx: ReadCtx) => T | undefined;

/** A fresh context for one file. */
export function newReadCtx(file: string): ReadCtx {
  return { file, errors: [], warnings: [] };
}

/** Records an error at `pos`. */
export function fail(
  ctx: ReadCtx,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): undefined {
  ctx.errors.push({ file: ctx.file, line: pos.line, col: pos.col, code, path, message });
  return undefined;
}

/** Records a warning at `pos` (never fails the load). */
export function warn(
  ctx: ReadCtx,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): void {
  ctx.warnings.push({ file: ctx.file, line: pos.line, col: pos.col, code, path, message });
}

/** Joins a YAML path and a key: `targets` + `web` → `targets.web`. */
export function childPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A short, human description of a node for "expected X, got Y" messages. */
export function describeNode(node: PNode): string {
  if (node.kind === "map") return "a mapping";
  if (node.kind === "seq") return "a sequence";
  const v = node.value;
  if (v === null) return "null";
  return typeof v === "string" ? `a string (${quoteInput(v)})` : `${typeof v} ${String(v)}`;
}

const typeError = (node: PNode, path: string, ctx: ReadCtx, expected: string) =>
  fail(ctx, node.pos, "E_TYPE", path, `expected ${expected}, got ${describeNode(node)}`);

/** A YAML string. */
export const str: Reader<string> = (node, path, ctx) =>
  node.kind === "scalar" && typeof node.value === "string"
    ? node.value
    : typeError(node, path, ctx, "a string");

/** `true` / `false`. */
export const bool: Reader<boolean> = (node, path, ctx) =>
  node.kind === "scalar" && typeof node.value === "boolean"
    ? node.value
    : typeError(node, path, ctx, "a boolean");

/** A finite number. */
export const num: Reader<number> = (node, path, ctx) =>
  node.kind === "scalar" && typeof node.value === "number" && Number.isFinite(node.value)
    ? node.value
    : typeError(node, path, ctx, "a number");

/** An integer. */
export const int: Reader<number> = (node, path, ctx) =>
  node.kind === "scalar" && typeof node.value === "number" && Number.isInteger(node.value)
    ? node.value
    : typeError(node, path, ctx, "an integer");

/** A number further checked by `ok`; out of range is a type error ("a number in [0, 1]"). */
export function numWhere(
  base: Reader<number>,
  ok: (n: number) => boolean,
  what: string,
): Reader<number> {
  return (node, path, ctx) => {
    const n = base(node, path, ctx);
    if (n === undefined) return undefined;
    return ok(n) ? n : fail(ctx, node.pos, "E_TYPE", path, `expected ${what}, got ${n}`);
  };
}

/** A string from a closed set (`E_ENUM` otherwise). */
export function enumOf<const V extends readonly string[]>(values: V): Reader<V[number]> {
  return (node, path, ctx) => {
    const s = str(node, path, ctx);
    if (s === undefined) return undefined;
    if ((values as readonly string[]).includes(s)) return s as V[number];
    return fail(
      ctx,
      node.pos,
      "E_ENUM",
      path,
      `must be one of ${values.join(", ")}, got ${quoteInput(s)}`,
    );
  };
}

/** A sequence of items; invalid items are reported and dropped. */
export function listOf<T>(item: Reader<T>): Reader<T[]> {
  return (node, path, ctx) => {
    if (node.kind !== "seq") return typeError(node, path, ctx, "a sequence");
    const out: T[] = [];
    node.items.forEach((n, i) => {
      const v = item(n, `${path}[${i}]`, ctx);
      if (v !== undefined) out.push(v);
    });
    return out;
  };
}

/** A single string or a sequence of strings, normalized to a list. */
export function strOrList<T extends string>(item: Reader<T>): Reader<T[]> {
  const list = listOf(item);
  return (node, path, ctx) => {
    if (node.kind === "seq") return list(node, path, ctx);
    if (node.kind === "scalar" && typeof node.value === "string") {
      const v = item(node, path, ctx);
      return v === undefined ? undefined : [v];
    }
    return typeError(node, path, ctx, "a string or a sequence of strings");
  };
}

/** A mapping with free keys; each value read by `value`. */
export function dictOf<T>(value: Reader<T>): Reader<Record<string, T>> {
  return (node, path, ctx) => {
    if (node.kind !== "map") return typeError(node, path, ctx, "a mapping");
    const out: Record<string, T> = {};
    for (const e of node.entries) {
      const v = value(e.value, childPath(path, e.key), ctx);
      if (v !== undefined) out[e.key] = v;
    }
    return out;
  };
}

// deno-lint-ignore no-explicit-any
type Fields = Record<string, Reader<any>>;
/** The object a `record` reader yields: every declared key optional, typed by its reader. */
export type RecordOf<F extends Fields> = {
  [K in keyof F]?: F[K] extends Reader<infer T> ? T : never;
};

/** Options for `record`. */
export interface RecordOptions {
  /** Keys that must be present (`E_REQUIRED` at the mapping otherwise). */
  required?: readonly string[];
  /** Keys accepted and skipped without reading (e.g. serve-only blocks). */
  ignored?: readonly string[];
}

/**
 * A closed mapping: every key must be declared in `fields` (else `E_UNKNOWN_KEY` at the key),
 * each value is read by its field reader.
 */
export function record<F extends Fields>(
  fields: F,
  opts: RecordOptions = {},
): Reader<RecordOf<F>> {
  return (node, path, ctx) => {
    if (node.kind !== "map") return typeError(node, path, ctx, "a mapping");
    const out: Record<string, unknown> = {};
    for (const e of node.entries) {
      const p = childPath(path, e.key);
      if (opts.ignored?.includes(e.key)) continue;
      const field = Object.hasOwn(fields, e.key) ? fields[e.key] : undefined;
      if (!field) {
        fail(ctx, e.keyPos, "E_UNKNOWN_KEY", p, `unknown key ${quoteInput(e.key)}`);
        continue;
      }
      const v = field(e.value, p, ctx);
      if (v !== undefined) out[e.key] = v;
    }
    for (const key of opts.required ?? []) {
      if (!node.entries.some((e) => e.key === key)) {
        fail(ctx, node.pos, "E_REQUIRED", path, `missing required key ${JSON.stringify(key)}`);
      }
    }
    return out as RecordOf<F>;
  };
}
