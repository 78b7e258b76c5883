/**
 * One non-inertial scroll step in a *content* direction (docs/scenario-language.md#gestures):
 * `down` reveals what is below, so the finger moves up. Used by the `scroll` action and by the
 * reachability recovery of the tap family.
 *
 * @module
 */
import type { Element, Point } from "../../drivers/driver.ts";
import { directionalEndpoints, screenSize } from "../../selectors/mod.ts";
import type { Direction } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";

/** Travel of one scroll step, as a fraction of the viewport along the axis. */
export const SCROLL_STEP_FRACTION = 0.6;

/** Content direction → the finger direction that produces it. */
export const CONTENT_TO_FINGER: Readonly<Record<Direction, Direction>> = {
  down: "up",
  up: "down",
  left: "right",
  right: "left",
};

/** The viewport: the driver's own when it reports one, else the extent of `tree`. */
export async function viewportOf(
  ctx: RunContext,
  tree: readonly Element[],
): Promise<[number, number]> {
  if (ctx.driver.viewport) {
    const v = await ctx.driver.viewport();
    return [v.width, v.height];
  }
  return screenSize(tree);
}

/**
 * Endpoints of one scroll step anchored at `anchor`, moving the content `direction`.
 *
 * @example
 * ```ts
 * contentScrollEndpoints([200, 400], [400, 800], "down"); // [[200, 484], [200, 4]] (finger up)
 * ```
 */
export function contentScrollEndpoints(
  anchor: Point,
  viewport: readonly [number, number],
  direction: Direction,
  fraction = SCROLL_STEP_FRACTION,
): [Point, Point] {
  const frame: [number, number, number, number] = [anchor[0], anchor[1], 0, 0];
  return directionalEndpoints(frame, viewport, CONTENT_TO_FINGER[direction], fraction);
}

/** Scrolls the content one step `direction`, anchored on the viewport centre. */
export async function scrollContentOnce(ctx: RunContext, direction: Direction): Promise<void> {
  const tree = ctx.driver.viewport ? [] : await ctx.driver.query();
  const viewport = await viewportOf(ctx, tree);
  const anchor: Point = [viewport[0] / 2, viewport[1] / 2];
  const [from, to] = contentScrollEndpoints(anchor, viewport, direction);
  await ctx.driver.scroll(from, to);
}
