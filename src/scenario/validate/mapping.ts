/**
 * Closed mappings: every mapping in a scenario file declares its keys; anything else is an
 * `E_UNKNOWN_KEY` pointing at the key itself. Lookups scan the (small) entry list instead of
 * building an object per mapping, which keeps validation allocation-light.
 *
 * @module
 */
import type { PNode } from "../pnode.ts";
import { keyPath, report, type ValidationContext } from "./context.ts";
import { closest } from "./suggest.ts";
import { describeNode } from "./describe.ts";
import { quoteInput } from "../bounded_text.ts";

/** A mapping node. */
export type MapNode = Extract<PNode, { kind: "map" }>;
/** A sequence node. */
export type SeqNode = Extract<PNode, { kind: "seq" }>;

/**
 * Checks that `node` is a mapping whose keys are all in `allowed`; reports E_TYPE for a
 * non-mapping (and returns undefined) and E_UNKNOWN_KEY for each undeclared key.
 */
export function closedMap(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  allowed: ReadonlySet<string>,
  what: string,
): MapNode | undefined {
  if (node.kind !== "map") {
    report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected ${what} (a mapping), got ${describeNode(node)}`,
    );
    return undefined;
  }
  for (const e of node.entries) {
    if (!allowed.has(e.key)) unknownKey(ctx, e.key, e.keyPos, path, allowed);
  }
  return node;
}

/** Reports an undeclared key, naming the allowed keys and the closest one. */
export function unknownKey(
  ctx: ValidationContext,
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

/** The value of `key` in a mapping, or undefined. */
export function field(node: MapNode, key: string): PNode | undefined {
  const entries = node.entries;
  for (let i = 0; i < entries.length; i++) {
    if (entries[i].key === key) return entries[i].value;
  }
  return undefined;
}

/** The value of a required key; E_REQUIRED at the mapping when absent. */
export function required(
  ctx: ValidationContext,
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

/** Checks that `node` is a sequence; E_TYPE otherwise. */
export function seqNode(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  what: string,
): SeqNode | undefined {
  if (node.kind === "seq") return node;
  report(ctx, node.pos, "E_TYPE", path, `expected ${what} (a list), got ${describeNode(node)}`);
  return undefined;
}

/** Set of keys present in a mapping that belong to `group`, in document order. */
export function presentKeys(node: MapNode, group: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of node.entries) if (group.includes(e.key)) out.push(e.key);
  return out;
}
