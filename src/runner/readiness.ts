/**
 * The readiness gate (docs/architecture.md#readiness-gate): poll for the strongest readiness
 * signal, then confirm the screen holds still. A ready app is never turned into a timeout.
 *
 * @module
 */
import { DeviceGone, type Driver, type Element } from "../drivers/driver.ts";
import type { Selector } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import { type CancelSignal, neverCancelled, RunCancelled } from "../time/cancel.ts";
import { indexedPresent } from "../selectors/mod.ts";
import type { LaunchRecord } from "../orchestrator/types.ts";

/**
 * Which rung of the readiness gate fired (or `timeout`).
 *
 * @example
 * ```ts
 * const signal: ReadinessSignal = "namespace"; // an id of a configured namespace appeared
 * ```
 */
export type ReadinessSignal = "readyWhen" | "screenChanged" | "namespace" | "count" | "timeout";

/**
 * What the gate saw; kept for the first wait diagnostic (wait-timeout.json).
 *
 * @example
 * ```ts
 * const r: Readiness = await awaitReady(driver, { clock, idNamespaces: ["login"] });
 * if (!r.ready) console.warn(`not ready after ${r.elapsedSeconds}s (${r.signal})`);
 * ```
 */
export interface Readiness {
  ready: boolean;
  signal: ReadinessSignal;
  elapsedSeconds: number;
  settled: boolean;
  /** Each rung consulted on the tick that fired, strongest first (for diagnostics). */
  rungs: ReadinessSignal[];
  /** Tree reads, the ladder's and the stability confirmation's (failed reads included). */
  reads: number;
  /** The gate's bound (seconds). */
  timeoutS: number;
}

/**
 * The gate as a wait record for the manifest (docs/reports.md#waits): `stable` when the screen
 * held still after a rung fired, `condition` when a rung fired but the screen kept changing
 * (ready anyway), `timeout` when no rung fired.
 *
 * @example
 * ```ts
 * const launch = launchWait(await awaitReady(driver, { clock }));
 * launch.endedBy; // "stable"
 * ```
 */
export function launchWait(r: Readiness): LaunchRecord {
  const endedBy = !r.ready ? "timeout" : r.settled ? "stable" : "condition";
  return {
    kind: "launch",
    signal: r.signal,
    endedBy,
    reads: r.reads,
    seconds: r.elapsedSeconds,
    timeoutS: r.timeoutS,
    ...(endedBy === "stable" ? { stableReads: 2 } : {}),
  };
}

/**
 * Bounds and hints of the readiness gate.
 *
 * @example
 * ```ts
 * const opts: ReadinessOptions = { clock, timeoutS: 10, readyWhen: { id: "getStarted" } };
 * ```
 */
export interface ReadinessOptions {
  clock: Clock;
  timeoutS?: number;
  pollInitS?: number;
  pollMaxS?: number;
  readyWhen?: Selector | null;
  idNamespaces?: string[];
  cancel?: CancelSignal;
}

/**
 * Extra polls allowed for the stability confirmation before returning `settled: false`.
 *
 * @example
 * ```ts
 * for (let i = 0; i < MAX_SETTLE_POLLS && !settled; i++) settled = sameScreen(previous, await read());
 * ```
 */
export const MAX_SETTLE_POLLS = 3;

/**
 * Seconds between the stability confirmation's reads: the run loop's settle poll, whatever the
 * rung's backoff had grown to (the rung may have waited 0.5 s between its own reads).
 *
 * @example
 * ```ts
 * await clock.sleep(SETTLE_POLL_S); // then the confirming read
 * ```
 */
export const SETTLE_POLL_S = 0.05;

const PER_ELEMENT_KEYS = ["id", "idMatches", "label", "labelMatches", "traits", "value"] as const;

/** True when the selector has a per-element key (a bare `within`/`index` cannot signal). */
function usableReadySelector(sel: Selector | null | undefined): sel is Selector {
  return !!sel && PER_ELEMENT_KEYS.some((k) => sel[k] !== undefined);
}

