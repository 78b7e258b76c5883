/**
 * Reachability recovery of the tap family (docs/scenario-language.md#reachability-and-recovery):
 * when the driver reports the target covered, scroll the content down up to 3 steps until it is
 * tappable and retry, then up to 6 steps (undoing the downs first) and retry; a direction that
 * never makes the target tappable is not retried. If it is still covered, fail naming the cover —
 * never "not found".
 *
 * @module
 */
import { ElementNotTappable } from "../../drivers/driver.ts";
import { renderCandidate } from "../../selectors/mod.ts";
import type { Direction, Selector } from "../../scenario/types.ts";
import { checkCancelled } from "../cancellation.ts";
import type { RunContext } from "../context.ts";
import { scrollContentOnce } from "./content_scroll.ts";

/** Scrolls up to `steps` times in `direction`; true once `sel` reads as tappable. */
async function scrollUntilTappable(
  ctx: RunContext,
  sel: Selector,
  direction: Direction,
  steps: number,
): Promise<boolean> {
  for (let i = 0; i < steps; i++) {
    checkCancelled(ctx.cancel);
    await scrollContentOnce(ctx, direction);
    if (await ctx.driver.isTappable(sel)) return true;
  }
  return false;
}

/** The bounded recovery: content direction and the most steps taken in it. */
export const RECOVERY_PLAN: ReadonlyArray<readonly [Direction, number]> = [["down", 3], ["up", 6]];

/**
 * Runs `act` (a tap, double tap, long press or focus tap on `sel`) with the bounded recovery.
 *
 * @example
 * ```ts
 * await withReachability(ctx, sel, () => ctx.driver.tap(sel));
 * ```
 */
export async function withReachability(
  ctx: RunContext,
  sel: Selector,
  act: () => Promise<void>,
): Promise<void> {
  let last: ElementNotTappable;
  try {
    return await act();
  } catch (e) {
    if (!(e instanceof ElementNotTappable)) throw e;
    last = e;
  }
  for (const [direction, steps] of RECOVERY_PLAN) {
    // The up phase starts where the down phase left off, hence its wider bound.
    if (!await scrollUntilTappable(ctx, sel, direction, steps)) continue;
    try {
      return await act();
    } catch (e) {
      if (!(e instanceof ElementNotTappable)) throw e;
      last = e; // covered again on the retry: keep the newer obstruction, try the next direction
    }
  }
  const cover = last.cover
    ? renderCandidate(last.cover)
    : last.message.replace(/^not tappable: /, "");
  throw new ElementNotTappable(
    `not tappable: still not tappable after a bounded scroll attempt: ${cover}`,
    last.cover,
  );
}
