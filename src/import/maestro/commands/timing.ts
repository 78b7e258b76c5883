/**
 * Maestro's default time budgets, in seconds, used where a flow gives none
 * (docs/import-maestro.md#waits).
 *
 * @module
 */

/** How long Maestro looks for an element before a command fails. */
export const LOOKUP_TIMEOUT_S = 17;
/** `waitForAnimationToEnd` without a timeout. */
export const ANIMATION_TIMEOUT_S = 15;
/** How long Maestro holds a long press. */
export const LONG_PRESS_S = 3;
/** The settle wait that stands for `takeScreenshot` (its step's after.png is the screenshot). */
export const SCREENSHOT_SETTLE_S = 2;

/** Milliseconds as seconds, to the millisecond. */
export function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}
