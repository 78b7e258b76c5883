/**
 * A driver's actuation records (docs/architecture.md#actuation-records), shared by every backend:
 * recorded before the transport answers, marked `accepted` once it did, drained per step. Bounded:
 * past {@link MAX_ACTUATIONS} records per drain are only counted as `dropped`.
 *
 * @example
 * ```ts
 * import { ActuationLog } from "./actuation_log.ts";
 * const log = new ActuationLog("cssPixel");
 * const record = log.record({ gesture: "tap", via: "coordinate", points: [[50, 20]] });
 * await page.mouse.click(50, 20);
 * record.accepted = true;
 * const { actuations, dropped } = log.drain(); // one accepted tap, nothing dropped
 * ```
 *
 * @module
 */
import type { Actuation, ActuationDrain } from "./driver.ts";

/**
 * Most records one drain returns.
 *
 * @example
 * ```ts
 * const { actuations, dropped } = log.drain();
 * actuations.length <= MAX_ACTUATIONS; // true; the rest is counted in `dropped`
 * ```
 */
export const MAX_ACTUATIONS = 512;

/**
 * The fields a caller gives; the rest default to "not applicable" (and not yet accepted).
 *
 * @example
 * ```ts
 * const input: ActuationInput = { gesture: "typeText", via: "focused", target: "name" };
 * ```
 */
export type ActuationInput = Pick<Actuation, "gesture" | "via"> & Partial<Actuation>;

/**
 * Pending actuations since the last drain, all in one unit (the backend's).
 *
 * @example
 * ```ts
 * const log = new ActuationLog("point");
 * log.record({ gesture: "back", via: "history", accepted: true }); // an in-process backend
 * log.drain(); // { actuations: [{ gesture: "back", unit: "point", accepted: true, … }], dropped: 0 }
 * ```
 */
export class ActuationLog {
  readonly #unit: Actuation["unit"];
  #pending: Actuation[] = [];
  #dropped = 0;

  /** A log whose records are in `unit` (`point` iOS/fake, `pixel` Android, `cssPixel` web). */
  constructor(unit: Actuation["unit"]) {
    this.#unit = unit;
  }

  /**
   * Records one actuation and returns it, so the caller can set `accepted` when the backend
   * answered. A record past the cap is counted as dropped and not kept (but still returned).
   */
  record(input: ActuationInput): Actuation {
    const record: Actuation = {
      unit: this.#unit,
      points: [],
      frame: null,
      target: null,
      accepted: false,
      durationS: null,
      scale: null,
      radians: null,
      substitution: null,
      ...input,
    };
    if (this.#pending.length >= MAX_ACTUATIONS) this.#dropped++;
    else this.#pending.push(record);
    return record;
  }

  /** Returns and forgets everything recorded since the previous drain. */
  drain(): ActuationDrain {
    const out = { actuations: this.#pending, dropped: this.#dropped };
    this.#pending = [];
    this.#dropped = 0;
    return out;
  }
}
