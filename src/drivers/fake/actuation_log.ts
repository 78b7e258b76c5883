/**
 * The driver's actuation records (drivers.md §3), drained per step. Bounded: past
 * `MAX_ACTUATIONS` records are counted as `dropped` instead of kept.
 *
 * @module
 */
import type { Actuation, ActuationDrain } from "../driver.ts";

/** Most records one drain returns. */
export const MAX_ACTUATIONS = 512;

/** The fields a caller must give; the rest default to "not applicable". */
export type ActuationInput = Pick<Actuation, "gesture" | "via"> & Partial<Actuation>;

/** Pending actuations since the last drain. */
export class ActuationLog {
  #pending: Actuation[] = [];
  #dropped = 0;

  /** Records one actuation in points, accepted (the fake always answers). */
  record(input: ActuationInput): void {
    if (this.#pending.length >= MAX_ACTUATIONS) {
      this.#dropped++;
      return;
    }
    const { gesture, via, ...rest } = input;
    this.#pending.push({
      gesture,
      via,
      unit: "point",
      points: [],
      frame: null,
      target: null,
      accepted: true,
      durationS: null,
      scale: null,
      radians: null,
      substitution: null,
      ...rest,
    });
  }

  /** Returns and forgets everything recorded since the previous drain. */
  drain(): ActuationDrain {
    const out = { actuations: this.#pending, dropped: this.#dropped };
    this.#pending = [];
    this.#dropped = 0;
    return out;
  }
}
