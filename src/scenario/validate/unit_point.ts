/**
 * A point `{x, y}` whose coordinates are fractions within [0, 1] (E_TAPPOINT_RANGE): the
 * `tapPoint` step and a tap's `at` offset (docs/scenario-language.md#taps).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, type MapNode, required } from "../../yaml/mapping.ts";
import { num } from "../../yaml/scalars.ts";

const POINT_KEYS: ReadonlySet<string> = new Set(["x", "y"]);

/** How the point is named: what a wrong shape expected, and a coordinate in a range error. */
export interface UnitPointWording {
  expected: string;
  coordinate: (key: "x" | "y") => string;
}

/**
 * Reads `node` as `{x, y}` fractions, reporting each problem at its line.
 *
 * @example
 * ```ts
 * unitPoint(ctx, node, "steps[0].tapPoint", {
 *   expected: "a tapPoint payload",
 *   coordinate: (k) => `tapPoint ${k}`,
 * }); // { x: 0.5, y: 0.25 } or undefined
 * ```
 */
export function unitPoint(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  wording: UnitPointWording,
): { x: number; y: number } | undefined {
  const m = closedMap(ctx, node, path, POINT_KEYS, wording.expected);
  if (!m) return undefined;
  const x = unitCoordinate(ctx, m, "x", path, wording);
  const y = unitCoordinate(ctx, m, "y", path, wording);
  return x !== undefined && y !== undefined ? { x, y } : undefined;
}

function unitCoordinate(
  ctx: ValidationContext,
  m: MapNode,
  key: "x" | "y",
  path: string,
  wording: UnitPointWording,
): number | undefined {
  const v = required(ctx, m, key, path);
  const p = keyPath(path, key);
  const n = v && num(ctx, v, p);
  if (n === undefined) return undefined;
  if (n < 0 || n > 1) {
    const what = wording.coordinate(key);
    report(ctx, v!.pos, "E_TAPPOINT_RANGE", p, `${what} must be within [0, 1], got ${n}`);
    return undefined;
  }
  return n;
}
