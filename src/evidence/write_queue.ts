/**
 * Writes taken off a step's critical path: the step goes on while the file lands; `flush()`
 * waits for all of them. A failed write is handed to `onFailure`, never thrown.
 *
 * @module
 */

/** A set of pending writes. */
export class WriteQueue {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly onFailure: (label: string, err: unknown) => void) {}

  /** Starts tracking `write`; `label` names it to `onFailure` if it fails. */
  add(write: Promise<void>, label: string): void {
    const tracked: Promise<void> = write.then(
      () => {},
      (err) => this.onFailure(label, err),
    ).finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  /** Number of writes still in flight. */
  get size(): number {
    return this.#pending.size;
  }

  /** Resolves once every write queued so far (and any queued meanwhile) has settled. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}

/** The message of any thrown value. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
