/**
 * Poll timing shared by every condition loop (docs/scenario-language.md#wait): one read every 50 ms
 * measured from the start of each read, sleeping only the remainder through the injected clock,
 * and never sleeping past the deadline.
 *
 * @module
 */
import type { Clock } from "../time/clock.ts";

/** The poll period in seconds. */
export const POLL_S = 0.05;

/** Slack for float sums of the period (20 × 0.05 is not exactly 1). */
const EPSILON = 1e-9;

/** True once `deadline` (clock seconds) is reached. */
export function pastDeadline(clock: Clock, deadline: number): boolean {
  return clock.now() >= deadline - EPSILON;
}

/**
 * Sleeps what is left of the poll period begun at `readStart`, capped at the deadline so the
 * last look lands on it. A read slower than the period costs no sleep at all.
 *
 * @example
 * ```ts
 * const readStart = clock.now();
 * const tree = await driver.query();
 * await sleepRemainder(clock, readStart, deadline);
 * ```
 */
export async function sleepRemainder(
  clock: Clock,
  readStart: number,
  deadline: number,
): Promise<void> {
  const now = clock.now();
  const remaining = Math.min(POLL_S - (now - readStart), deadline - now);
  if (remaining > EPSILON) await clock.sleep(remaining);
}
