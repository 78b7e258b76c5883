/**
 * The opt-in auto-wait of actions (docs/configuration.md#actiontimeout): with a target
 * `actionTimeout` > 0, an action polls for its selector to resolve uniquely — and, for the
 * actions that press on it, to an enabled element — before acting, for at most that long. The
 * wait is recorded on the step, so what auto-waiting did stays auditable; when it runs out the
 * action goes ahead and fails with its own, precise reason.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { AmbiguousSelector, ElementNotFound } from "../drivers/driver.ts";
import { resolveUnique } from "../selectors/mod.ts";
import type { Selector, Step } from "../scenario/types.ts";
import { checkCancelled } from "./cancellation.ts";
import type { RunContext } from "./context.ts";
import { pastDeadline, sleepRemainder } from "./poll.ts";
import type { AutoWait } from "./types.ts";

/** Actions that press on their target: a disabled one is waited out too. */
const PRESSING: ReadonlySet<string> = new Set([
  "tap",
  "doubleTap",
  "longPress",
  "type",
  "clear",
  "delete",
  "select",
  "selectOption",
  "press",
]);

/** Whether `tree` holds exactly one match of `sel` (enabled, when `enabled` is asked). */
function ready(tree: readonly Element[], sel: Selector, enabled: boolean): boolean {
  try {
    const el = resolveUnique(tree, sel);
    return !enabled || !el.traits.includes("notEnabled");
  } catch (e) {
    if (e instanceof ElementNotFound || e instanceof AmbiguousSelector) return false;
    throw e;
  }
}

/**
 * Polls (50 ms period, injected clock) until `sel` is ready or `ctx.options.actionTimeoutS`
 * passes; returns the record for the step, or null when auto-waiting is off or the step has no
 * target to wait for.
 */
export async function autoWait(
  ctx: RunContext,
  step: Step,
  sel: Selector | null,
): Promise<AutoWait | null> {
  const limit = ctx.options.actionTimeoutS ?? 0;
  if (limit <= 0 || sel === null || step.action === "wait" || step.action === "assert") {
    return null;
  }
  const { clock, driver } = ctx;
  const enabled = PRESSING.has(step.action);
  const start = clock.now();
  const deadline = start + limit;
  let polls = 0;
  for (;;) {
    checkCancelled(ctx.cancel);
    const readStart = clock.now();
    const tree = await driver.query();
    polls++;
    const ok = ready(tree, sel, enabled);
    if (ok || pastDeadline(clock, deadline)) {
      return { selector: sel, seconds: clock.now() - start, polls, ready: ok, enabled };
    }
    await sleepRemainder(clock, readStart, deadline);
  }
}
