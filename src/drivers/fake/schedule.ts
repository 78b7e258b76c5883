/**
 * A queue of things due at virtual times. Nothing runs by itself: the fake drains it at the
 * start of every driver call, so a change "lands" exactly when the clock has reached its time.
 *
 * @module
 */

/** Float slack so `0.1 + 0.2` seconds still reaches a 300 ms due time. */
const EPSILON_S = 1e-9;

/** Whether virtual time `now` has reached `due` (within float slack). */
export function reached(now: number, due: number): boolean {
  return due <= now + EPSILON_S;
}

interface Entry {
  due: number;
  seq: number;
  run: (at: number) => void;
}

/** Due items run in time order, ties in scheduling order; each gets its own due time. */
export class VirtualSchedule {
  #entries: Entry[] = [];
  #seq = 0;

  /** Schedules `run` for virtual time `due` (seconds). */
  add(due: number, run: (at: number) => void): void {
    this.#entries.push({ due, seq: this.#seq++, run });
  }

  /**
   * Runs every entry due at or before `now`, including ones scheduled by entries that ran,
   * passing each its due time (so chained delays add up in virtual time, not in call order).
   */
  runDue(now: number): void {
    for (;;) {
      let next = -1;
      for (let i = 0; i < this.#entries.length; i++) {
        const e = this.#entries[i];
        if (!reached(now, e.due)) continue;
        const best = this.#entries[next];
        if (next < 0 || e.due < best.due || (e.due === best.due && e.seq < best.seq)) next = i;
      }
      if (next < 0) return;
      const [entry] = this.#entries.splice(next, 1);
      entry.run(entry.due);
    }
  }

  /** Drops everything pending (a relaunch). */
  clear(): void {
    this.#entries = [];
  }

  /** How many entries are still pending. */
  get size(): number {
    return this.#entries.length;
  }
}
