/**
 * `press` and `hover` (docs/scenario-language.md#press-and-hover, #hover): a key chord sent to whatever has
 * focus (after a reachable tap on `into`), and the pointer moved over an element. A backend
 * without key input or a pointer has no `keyPress` / `hover` capability, so preflight refuses the
 * scenario; the checks here only guard a driver that skipped preflight.
 *
 * @module
 */
import { UnsupportedAction } from "../../drivers/driver.ts";
import { parseKeyChord } from "../../model/key_chord.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { StepFailed } from "../step_failed.ts";
import { withReachability } from "./reachability.ts";

/** `press: {key, into?}`. */
export async function press(ctx: RunContext, body: StepBodies["press"]): Promise<void> {
  const driver = ctx.driver;
  if (!driver.press) throw new UnsupportedAction(`press: the ${driver.name} backend has no keys`);
  const chord = parseKeyChord(body.key);
  if ("error" in chord) throw new StepFailed(`press: ${chord.error}`);
  const into = body.into;
  if (into) await withReachability(ctx, into, () => driver.tap(into));
  await driver.press(chord);
}

/** `hover: <sel>`. */
export async function hover(ctx: RunContext, sel: StepBodies["hover"]): Promise<void> {
  const driver = ctx.driver;
  if (!driver.hover) {
    throw new UnsupportedAction(`hover: the ${driver.name} backend has no pointer`);
  }
  await withReachability(ctx, sel, () => driver.hover!(sel));
}
