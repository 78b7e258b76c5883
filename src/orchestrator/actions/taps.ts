/**
 * tap, doubleTap and longPress (docs/scenario-language.md#taps): the driver resolves the target
 * uniquely and checks it is reachable at the point the tap will land on; a covered or off-screen
 * target gets the bounded recovery scroll.
 *
 * @module
 */
import type { TapOptions } from "../../drivers/driver.ts";
import { tapSpec } from "../../scenario/tap_spec.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { withReachability } from "./reachability.ts";

/** `tap: <sel>` or `tap: {sel, button?, at?}`. */
export function tap(ctx: RunContext, body: StepBodies["tap"]): Promise<void> {
  const spec = tapSpec(body);
  const opts: TapOptions = {};
  if (spec.button === "secondary") opts.button = "secondary";
  if (spec.at) opts.at = [spec.at.x, spec.at.y];
  return withReachability(ctx, spec.sel, () => ctx.driver.tap(spec.sel, opts));
}

/** `doubleTap: <sel>`. */
export function doubleTap(ctx: RunContext, sel: StepBodies["doubleTap"]): Promise<void> {
  return withReachability(ctx, sel, () => ctx.driver.doubleTap(sel));
}

/** `longPress: {sel, duration}`: held `duration` seconds. */
export function longPress(ctx: RunContext, body: StepBodies["longPress"]): Promise<void> {
  return withReachability(ctx, body.sel, () => ctx.driver.longPress(body.sel, body.duration));
}
