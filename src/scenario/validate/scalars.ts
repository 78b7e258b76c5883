/**
 * Scalar slots (scenario-dsl.md §1): strings are strict (a number or boolean where text is
 * expected is an error with a hint to quote it), numbers/integers/booleans accept their string
 * spellings because `${row.*}` substitution produces strings.
 *
 * Every reader returns `undefined` when it has no usable value: either it reported a problem, or
 * (raw pass only) it deferred a `${…}` token to the typed pass.
 *
 * @module
 */
import type { PNode } from "../pnode.ts";
import type { LoadErrorCode } from "../errors.ts";
import { indexPath, keyPath, report, type ValidationContext } from "./context.ts";
import { describeNode } from "./describe.ts";

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

/** True when a string holds a `${…}` substitution token. */
export function hasToken(s: string): boolean {
  return s.includes("${");
}

/** A string slot: only YAML strings. */
export function str(ctx: ValidationContext, node: PNode, path: string): string | undefined {
  if (node.kind === "scalar" && typeof node.value === "string") return node.value;
  let hint = "";
  if (
    node.kind === "scalar" && (typeof node.value === "number" || typeof node.value === "boolean")
  ) {
    hint = `; quote it to pass it as text (e.g. "${String(node.value)}")`;
  }
  report(ctx, node.pos, "E_TYPE", path, `expected a string, got ${describeNode(node)}${hint}`);
  return undefined;
}

/** A string slot that must not be empty (E_REQUIRED when it is). */
export function nonEmptyStr(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): string | undefined {
  const s = str(ctx, node, path);
  if (s !== undefined && s.trim() === "") {
    report(ctx, node.pos, "E_REQUIRED", path, "must not be empty");
    return undefined;
  }
  return s;
}

/** A number slot: int/float, or a string holding a finite decimal. */
export function num(ctx: ValidationContext, node: PNode, path: string): number | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "string" && DECIMAL.test(v)) {
      const n = Number(v);
      if (Number.isFinite(n)) return n;
    }
  }
  return notScalar(ctx, node, path, "a number");
}

/** An integer slot: an int, an integral float, or an integer string. */
export function int(ctx: ValidationContext, node: PNode, path: string): number | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "number" && Number.isInteger(v)) return v;
    if (typeof v === "string" && INTEGER.test(v)) return Number(v);
  }
  return notScalar(ctx, node, path, "an integer");
}

/** A boolean slot: `true`/`false` or the strings "true"/"false" (not yes/no/on/off). */
export function bool(ctx: ValidationContext, node: PNode, path: string): boolean | undefined {
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "boolean") return v;
    if (v === "true") return true;
    if (v === "false") return false;
  }
  return notScalar(ctx, node, path, "a boolean (true or false)");
}

/** An enumerated string slot; `code` lets callers use a domain code (E_PERMISSION …). */
export function oneOf<T extends string>(
  ctx: ValidationContext,
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
  report(
    ctx,
    node.pos,
    code,
    path,
    `expected one of ${values.join(", ")}, got ${describeNode(node)}`,
  );
  return undefined;
}

/** A list of strings. */
export function strList(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): string[] | undefined {
  if (node.kind !== "seq") {
    report(ctx, node.pos, "E_TYPE", path, `expected a list of strings, got ${describeNode(node)}`);
    return undefined;
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

/** A mapping of string → string (launchEnv, headers, `with`, data rows). */
export function strMap(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Record<string, string> | undefined {
  if (node.kind !== "map") {
    report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a mapping of strings, got ${describeNode(node)}`,
    );
    return undefined;
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

/** Any mapping, returned as plain JS (push payloads, event bodies). */
export function anyMap(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Record<string, unknown> | undefined {
  if (node.kind === "map") return toPlainMap(node);
  report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
  return undefined;
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
 * A non-string slot got something else: defer a `${…}` string in the raw pass, else E_TYPE.
 * Always returns undefined (typed so callers can `return notScalar(…)`).
 */
function notScalar(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  expected: string,
): undefined {
  if (node.kind === "scalar" && typeof node.value === "string" && hasToken(node.value)) {
    if (ctx.raw) {
      ctx.deferred = true;
      return undefined;
    }
    report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected ${expected}, got ${describeNode(node)}; a token still unbound after loading ` +
        `is replaced as text at run time, so it cannot fill a non-text field`,
    );
    return undefined;
  }
  report(ctx, node.pos, "E_TYPE", path, `expected ${expected}, got ${describeNode(node)}`);
  return undefined;
}
