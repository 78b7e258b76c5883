/**
 * `${ns.key}` substitution (docs/scenario-language.md#variables-and-substitution), shared by every
 * stage that binds a namespace: component expansion (`params.*`), data rows (`row.*`) and the run
 * loop (`vars.*`, `secrets.*`). Each stage passes a lookup that knows only its own namespace(s);
 * any other token is unbound and stays verbatim, so a later stage can still bind it.
 *
 * @module
 */
import type { PNode, SourcePos } from "../yaml/pnode.ts";

/** Resolves `ns.key`; `undefined` means unbound, and the token is left as written. */
export type Lookup = (ns: string, key: string) => string | undefined;

/**
 * One `${ ns.key }` token: group 1 is the namespace, group 2 the key (may contain dots).
 * Whitespace inside the braces is not part of either group. Not global: a shared `g` regex
 * would carry `lastIndex` between callers; use {@link tokenRegExp} to scan.
 */
export const TOKEN_PATTERN: RegExp =
  /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\.([^\s}](?:[^}]*[^\s}])?)\s*\}/;

/** A fresh global copy of {@link TOKEN_PATTERN} for scanning one string. */
export function tokenRegExp(): RegExp {
  return new RegExp(TOKEN_PATTERN.source, "g");
}

/**
 * Substitutes the tokens of one string. A string that is exactly one bound token becomes the
 * raw bound value; tokens inside a longer string are spliced as text. `unbound` lists the
 * unbound tokens as `ns.key`, once each, in order of first appearance.
 */
export function interpolateString(s: string, lookup: Lookup): { value: string; unbound: string[] } {
  const unbound: string[] = [];
  const whole = new RegExp(`^${TOKEN_PATTERN.source}$`).exec(s);
  if (whole) {
    const bound = lookup(whole[1], whole[2]);
    if (bound !== undefined) return { value: bound, unbound };
  }
  const value = s.replace(tokenRegExp(), (token, ns: string, key: string) => {
    const bound = lookup(ns, key);
    if (bound !== undefined) return bound;
    const name = `${ns}.${key}`;
    if (!unbound.includes(name)) unbound.push(name);
    return token;
  });
  return { value, unbound };
}

/**
 * Substitutes through a plain JS value: strings anywhere inside plain objects and arrays
 * (object keys are left alone). Returns a new value; the input is not modified.
 */
export function interpolateValue<T>(value: T, lookup: Lookup): { value: T; unbound: string[] } {
  const unbound: string[] = [];
  const note = (names: string[]) => {
    for (const n of names) if (!unbound.includes(n)) unbound.push(n);
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const r = interpolateString(v, lookup);
      note(r.unbound);
      return r.value;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return { value: walk(value) as T, unbound };
}

/** Substitutes through the string scalars of a positioned node; every position is kept. */
export function interpolatePNode(node: PNode, lookup: Lookup): PNode {
  switch (node.kind) {
    case "scalar":
      return typeof node.value === "string"
        ? { ...node, value: interpolateString(node.value, lookup).value }
        : node;
    case "seq":
      return { ...node, items: node.items.map((i) => interpolatePNode(i, lookup)) };
    case "map":
      return {
        ...node,
        entries: node.entries.map((e) => ({ ...e, value: interpolatePNode(e.value, lookup) })),
      };
  }
}

/** A token found in a positioned node: where its scalar sits (position and YAML path). */
export interface TokenAt {
  ns: string;
  key: string;
  pos: SourcePos;
  /** YAML path of the scalar, starting from `basePath`. */
  path: string;
}

/** Every token in the string scalars of a node, in document order (duplicates kept). */
export function tokensInPNode(node: PNode, basePath = ""): TokenAt[] {
  const out: TokenAt[] = [];
  const walk = (n: PNode, path: string) => {
    if (n.kind === "scalar") {
      if (typeof n.value !== "string") return;
      for (const m of n.value.matchAll(tokenRegExp())) {
        out.push({ ns: m[1], key: m[2], pos: n.pos, path });
      }
    } else if (n.kind === "seq") n.items.forEach((item, i) => walk(item, `${path}[${i}]`));
    else n.entries.forEach((e) => walk(e.value, path ? `${path}.${e.key}` : e.key));
  };
  walk(node, basePath);
  return out;
}

/**
 * A lookup over fixed bindings per namespace, e.g. `{ row: {...} }` or
 * `{ vars: {...}, secrets: {...} }`. Namespaces not given are unbound.
 */
export function namespaceLookup(bindings: Record<string, Record<string, string>>): Lookup {
  return (ns, key) => {
    if (!Object.hasOwn(bindings, ns)) return undefined;
    const space = bindings[ns];
    return Object.hasOwn(space, key) ? space[key] : undefined;
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
