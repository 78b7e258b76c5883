/**
 * Where a step's time goes (docs/reports.md#latency): reading the screen, actuating, waiting
 * between polls and capturing evidence. The run loop's driver, clock and evidence sink are
 * wrapped once per scenario so every call is timed without the loop's code knowing; only the
 * outermost timed call of a call chain counts, so a screenshot's own tree read is evidence time,
 * not read time. Calls the loop makes side by side (the post-step read alongside the after-shot)
 * are separate chains, each timed in full: their buckets can then add up to more than the step.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Driver } from "../drivers/driver.ts";
import type { EvidenceSink } from "../evidence/sink.ts";
import type { Clock } from "../time/clock.ts";
import type { StepLatency } from "./types.ts";

/** The kinds of work a step's time is split into. */
export type LatencyBucket = "read" | "act" | "wait" | "evidence";

/** Driver calls that only look at the screen. */
const READ_CALLS: ReadonlySet<string> = new Set([
  "query",
  "isTappable",
  "waitFor",
  "systemAlertLabels",
  "viewport",
]);
/** Driver calls that capture evidence. */
const EVIDENCE_CALLS: ReadonlySet<string> = new Set([
  "screenshot",
  "screenshotBytes",
  "driverInterval",
]);
/** Bookkeeping calls: synchronous or not part of a step's work. */
export const UNTIMED_CALLS: ReadonlySet<string> = new Set([
  "capabilities",
  "drainActuations",
  "drainDialogs",
  "drainSettles",
  "exchanges",
  "answerDialogs",
  "close",
  // Synchronous: the tree already read, no wire call.
  "recentTree",
]);

/** Evidence-sink calls that return at once (bookkeeping, not capture). */
const SYNC_SINK_CALLS: ReadonlySet<string> = new Set([
  "beginScenario",
  "skippedCaptures",
  "noteTyped",
  "shotSize",
]);

const FIELD: Record<LatencyBucket, keyof StepLatency> = {
  read: "readS",
  act: "actS",
  wait: "waitS",
  evidence: "evidenceS",
};

/**
 * Accumulates timed work into every open span (a step, and the step an interrupt recovery runs
 * inside of). One meter per scenario run.
 *
 * @example
 * ```ts
 * const meter = new LatencyMeter(clock);
 * const driver = meter.driver(rawDriver);
 * meter.open(outcome);
 * await driver.query();
 * meter.close(outcome); // { readS: 0.012, actS: 0, waitS: 0, evidenceS: 0 }
 * ```
 */
export class LatencyMeter {
  readonly #clock: Clock;
  readonly #open = new Map<object, StepLatency>();
  /** Set inside a timed call, for the calls it makes (its async continuations included). */
  readonly #inside = new AsyncLocalStorage<true>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Starts a span keyed by `key` (a step outcome). */
  open(key: object): void {
    this.#open.set(key, { readS: 0, actS: 0, waitS: 0, evidenceS: 0 });
  }

  /** Ends the span of `key` and returns its totals (zeros when it was never opened). */
  close(key: object): StepLatency {
    const span = this.#open.get(key) ?? { readS: 0, actS: 0, waitS: 0, evidenceS: 0 };
    this.#open.delete(key);
    return span;
  }

  /** Runs `work`, adding its time to `bucket` of every open span unless an outer call is timed. */
  async measure<T>(bucket: LatencyBucket, work: () => Promise<T>): Promise<T> {
    if (this.#inside.getStore()) return await work();
    return await this.#inside.run(true, async () => {
      const start = this.#clock.now();
      try {
        return await work();
      } finally {
        const spent = this.#clock.now() - start;
        const field = FIELD[bucket];
        for (const span of this.#open.values()) span[field] += spent;
      }
    });
  }

  /** `driver` with every call timed (read, act or evidence by method). */
  driver(driver: Driver): Driver {
    return timedProxy(
      driver,
      (name) =>
        UNTIMED_CALLS.has(name)
          ? null
          : READ_CALLS.has(name)
          ? "read"
          : EVIDENCE_CALLS.has(name)
          ? "evidence"
          : "act",
      this,
    );
  }

  /** `clock` whose sleeps count as waiting. */
  clock(clock: Clock): Clock {
    return {
      now: () => clock.now(),
      wallNow: () => clock.wallNow(),
      sleep: (seconds) => this.measure("wait", () => clock.sleep(seconds)),
    };
  }

  /** `sink` whose every asynchronous call counts as evidence. */
  sink(sink: EvidenceSink): EvidenceSink {
    return timedProxy(sink, (name) => SYNC_SINK_CALLS.has(name) ? null : "evidence", this);
  }
}

/**
 * A proxy calling methods on the real object (private fields keep working) and timing the ones
 * `bucketOf` names a bucket for (all asynchronous; null: passed through untimed).
 */
function timedProxy<T extends object>(
  target: T,
  bucketOf: (name: string) => LatencyBucket | null,
  meter: LatencyMeter,
): T {
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (typeof value !== "function" || typeof prop !== "string") return value;
      const bucket = bucketOf(prop);
      if (bucket === null) return value.bind(obj);
      return (...args: unknown[]) =>
        meter.measure(bucket, async () => await value.apply(obj, args));
    },
  });
}
