/**
 * Injected time. The run loop never reads the wall clock or sleeps directly: it asks a Clock, so
 * tests drive waits with a fake clock and no real sleeping.
 *
 * @module
 */

export interface Clock {
  /** Monotonic seconds. */
  now(): number;
  /** Sleeps `seconds` (the fake clock advances instantly). */
  sleep(seconds: number): Promise<void>;
  /** Wall-clock time, for run ids and timestamps. */
  wallNow(): Date;
}

/** The real clock: `performance.now()` and `setTimeout`. */
export const realClock: Clock = {
  now: () => performance.now() / 1000,
  sleep: (seconds) =>
    seconds <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, seconds * 1000)),
  wallNow: () => new Date(),
};

/**
 * A virtual clock: `sleep` advances `now` at once. Listeners let fakes react to time passing
 * (a fake app whose element appears at t = 1.5 s).
 */
export class FakeClock implements Clock {
  #now: number;
  #wall: number;
  readonly sleeps: number[] = [];
  constructor(start = 0, wallStartMs = Date.UTC(2026, 0, 1, 0, 0, 0)) {
    this.#now = start;
    this.#wall = wallStartMs;
  }
  now(): number {
    return this.#now;
  }
  advance(seconds: number): void {
    if (seconds > 0) this.#now += seconds;
  }
  sleep(seconds: number): Promise<void> {
    this.sleeps.push(seconds);
    this.advance(seconds);
    return Promise.resolve();
  }
  wallNow(): Date {
    return new Date(this.#wall + this.#now * 1000);
  }
}
