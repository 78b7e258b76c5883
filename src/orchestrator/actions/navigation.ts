/**
 * `back` and `relaunch` (docs/scenario-language.md#navigation). A relaunch goes through the
 * runner-injected relauncher (terminate + launch with overrides, then the readiness gate); without
 * one — the fake — it cannot run.
 *
 * @module
 */
import { UnsupportedAction } from "../../drivers/driver.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import type { WaitRecord } from "../types.ts";

/** `back: {}`: the platform's back (Android key, iOS nav button, web history). */
export function back(ctx: RunContext): Promise<void> {
  return ctx.driver.back();
}

/**
 * `relaunch: {env?, args?}`. The previous tree no longer describes the screen afterwards. Returns
 * the readiness gate's record when the relauncher ran one (docs/reports.md#waits).
 */
export async function relaunch(
  ctx: RunContext,
  body: StepBodies["relaunch"],
): Promise<WaitRecord | null> {
  if (!ctx.relauncher) throw new UnsupportedAction("relaunch requires a real device environment");
  const gate = await ctx.relauncher({ env: body.env, args: body.args });
  ctx.prevTree = null;
  return gate ?? null;
}
