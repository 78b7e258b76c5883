/**
 * Scalar slots, read the same way in every YAML file: strings are strict (a number or boolean
 * where text is expected is an error with a hint to quote it); numbers, integers and booleans
 * are YAML numbers and booleans, and in scenario grammar (`ctx.scalarsAsText`) also their text
 * spellings, because `${row.*}` substitution produces text. Every type error reads
 * `expected <what>, got <what it is>` (docs/scenario-language.md#load-errors).
 *
 * Every reader returns `undefined` when it has no usable value: either it reported a problem, or
 * (raw pass only) it deferred a `${…}` token to the typed pass.
 *
 * @module
 */
import type { PNode } from "./pnode.ts";
import type { LoadErrorCode } from "./load_error.ts";
import { indexPath, keyPath, type ReadContext, report } from "./read_context.ts";
import { describeNode } from "./describe.ts";

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * True when a string holds a `${…}` substitution token.
 *
 * @example
 * ```ts
 * hasToken("Hello ${row.name}"); // true
 * ```
 */
export function hasToken(s: string): boolean {
  return s.includes("${");
}

/**
 * A string slot: only YAML strings.
 *
 * @example
 * ```ts
 * str(ctx, node, "targets.web.baseUrl"); // "http://…", or undefined after an E_TYPE
 * ```
 */
export function str(ctx: ReadContext, node: PNode, path: string): string | undefined {
  if (node.kind === "scalar" && typeof node.value === "string") return node.value;
  let hint = "";
  if (
    node.kind === "scalar" && (typeof node.value === "number" || typeof node.value === "boolean")
  ) {
    hint = `; quote it to pass it as text (e.g. "${String(node.value)}")`;
  }
  return report(
    ctx,
    node.pos,
    "E_TYPE",
    path,
    `expected a string, got ${describeNode(node)}${hint}`,
  );
}

/**
 * A string slot that must not be empty (E_REQUIRED when it is).
 *
 * @example
 * ```ts
 * nonEmptyStr(ctx, node, "scenarios[0].name");
 * ```
 */
export function nonEmptyStr(
  ctx: ReadContext,
  node: PNode,
  path: string,
): string | undefined {
  const s = str(ctx, node, path);
  if (s !== undefined && s.trim() === "") {
    return report(ctx, node.pos, "E_REQUIRED", path, "must not be empty");
  }
  return s;
}

/**
 * A number slot: a finite YAML number (or, in scenario grammar, a string holding one).
 *
 * @example
 * ```ts
 * num(ctx, node, "steps[2].wait.timeout"); // 2.5 for `timeout: 2.5`
 * ```
 */
export function num(ctx: ReadContext, node: PNode, path: string): number | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (ctx.scalarsAsText && typeof v === "string" && DECIMAL.test(v)) {
      const n = Number(v);
      if (Number.isFinite(n)) return n;
    }
  }
  return notScalar(ctx, node, path, "a number");
}

/**
 * An integer slot: an integral YAML number (or, in scenario grammar, an integer string).
 *
 * @example
 * ```ts
 * int(ctx, node, "steps[0].delete.count"); // 3
 * ```
 */
export function int(ctx: ReadContext, node: PNode, path: string): number | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "number" && Number.isInteger(v)) return v;
    if (ctx.scalarsAsText && typeof v === "string" && INTEGER.test(v)) return Number(v);
  }
  return notScalar(ctx, node, path, "an integer");
}

/**
 * A boolean slot: `true`/`false` (or, in scenario grammar, the strings "true"/"false"; never
 * yes/no/on/off).
 *
 * @example
 * ```ts
 * bool(ctx, node, "targets.web.headless"); // false
 * ```
 */
export function bool(ctx: ReadContext, node: PNode, path: string): boolean | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "boolean") return v;
    if (ctx.scalarsAsText && v === "true") return true;
    if (ctx.scalarsAsText && v === "false") return false;
  }
  return notScalar(ctx, node, path, "a boolean (true or false)");
}

