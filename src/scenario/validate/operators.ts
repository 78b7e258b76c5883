/**
 * "Exactly one operator" payloads (E_ONE_OP): string comparisons (`equals|contains|matches`) and
 * count comparisons (`equals|atLeast|atMost`).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { CountOp, StringOp } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { field, type MapNode, presentKeys } from "../../yaml/mapping.ts";
import { int, str } from "../../yaml/scalars.ts";
import { pattern } from "./pattern.ts";

/** String operators in canonical order. */
export const STRING_OPS = ["equals", "contains", "matches"] as const;
/** Count operators in canonical order. */
export const COUNT_OPS = ["equals", "atLeast", "atMost"] as const;

/** Exactly one of `ops` present in `m`; returns the chosen key and its node. */
export function oneOp(
  ctx: ValidationContext,
  m: MapNode,
  path: string,
  ops: readonly string[],
): { op: string; node: PNode } | undefined {
  const seen = presentKeys(m, ops);
  if (seen.length !== 1) {
    const got = seen.length === 0 ? "none" : seen.join(", ");
    report(ctx, m.pos, "E_ONE_OP", path, `exactly one of ${ops.join(", ")} required, got ${got}`);
    return undefined;
  }
  return { op: seen[0], node: field(m, seen[0])! };
}

/** A string comparison among `ops` (a subset of equals/contains/matches). */
export function stringOp(
  ctx: ValidationContext,
  m: MapNode,
  path: string,
  ops: readonly string[] = STRING_OPS,
): StringOp | undefined {
  const chosen = oneOp(ctx, m, path, ops);
  if (!chosen) return undefined;
  const p = keyPath(path, chosen.op);
  const v = chosen.op === "matches" ? pattern(ctx, chosen.node, p) : str(ctx, chosen.node, p);
  if (v === undefined) return undefined;
  return { [chosen.op]: v } as StringOp;
}

/** A count comparison (integer operand). */
export function countOp(ctx: ValidationContext, m: MapNode, path: string): CountOp | undefined {
  const chosen = oneOp(ctx, m, path, COUNT_OPS);
  if (!chosen) return undefined;
  const v = int(ctx, chosen.node, keyPath(path, chosen.op));
  if (v === undefined) return undefined;
  return { [chosen.op]: v } as CountOp;
}
