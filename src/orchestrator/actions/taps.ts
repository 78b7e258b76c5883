/**
 * tap, doubleTap and longPress (docs/scenario-language.md#taps): the driver resolves the target
 * uniquely and checks it is reachable; a covered target gets the bounded recovery scroll.
 *
 * @module
 */
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { withReachability } from "./reachability.ts";

/** `tap: <sel>`. */
export function tap(ctx: RunContext, sel: StepBodies["tap"]): Promise<void> {
  return withReachability(ctx, sel, () => ctx.driver.tap(sel));
}

/** `doubleTap: <sel>`. */
export function doubleTap(ctx: RunContext, sel: StepBodies["doubleTap"]): Promise<void> {
  return withReachability(ctx, sel, () => ctx.driver.doubleTap(sel));
}

/** `longPress: {sel, duration}`: held `duration` seconds. */
export function longPress(ctx: RunContext, body: StepBodies["longPress"]): Promise<void> {
  return withReachability(ctx, body.sel, () => ctx.driver.longPress(body.sel, body.duration));
}
