/**
 * The web driver's actuation records (drivers.md §3): recorded before Playwright answers, marked
 * `accepted` once it did, drained per step. Bounded: past {@link MAX_ACTUATIONS} records per
 * drain are only counted as `dropped`.
 *
 * @module
 */
import type { Actuation, ActuationDrain } from "../driver.ts";

/** Most records one drain returns. */
export const MAX_ACTUATIONS = 512;

/** The fields a caller gives; the rest default to "not applicable". */
export type ActuationInput = Pick<Actuation, "gesture" | "via"> & Partial<Actuation>;

/** Pending actuations since the last drain, in CSS pixels. */
export class ActuationLog {
  #pending: Actuation[] = [];
  #dropped = 0;

  /**
   * Records one actuation as not yet accepted and returns it, so the caller can mark it accepted
   * when the browser answered. A record past the cap is counted and not kept.
   */
  record(input: ActuationInput): Actuation {
    const record: Actuation = {
      unit: "cssPixel",
      points: [],
      frame: null,
      target: null,
      durationS: null,
      scale: null,
      radians: null,
      substitution: null,
      ...input,
      accepted: false,
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