/**
 * An enumerated string slot; `code` lets callers use a domain code (E_PERMISSION …).
 *
 * @example
 * ```ts
 * oneOf(ctx, node, "targets.web.browser", ["chromium", "firefox", "webkit"]);
 * ```
 */
export function oneOf<T extends string>(
  ctx: ReadContext,
  node: PNode,
  path: string,
  values: readonly T[],
  code: LoadErrorCode = "E_ENUM",
): T | undefined {
  if (node.kind === "scalar" && typeof node.value === "string") {
    if ((values as readonly string[]).includes(node.value)) return node.value as T;
    if (ctx.raw && hasToken(node.value)) {
      ctx.deferred = true;
      return undefined;
    }
  }
  return report(
    ctx,
    node.pos,
    code,
    path,
    `expected one of ${values.join(", ")}, got ${describeNode(node)}`,
  );
}

/**
 * A list of strings.
 *
 * @example
 * ```ts
 * strList(ctx, node, "scenarios[0].tags"); // ["smoke", "login"]
 * ```
 */
export function strList(
  ctx: ReadContext,
  node: PNode,
  path: string,
): string[] | undefined {
  if (node.kind !== "seq") {
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a list of strings, got ${describeNode(node)}`,
    );
  }
  const out: string[] = [];
  let ok = true;
  node.items.forEach((item, i) => {
    const s = str(ctx, item, indexPath(path, i));
    if (s === undefined) ok = false;
    else out.push(s);
  });
  return ok ? out : undefined;
}

/**
 * A mapping of string → string (launchEnv, headers, `with`, data rows).
 *
 * @example
 * ```ts
 * strMap(ctx, node, "targets.app.launchEnv"); // { API_URL: "http://127.0.0.1:8080" }
 * ```
 */
export function strMap(
  ctx: ReadContext,
  node: PNode,
  path: string,
): Record<string, string> | undefined {
  if (node.kind !== "map") {
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a mapping of strings, got ${describeNode(node)}`,
    );
  }
  const out: Record<string, string> = {};
  let ok = true;
  for (const e of node.entries) {
    const s = str(ctx, e.value, keyPath(path, e.key));
    if (s === undefined) ok = false;
    else out[e.key] = s;
  }
  return ok ? out : undefined;
}

/**
 * Any mapping, returned as plain JS (push payloads, event bodies).
 *
 * @example
 * ```ts
 * anyMap(ctx, node, "steps[4].push.payload"); // { aps: { alert: "hi" } }
 * ```
 */
export function anyMap(
  ctx: ReadContext,
  node: PNode,
  path: string,
): Record<string, unknown> | undefined {
  if (node.kind === "map") return toPlainMap(node);
  return report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
}

function toPlainMap(node: Extract<PNode, { kind: "map" }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of node.entries) out[e.key] = toPlainValue(e.value);
  return out;
}

function toPlainValue(node: PNode): unknown {
  if (node.kind === "scalar") return node.value;
  if (node.kind === "seq") return node.items.map(toPlainValue);
  return toPlainMap(node);
}

/**
 * A non-string slot got something else: in scenario grammar a `${…}` string is deferred in the
 * raw pass and explained in the typed pass; otherwise E_TYPE. Always returns undefined (typed
 * so callers can `return notScalar(…)`).
 */
function notScalar(
  ctx: ReadContext,
  node: PNode,
  path: string,
  expected: string,
): undefined {
  if (
    ctx.scalarsAsText && node.kind === "scalar" && typeof node.value === "string" &&
    hasToken(node.value)
  ) {
    if (ctx.raw) {
      ctx.deferred = true;
      return undefined;
    }
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected ${expected}, got ${describeNode(node)}; a token still unbound after loading ` +
        `is replaced as text at run time, so it cannot fill a non-text field`,
    );
  }
  return report(ctx, node.pos, "E_TYPE", path, `expected ${expected}, got ${describeNode(node)}`);
}
