/**
 * Value pickers and system alerts: `selectOption` (web `<select>`), `setPickerValue` (iOS wheel)
 * and `handleSystemAlert`. The driver decides what it supports (UnsupportedAction otherwise).
 *
 * @module
 */
import { UnsupportedAction } from "../../drivers/driver.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";

/** `selectOption: {sel, option}`: set by option value. */
export function selectOption(ctx: RunContext, body: StepBodies["selectOption"]): Promise<void> {
  return ctx.driver.selectOption(body.sel, body.option);
}

/** `setPickerValue: {sel, value}`. */
export function setPickerValue(
  ctx: RunContext,
  body: StepBodies["setPickerValue"],
): Promise<void> {
  return ctx.driver.setPickerValue(body.sel, body.value);
}

/** `handleSystemAlert`: the selector form taps the alert button; the intent form needs locale tables. */
export async function handleSystemAlert(
  ctx: RunContext,
  body: StepBodies["handleSystemAlert"],
): Promise<void> {
  if (!("sel" in body)) {
    throw new UnsupportedAction(
      "handleSystemAlert: the prompt/choice form requires localized alert labels (not available)",
    );
  }
  await ctx.driver.handleSystemAlert(body.sel, body.timeout);
}
