/**
 * Declarative readers built from the scalar and mapping readers: a `Reader<T>` reads one node
 * into a `T` (or reports and returns undefined), and combinators build readers of lists,
 * free-key mappings and closed records from them. The config file is read this way; any YAML
 * file may be.
 *
 * @example
 * ```ts
 * const viewport = record({ width: int, height: int }, { required: ["width", "height"] });
 * const ctx = newReadContext();
 * viewport(ctx, node, "targets.web.viewport"); // { width: 1280, height: 720 }
 * ```
 *
 * @module
 */
import type { PNode } from "./pnode.ts";
import { indexPath, keyPath, type ReadContext, report } from "./read_context.ts";
import { seqNode, unknownKey } from "./mapping.ts";
import { oneOf } from "./scalars.ts";
import { describeNode } from "./describe.ts";

/**
 * Reads one node; `undefined` means "invalid, already reported".
 *
 * @example
 * ```ts
 * const port: Reader<number> = numWhere(int, (n) => n >= 1 && n <= 65535, "a port in 1..65535");
 * ```
 */
export type Reader<T> = (ctx: ReadContext, node: PNode, path: string) => T | undefined;

/**
 * A number further checked by `ok`; out of range is a type error ("expected a number in
 * [0, 1], got 2").
 *
 * @example
 * ```ts
 * const unit = numWhere(num, (n) => n >= 0 && n <= 1, "a number in [0, 1]");
 * ```
 */
export function numWhere(
  base: Reader<number>,
  ok: (n: number) => boolean,
  what: string,
): Reader<number> {
  return (ctx, node, path) => {
    const n = base(ctx, node, path);
    if (n === undefined) return undefined;
    return ok(n) ? n : report(ctx, node.pos, "E_TYPE", path, `expected ${what}, got ${n}`);
  };
}

/**
 * A string from a closed set (`E_ENUM` otherwise).
 *
 * @example
 * ```ts
 * const browser = enumOf(["chromium", "firefox", "webkit"] as const);
 * ```
 */
export function enumOf<const V extends readonly string[]>(values: V): Reader<V[number]> {
  return (ctx, node, path) => oneOf(ctx, node, path, values);
}

/**
 * A list of items; invalid items are reported and dropped.
 *
 * @example
 * ```ts
 * const tokens = listOf(captureToken);
 * ```
 */
export function listOf<T>(item: Reader<T>): Reader<T[]> {
  return (ctx, node, path) => {
    const seq = seqNode(ctx, node, path);
    if (seq === undefined) return undefined;
    const out: T[] = [];
    seq.items.forEach((n, i) => {
      const v = item(ctx, n, indexPath(path, i));
      if (v !== undefined) out.push(v);
    });
    return out;
  };
}

/**
 * A single string or a list of strings, normalized to a list.
 *
 * @example
 * ```ts
 * const backend = strOrList(str); // `backend: web` and `backend: [web]` both give ["web"]
 * ```
 */
export function strOrList<T extends string>(item: Reader<T>): Reader<T[]> {
  const list = listOf(item);
  return (ctx, node, path) => {
    if (node.kind === "seq") return list(ctx, node, path);
    if (node.kind === "scalar" && typeof node.value === "string") {
      const v = item(ctx, node, path);
      return v === undefined ? undefined : [v];
    }
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a string or a list of strings, got ${describeNode(node)}`,
    );
  };
}

/**
 * A mapping with free keys; each value read by `value`.
 *
 * @example
 * ```ts
 * const headers = dictOf(str);
 * ```
 */
export function dictOf<T>(value: Reader<T>): Reader<Record<string, T>> {
  return (ctx, node, path) => {
    if (node.kind !== "map") {
      return report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
    }
    const out: Record<string, T> = {};
    for (const e of node.entries) {
      const v = value(ctx, e.value, keyPath(path, e.key));
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
 * A closed mapping: every key must be declared in `fields` (else `E_UNKNOWN_KEY` at the key,
 * with a "did you mean" hint), each value is read by its field reader.
 *
 * @example
 * ```ts
 * const mailbox = record({ url: str, headers: dictOf(str) }, { required: ["url"] });
 * ```
 */
export function record<F extends Fields>(
  fields: F,
  opts: RecordOptions = {},
): Reader<RecordOf<F>> {
  const declared = new Set([...Object.keys(fields), ...(opts.ignored ?? [])]);
  return (ctx, node, path) => {
    if (node.kind !== "map") {
      return report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
    }
    const out: Record<string, unknown> = {};
    for (const e of node.entries) {
      if (opts.ignored?.includes(e.key)) continue;
      const field = Object.hasOwn(fields, e.key) ? fields[e.key] : undefined;
      if (!field) {
        unknownKey(ctx, e.key, e.keyPos, path, declared);
        continue;
      }
      const v = field(ctx, e.value, keyPath(path, e.key));
      if (v !== undefined) out[e.key] = v;
    }
    for (const key of opts.required ?? []) {
      if (!node.entries.some((e) => e.key === key)) {
        report(ctx, node.pos, "E_REQUIRED", path, `missing required key ${JSON.stringify(key)}`);
      }
    }
    return out as RecordOf<F>;
  };
}
