/**
 * Coordinate gestures: `swipe` (both forms), `drag` and `tapPoint`
 * (docs/scenario-language.md#gestures, docs/scenario-language.md#directional-gesture-geometry). The
 * directional forms start at the target's centre and travel a fraction of the screen (from the tree
 * just read), so reach stays at parity across backends with different units. "Just read" is the
 * driver's recent read while nothing was sent since (the tree the taps resolve on), else a new one.
 *
 * @module
 */
import type { Element, Point } from "../../drivers/driver.ts";
import { resolveOnRecent } from "../../drivers/host_side.ts";
import { directionalEndpoints, screenSize } from "../../selectors/mod.ts";
import type { Direction, Selector, StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";

/** The driver's recent read while nothing was sent since, else null (a new read is due). */
function recent(ctx: RunContext): Element[] | null {
  return ctx.driver.recentTree?.() ?? null;
}

/**
 * Endpoints of a directional gesture on `on` (unique resolution on the recent read, else on a
 * new one: a target missing from the recent read is looked for again).
 */
async function directional(
  ctx: RunContext,
  on: Selector,
  direction: Direction,
  amount: number | undefined,
): Promise<[Point, Point]> {
  const { tree, target } = await resolveOnRecent(recent(ctx), () => ctx.driver.query(), on);
  return directionalEndpoints(target.frame, screenSize(tree), direction, amount);
}

/** `swipe`: `{on, direction, amount?}` → a scroll gesture; `{from, to}` → a raw swipe. */
export async function swipe(ctx: RunContext, body: StepBodies["swipe"]): Promise<void> {
  if ("from" in body) return ctx.driver.swipe(body.from, body.to);
  const [from, to] = await directional(ctx, body.on, body.direction, body.amount);
  await ctx.driver.scroll(from, to);
}

/** `drag: {on, direction, amount?}` → a literal pointer drag. */
export async function drag(ctx: RunContext, body: StepBodies["drag"]): Promise<void> {
  const [from, to] = await directional(ctx, body.on, body.direction, body.amount);
  await ctx.driver.swipe(from, to);
}

/** `tapPoint: {x, y}` in [0,1] of the screen extent of the recent (else a new) read. */
export async function tapPoint(ctx: RunContext, body: StepBodies["tapPoint"]): Promise<void> {
  const [w, h] = screenSize(recent(ctx) ?? await ctx.driver.query());
  await ctx.driver.tapPoint([body.x * w, body.y * h]);
}
