/**
 * Which post-verdict events a run triggers (docs/configuration.md#notify): `failure` when it
 * failed, `always` on every run, `change` when its verdict differs from the previous run's,
 * `recovery` when it passes after a failed previous run. With no previous run there is nothing
 * to change from or recover from. `start` is posted when the run starts, never here.
 *
 * @module
 */
import type { NotifyEvent } from "../config/types.ts";

/**
 * Whether a hook listening to `on` posts after a run whose verdict is `ok`; `previousOk` is the
 * previous run's verdict (null when there is none).
 *
 * @example
 * ```ts
 * finishFires(["recovery"], true, false); // true: it passes again
 * finishFires(["change"], true, null); // false: the first run changes nothing
 * ```
 */
export function finishFires(
  on: readonly NotifyEvent[],
  ok: boolean,
  previousOk: boolean | null,
): boolean {
  if (on.includes("always")) return true;
  if (on.includes("failure") && !ok) return true;
  if (on.includes("change") && previousOk !== null && previousOk !== ok) return true;
  return on.includes("recovery") && previousOk === false && ok;
}

/**
 * Whether `on` needs the previous run's verdict.
 *
 * @example
 * ```ts
 * needsPrevious(["failure"]); // false
 * ```
 */
export function needsPrevious(on: readonly NotifyEvent[]): boolean {
  return !on.includes("always") && (on.includes("change") || on.includes("recovery"));
}