/**
 * Which rung, if any, fires on this tree.
 *
 * @example
 * ```ts
 * readinessRung(tree, { id: "getStarted" }, []); // { fired: "readyWhen", rungs: ["readyWhen"] }
 * readinessRung(tree, null, ["login"]); // { fired: "namespace" | null, rungs: ["namespace"] }
 * ```
 */
export function readinessRung(
  tree: Element[],
  readyWhen: Selector | null | undefined,
  idNamespaces: string[],
): { fired: ReadinessSignal | null; rungs: ReadinessSignal[] } {
  if (usableReadySelector(readyWhen)) {
    return {
      fired: indexedPresent(tree, readyWhen) ? "readyWhen" : null,
      rungs: ["readyWhen"],
    };
  }
  // The app-reported transition rung (screenChanged) is LATER: it never fires yet.
  if (idNamespaces.length > 0) {
    const ns = new Set(idNamespaces);
    const hit = tree.some((e) => e.identifier !== null && ns.has(e.identifier.split(".")[0]));
    return { fired: hit ? "namespace" : null, rungs: ["namespace"] };
  }
  return { fired: tree.length >= 2 ? "count" : null, rungs: ["count"] };
}

/**
 * Same identifiers, labels and frames, element by element.
 *
 * @example
 * ```ts
 * sameScreen(await driver.query(), await driver.query()); // true once the screen settled
 * ```
 */
export function sameScreen(a: Element[], b: Element[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x.identifier !== y.identifier || x.label !== y.label) return false;
    for (let k = 0; k < 4; k++) if (x.frame[k] !== y.frame[k]) return false;
  }
  return true;
}

/**
 * Polls the ladder, then the stability confirmation. Query errors during startup are swallowed
 * (an app still starting), except a device that is gone for good: that ends the gate at once.
 *
 * @example
 * ```ts
 * const readiness = await awaitReady(driver, { clock, readyWhen: eff.readyWhen, timeoutS: 10 });
 * ```
 */
export async function awaitReady(driver: Driver, opts: ReadinessOptions): Promise<Readiness> {
  const { clock } = opts;
  const cancel = opts.cancel ?? neverCancelled;
  const timeoutS = opts.timeoutS ?? 10;
  let poll = opts.pollInitS ?? 0.1;
  const pollMax = opts.pollMaxS ?? 0.5;
  const namespaces = opts.idNamespaces ?? [];
  const start = clock.now();
  const deadline = start + timeoutS;
  let reads = 0;
  const read = async (): Promise<Element[] | null> => {
    reads++;
    try {
      return await driver.query();
    } catch (err) {
      if (err instanceof DeviceGone) throw err;
      return null;
    }
  };

  let rungs: ReadinessSignal[] = [];
  while (true) {
    if (cancel.cancelled) throw new RunCancelled();
    const tree = await read();
    if (tree) {
      const r = readinessRung(tree, opts.readyWhen, namespaces);
      rungs = r.rungs;
      if (r.fired) {
        const settled = await confirmStable(tree, read, clock, SETTLE_POLL_S, cancel);
        return {
          ready: true,
          signal: r.fired,
          elapsedSeconds: clock.now() - start,
          settled,
          rungs,
          reads,
          timeoutS,
        };
      }
    }
    const now = clock.now();
    if (now >= deadline) break;
    await clock.sleep(Math.min(poll, deadline - now));
    poll = Math.min(poll * 2, pollMax);
  }
  return {
    ready: false,
    signal: "timeout",
    elapsedSeconds: clock.now() - start,
    settled: false,
    rungs,
    reads,
    timeoutS,
  };
}

/**
 * Two consecutive equal reads confirm the screen holds still. The rung's own read seeds the
 * comparison; at most MAX_SETTLE_POLLS extra reads, then ready anyway with settled false.
 */
async function confirmStable(
  seed: Element[],
  read: () => Promise<Element[] | null>,
  clock: Clock,
  pollS: number,
  cancel: CancelSignal,
): Promise<boolean> {
  let previous: Element[] | null = seed;
  for (let i = 0; i < MAX_SETTLE_POLLS; i++) {
    if (cancel.cancelled) throw new RunCancelled();
    await clock.sleep(pollS);
    const next = await read();
    if (previous && next && sameScreen(previous, next)) return true;
    previous = next;
  }
  return false;
}
