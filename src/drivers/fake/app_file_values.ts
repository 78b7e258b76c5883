/**
 * The fake app file's own value shapes, read with the YAML toolkit (src/yaml/): display texts
 * (a bare number is its decimal text), frames `[x, y, w, h]`, and numbers with a lower bound.
 * Every problem is reported into the read context at the offending node.
 *
 * @module
 */
import type { Frame } from "../driver.ts";
import type { PNode } from "../../yaml/pnode.ts";
import { indexPath, type ReadContext, report } from "../../yaml/read_context.ts";
import { seqNode } from "../../yaml/mapping.ts";
import { int, num, str } from "../../yaml/scalars.ts";
import { numWhere, type Reader } from "../../yaml/combinators.ts";

/**
 * A display text: a string, or a number written bare (`label: 0`) as its decimal text.
 *
 * @example
 * ```ts
 * text(ctx, node, "screens.home[0].label"); // "0" for `label: 0`
 * ```
 */
export const text: Reader<string> = (ctx, node, path) =>
  node.kind === "scalar" && typeof node.value === "number"
    ? String(node.value)
    : str(ctx, node, path);

/**
 * `text`, or YAML null (`value: ~`): `null`. `undefined` marks a read error.
 *
 * @example
 * ```ts
 * nullableText(ctx, node, "screens.home[0].value"); // null for `value: ~`
 * ```
 */
export function nullableText(
  ctx: ReadContext,
  node: PNode,
  path: string,
): string | null | undefined {
  if (node.kind === "scalar" && node.value === null) return null;
  return text(ctx, node, path);
}

/**
 * A number no smaller than `min` ("expected a number ≥ 0, got -5").
 *
 * @example
 * ```ts
 * numberAtLeast(0)(ctx, node, "latency.queryMs");
 * ```
 */
export function numberAtLeast(min: number): Reader<number> {
  return numWhere(num, (n) => n >= min, `a number ≥ ${min}`);
}

/**
 * An integer no smaller than `min` ("expected an integer ≥ 1, got 0").
 *
 * @example
 * ```ts
 * integerAtLeast(1)(ctx, node, "crashes[0].atCall");
 * ```
 */
export function integerAtLeast(min: number): Reader<number> {
  return numWhere(int, (n) => n >= min, `an integer ≥ ${min}`);
}

const size = numberAtLeast(0);

/**
 * `[x, y, w, h]` with a non-negative size.
 *
 * @example
 * ```ts
 * frame(ctx, node, "screens.home[0].frame"); // [20, 700, 350, 50]
 * ```
 */
export function frame(ctx: ReadContext, node: PNode, path: string): Frame | undefined {
  const seq = seqNode(ctx, node, path);
  if (seq === undefined) return undefined;
  if (seq.items.length !== 4) {
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected [x, y, w, h], got ${seq.items.length} numbers`,
    );
  }
  const nums = seq.items.map((item, i) => (i < 2 ? num : size)(ctx, item, indexPath(path, i)));
  return nums.every((n) => n !== undefined) ? nums as Frame : undefined;
}
