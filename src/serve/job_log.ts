/**
 * A job's output log with fan-out: every line is kept (the backlog) and handed to every current
 * subscriber; a subscriber that arrives late first receives the whole backlog, then the live
 * lines, then the final `done` event. Delivery is synchronous, so no line can fall between the
 * backlog replay and the live feed.
 *
 * @module
 */

/** One event of a job's stream. */
export type JobEvent<V> =
  | { type: "log"; index: number; line: string }
  | { type: "done"; view: V };

/** Receives events; `close` is called after `done`. */
export interface LogSubscriber<V> {
  send(event: JobEvent<V>): void;
  close(): void;
}

/** Backlog plus subscribers of one job. */
export class JobLog<V> {
  readonly #lines: string[] = [];
  readonly #subscribers = new Set<LogSubscriber<V>>();
  #done: { view: V } | null = null;

  /** Every line so far (a copy). */
  get lines(): string[] {
    return [...this.#lines];
  }

  get length(): number {
    return this.#lines.length;
  }

  get finished(): boolean {
    return this.#done !== null;
  }

  /** Appends a line and delivers it (ignored once the log is finished). */
  append(line: string): void {
    if (this.#done) return;
    const index = this.#lines.push(line) - 1;
    for (const s of this.#subscribers) s.send({ type: "log", index, line });
  }

  /** Ends the log: every subscriber gets `done` and is closed. */
  finish(view: V): void {
    if (this.#done) return;
    this.#done = { view };
    for (const s of this.#subscribers) {
      s.send({ type: "done", view });
      s.close();
    }
    this.#subscribers.clear();
  }

  /**
   * Replays lines from `fromIndex` on, then follows the log. Returns the unsubscribe function
   * (a no-op once the log is finished: the subscriber was already closed).
   */
  subscribe(sub: LogSubscriber<V>, fromIndex = 0): () => void {
    for (let i = Math.max(0, fromIndex); i < this.#lines.length; i++) {
      sub.send({ type: "log", index: i, line: this.#lines[i] });
    }
    if (this.#done) {
      sub.send({ type: "done", view: this.#done.view });
      sub.close();
      return () => {};
    }
    this.#subscribers.add(sub);
    return () => {
      this.#subscribers.delete(sub);
    };
  }

  /** Number of live subscribers. */
  get subscriberCount(): number {
    return this.#subscribers.size;
  }
}
