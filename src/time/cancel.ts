/**
 * Cooperative cancellation: a latched flag read at safe boundaries (between scenarios, between
 * steps, inside every poll loop).
 *
 * @module
 */

export interface CancelSignal {
  readonly cancelled: boolean;
}

/** Thrown inside the loop when the cancel signal is seen; converted to failure `cancelled`. */
export class RunCancelled extends Error {
  readonly code = "E_CANCELLED";
  constructor() {
    super("cancelled");
    this.name = "RunCancelled";
  }
}

/** A settable cancel source. */
export class CancelSource implements CancelSignal {
  #cancelled = false;
  get cancelled(): boolean {
    return this.#cancelled;
  }
  cancel(): void {
    this.#cancelled = true;
  }
}

export const neverCancelled: CancelSignal = { cancelled: false };
