/**
 * When queued evidence writes may start (docs/architecture.md#evidence-sink). Open, a write starts
 * as soon as the step yields. Held (during a step that only reads the screen, such as `assert`),
 * a write that has not started yet waits: run alongside that step's one page read, the writes
 * would delay it by more than the read itself costs. They start when the gate opens: at the next
 * step that acts, at a flush, or once `maxHeld` writes are waiting.
 *
 * @module
 */

/** Writes waiting before the gate opens by itself (bounds what a long read-only stretch keeps). */
export const MAX_HELD_WRITES = 64;

/** A gate the writes of one sink pass through. */
export class WriteGate {
  #open: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  #waiting = 0;

  constructor(private readonly maxHeld: number = MAX_HELD_WRITES) {}

  /** Whether a write about to start now would wait. */
  get holding(): boolean {
    return this.#release !== null;
  }

  /** Writes about to start from now on wait until {@link release}. */
  hold(): void {
    if (this.#release !== null) return;
    this.#open = new Promise<void>((resolve) => this.#release = resolve);
  }

  /** Lets every waiting write start; writes about to start from now on go at once. */
  release(): void {
    const release = this.#release;
    this.#release = null;
    this.#waiting = 0;
    this.#open = Promise.resolve();
    release?.();
  }

  /** Resolves when a write about to start may start. */
  async passage(): Promise<void> {
    while (this.#release !== null) {
      if (++this.#waiting > this.maxHeld) {
        this.release();
        return;
      }
      await this.#open;
    }
  }
}
