/**
 * Two-finger gestures `pinch` and `rotate` (docs/scenario-language.md#gestures): they need the
 * `multiTouch` capability.
 *
 * @module
 */
import { UnsupportedAction } from "../../drivers/driver.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";

function requireMultiTouch(ctx: RunContext, action: string): void {
  if (!ctx.driver.capabilities().has("multiTouch")) {
    throw new UnsupportedAction(`${action} requires a multi-touch capable backend`);
  }
}

/** `pinch: {sel, scale}`: scale > 1 zooms in. */
export async function pinch(ctx: RunContext, body: StepBodies["pinch"]): Promise<void> {
  requireMultiTouch(ctx, "pinch");
  await ctx.driver.pinch(body.sel, body.scale);
}

/** `rotate: {sel, radians}`: radians > 0 is clockwise. */
export async function rotate(ctx: RunContext, body: StepBodies["rotate"]): Promise<void> {
  requireMultiTouch(ctx, "rotate");
  await ctx.driver.rotate(body.sel, body.radians);
}
