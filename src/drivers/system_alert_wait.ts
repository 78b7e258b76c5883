/**
 * Waiting for a system alert (the `handleSystemAlert` action): poll until an alert is up or the
 * timeout passes, then `ElementNotFound` naming the selector. Shared by every driver that can
 * see system alerts (fake, iOS, remote iOS).
 *
 * @module
 */
import type { Selector } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import { renderSelector } from "../selectors/mod.ts";
import { type Element, ElementNotFound } from "./driver.ts";

/** Poll interval while no alert is up, seconds. */
export const ALERT_POLL_S = 0.2;

/**
 * What `probe` finds once it finds something (an alert), polling every {@link ALERT_POLL_S}
 * seconds of `clock` (the first look is immediate, no sleep ever passes the deadline).
 *
 * @throws ElementNotFound `no system alert within <timeout>s: <selector>` when none came up
 *
 * @example
 * ```ts
 * const labels = await awaitSystemAlert(clock, { label: "Allow" }, 5, async () => {
 *   const up = await driver.systemAlertLabels();
 *   return up.length > 0 ? up : null;
 * });
 * ```
 */
export async function awaitSystemAlert<T>(
  clock: Clock,
  sel: Selector,
  timeoutS: number,
  probe: () => Promise<T | null> | T | null,
): Promise<T> {
  const deadline = clock.now() + timeoutS;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    const left = deadline - clock.now();
    if (left <= 0) {
      throw new ElementNotFound(`no system alert within ${timeoutS}s: ${renderSelector(sel)}`, sel);
    }
    await clock.sleep(Math.min(ALERT_POLL_S, left));
  }
}

/**
 * An alert button named by its label, as an element a selector can resolve against.
 *
 * @example
 * ```ts
 * resolveUnique(["Allow", "Don’t Allow"].map(alertButton), { label: "Allow" });
 * ```
 */
export function alertButton(label: string): Element {
  return {
    identifier: label,
    label,
    value: null,
    traits: ["button"],
    frame: [0, 0, 0, 0],
    nativeZ: null,
  };
}
