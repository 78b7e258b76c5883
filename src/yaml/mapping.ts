/**
 * Mappings and lists: every mapping in a YAML file bajutsu reads declares its keys; anything
 * else is an `E_UNKNOWN_KEY` pointing at the key itself, with the closest allowed key as a hint.
 * Lookups scan the (small) entry list instead of building an object per mapping, which keeps
 * validation allocation-light.
 *
 * @module
 */
import type { PEntry, PNode } from "./pnode.ts";
import { keyPath, type ReadContext, report } from "./read_context.ts";
import { closest } from "./suggest.ts";
import { describeNode } from "./describe.ts";
import { quoteInput } from "./bounded_text.ts";

/** A mapping node. */
export type MapNode = Extract<PNode, { kind: "map" }>;
/** A sequence node. */
export type SeqNode = Extract<PNode, { kind: "seq" }>;

/**
 * Checks that `node` is a mapping whose keys are all in `allowed`; reports E_TYPE for a
 * non-mapping (and returns undefined) and E_UNKNOWN_KEY for each undeclared key. `what` names
 * the expected thing in the type error ("expected a selector (a mapping), got a list").
 *
 * @example
 * ```ts
 * const m = closedMap(ctx, node, "steps[0].swipe", new Set(["on", "direction"]), "a swipe");
 * if (m) field(m, "direction");
 * ```
 */
export function closedMap(
  ctx: ReadContext,
  node: PNode,
  path: string,
  allowed: ReadonlySet<string>,
  what?: string,
): MapNode | undefined {
  if (node.kind !== "map") {
    const expected = what ? `${what} (a mapping)` : "a mapping";
    return report(ctx, node.pos, "E_TYPE", path, `expected ${expected}, got ${describeNode(node)}`);
  }
  for (const e of node.entries) {
    if (!allowed.has(e.key)) unknownKey(ctx, e.key, e.keyPos, path, allowed);
  }
  return node;
}

/**
 * Reports an undeclared key, naming the closest allowed key and (for short lists) all of them.
 *
 * @example
 * ```ts
 * unknownKey(ctx, "tiemout", entry.keyPos, "steps[1].wait", ["for", "until", "timeout"]);
 * // E_UNKNOWN_KEY steps[1].wait.tiemout: unknown key "tiemout" (did you mean "timeout"?); …
 * ```
 */
export function unknownKey(
  ctx: ReadContext,
  key: string,
  keyPos: PNode["pos"],
  path: string,
  allowed: Iterable<string>,
): void {
  const list = [...allowed];
  const guess = closest(key, list);
  const hint = guess ? ` (did you mean "${guess}"?)` : "";
  // Long lists (the step keys) only add noise once a likely candidate is named.
  const allowedText = guess && list.length > 12 ? "" : `; allowed: ${list.join(", ")}`;
  report(
    ctx,
    keyPos,
    "E_UNKNOWN_KEY",
    keyPath(path, key),
    `unknown key ${quoteInput(key)}${hint}${allowedText}`,
  );
}

/**
 * The value of `key` in a mapping, or undefined.
 *
 * @example
 * ```ts
 * const timeout = field(m, "timeout");
 * ```
 */
export function field(node: MapNode, key: string): PNode | undefined {
  const entries = node.entries;
  for (let i = 0; i < entries.length; i++) {
    if (entries[i].key === key) return entries[i].value;
  }
  return undefined;
}

/**
 * The value of a required key; E_REQUIRED at the mapping when absent.
 *
 * @example
 * ```ts
 * const t = required(ctx, m, "timeout", "steps[1].wait"); // missing required key "timeout"
 * ```
 */
export function required(
  ctx: ReadContext,
  node: MapNode,
  key: string,
  path: string,
): PNode | undefined {
  const v = field(node, key);
  if (v === undefined) {
    report(ctx, node.pos, "E_REQUIRED", path, `missing required key "${key}"`);
  }
  return v;
}

/**
 * Checks that `node` is a sequence; E_TYPE otherwise ("expected a list of steps (a list), got
 * a mapping").
 *
 * @example
 * ```ts
 * const steps = seqNode(ctx, node, "scenarios[0].steps", "a list of steps");
 * ```
 */
export function seqNode(
  ctx: ReadContext,
  node: PNode,
  path: string,
  what?: string,
): SeqNode | undefined {
  if (node.kind === "seq") return node;
  const expected = what ? `${what} (a list)` : "a list";
  return report(ctx, node.pos, "E_TYPE", path, `expected ${expected}, got ${describeNode(node)}`);
}

/**
 * The keys present in a mapping that belong to `group`, in document order.
 *
 * @example
 * ```ts
 * presentKeys(m, ["for", "until"]); // ["for"]
 * ```
 */
export function presentKeys(node: MapNode, group: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of node.entries) if (group.includes(e.key)) out.push(e.key);
  return out;
}

/**
 * A closed mapping's declared entries by key, after the unknown-key check (E_UNKNOWN_KEY, the
 * undeclared key left out) and the required-key check (E_REQUIRED at the mapping); undefined
 * when `node` is not a mapping.
 *
 * @example
 * ```ts
 * const f = closedEntries(ctx, node, "screens.login", ["elements", "collapsed"], ["elements"]);
 * f?.get("elements")?.value;
 * ```
 */
export function closedEntries(
  ctx: ReadContext,
  node: PNode,
  path: string,
  allowed: readonly string[],
  requiredKeys: readonly string[] = [],
): Map<string, PEntry> | undefined {
  const m = closedMap(ctx, node, path, new Set(allowed));
  if (m === undefined) return undefined;
  const out = new Map<string, PEntry>();
  for (const e of m.entries) if (allowed.includes(e.key)) out.set(e.key, e);
  for (const key of requiredKeys) if (!out.has(key)) required(ctx, m, key, path);
  return out;
}
