/**
 * `devicePool` (docs/architecture.md#device-pool-and-leases): lease a free device, launch the app
 * and build a driver for one scenario; keep a reusable resident runner warm per (device, actuator),
 * with bounded reuse and a bounded health probe whose failure is a cache miss.
 *
 * @module
 */
import type { EvidenceSink } from "../evidence/sink.ts";
import type { Scenario, Selector } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import type { CancelSignal } from "../time/cancel.ts";
import { type DeadlineFactory, timerDeadline, withinDeadline } from "../time/deadline.ts";
import type { Environment, EnvironmentFactory } from "../drivers/environment.ts";
import type { Lease, LeaseFn, LeaseRequest } from "./lease.ts";
import { awaitReady, launchWait, type Readiness } from "./readiness.ts";

/**
 * What a pool is built from: its lanes, the environment factory and the evidence sinks.
 *
 * @example
 * ```ts
 * const opts: PoolOptions = {
 *   devices: ["fake-0"],
 *   factory,
 *   actuatorFor: () => "fake",
 *   sinkFor: () => new NullSink(),
 *   clock,
 *   maxWarmReuses: 3,
 * };
 * ```
 */
export interface PoolOptions {
  devices: string[];
  factory: EnvironmentFactory;
  /** Actuator per scenario (one per device per scenario, never swapped mid-scenario). */
  actuatorFor: (scenario: Scenario) => string;
  /** Builds the evidence sink of a lease. */
  sinkFor: (req: LeaseRequest, device: string) => EvidenceSink;
  clock: Clock;
  cancel?: CancelSignal;
  /** `BAJUTSU_XCUITEST_MAX_WARM_REUSES`: 0 disables warm reuse. */
  maxWarmReuses: number;
  /** Bound on the warm health probe (default 10 s); the pool enforces it itself. */
  healthTimeoutS?: number;
  /** Makes the probe's deadline (default a real timer); tests pass one they control. */
  probeDeadline?: DeadlineFactory;
  readyWhen?: Selector | null;
  idNamespaces?: string[];
  readyTimeoutS?: number;
  extraEnv?: (req: LeaseRequest, device: string) => Record<string, string>;
  /** Where a whole-session recording of this lease goes (web video); undefined = none. */
  videoPathFor?: (req: LeaseRequest) => string | undefined;
  log?: (line: string) => void;
}

interface WarmEntry {
  env: Environment;
  reuses: number;
}

/**
 * The lanes of a run: lease one per scenario attempt, shut all down at the end.
 *
 * @example
 * ```ts
 * const pool = devicePool(opts);
 * await pool.shutdown();
 * pool.stats(); // { coldStarts: 0, warmReuses: 0, healthMisses: 0 }
 * ```
 */
export interface DevicePool {
  lease: LeaseFn;
  shutdown(): Promise<void>;
  /** For tests and diagnostics: cold spawns and warm reuses so far. */
  stats(): { coldStarts: number; warmReuses: number; healthMisses: number };
}

/** A FIFO of free devices; `take` waits until one is free. */
class FreeQueue {
  #free: string[];
  #waiters: Array<(d: string) => void> = [];
  constructor(devices: string[]) {
    this.#free = [...devices];
  }
  take(): Promise<string> {
    const d = this.#free.shift();
    if (d !== undefined) return Promise.resolve(d);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
  give(d: string): void {
    const w = this.#waiters.shift();
    if (w) w(d);
    else this.#free.push(d);
  }
}

/**
 * Default bound on the warm runner's health probe, seconds.
 *
 * @example
 * ```ts
 * devicePool({ ...opts, healthTimeoutS: HEALTH_TIMEOUT_S / 2 });
 * ```
 */
export const HEALTH_TIMEOUT_S = 10;

/**
 * The environment's health probe, bounded by the pool: a probe that throws, answers false or
 * is still pending when its deadline passes is a cache miss.
 */
function boundedProbe(env: Environment, timeoutS: number, deadline: DeadlineFactory) {
  const probe = env.health(timeoutS).then((ok) => ok === true, () => false);
  return withinDeadline(probe, deadline(timeoutS), false);
}

/**
 * Builds the pool of lanes a run leases its devices from.
 *
 * @example
 * ```ts
 * const pool = devicePool(opts);
 * const lease = await pool.lease(req);
 * await lease.release();
 * await pool.shutdown();
 * ```
 */
export function devicePool(opts: PoolOptions): DevicePool {
  if (opts.devices.length === 0) throw new Error("devicePool needs at least one device");
  const queue = new FreeQueue(opts.devices);
  const warm = new Map<string, WarmEntry>();
  const live = new Set<Environment>();
  const log = opts.log ?? (() => {});
  const counters = { coldStarts: 0, warmReuses: 0, healthMisses: 0 };

  const discard = async (env: Environment) => {
    live.delete(env);
    try {
      await env.teardown();
    } catch (err) {
      log(`teardown of ${env.device} failed: ${err instanceof Error ? err.message : err}`);
    }
  };

  /** A warm entry usable for this request, or null after tearing down one that is not. */
  const takeWarm = async (device: string, actuator: string, req: LeaseRequest) => {
    const entry = warm.get(device);
    if (!entry) return null;
    warm.delete(device);
    const reusable = entry.env.actuator === actuator && !req.erase && !req.replaceDevice &&
      opts.maxWarmReuses > 0 && entry.reuses < opts.maxWarmReuses;
    if (!reusable) {
      await discard(entry.env);
      return null;
    }
    const healthy = await boundedProbe(
      entry.env,
      opts.healthTimeoutS ?? HEALTH_TIMEOUT_S,
      opts.probeDeadline ?? timerDeadline,
    );
    if (!healthy) {
      counters.healthMisses++;
      log(`warm runner on ${device} failed its health probe; cold start`);
      await discard(entry.env);
      return null;
    }
    return entry;
  };

  /**
   * Keeps a reusable environment warm (or tears it down; always after a crash), then frees its
   * device.
   */
  const endLease = async (leasedEnv: Environment, reuses: number, crashed: boolean) => {
    try {
      if (leasedEnv.reusable && opts.maxWarmReuses > 0 && !crashed) {
        try {
          await leasedEnv.endLease();
          warm.set(leasedEnv.device, { env: leasedEnv, reuses });
        } catch {
          await discard(leasedEnv);
        }
      } else {
        await discard(leasedEnv);
      }
    } finally {
      // A replacement device takes the old one's place in the queue.
      queue.give(leasedEnv.device);
    }
  };

  const lease: LeaseFn = async (req) => {
    const device = await queue.take();
    const actuator = opts.actuatorFor(req.scenario);
    let env: Environment | null = null;
    let reuses = 0;
    try {
      const entry = await takeWarm(device, actuator, req);
      if (entry) {
        env = entry.env;
        reuses = entry.reuses + 1;
        counters.warmReuses++;
      } else {
        env = await opts.factory.create(device, actuator);
        live.add(env);
        counters.coldStarts++;
      }
      const driver = await env.start({
        scenario: req.scenario,
        preconditions: req.scenario.preconditions,
        erase: req.erase,
        warm: entry !== null,
        extraEnv: opts.extraEnv?.(req, device) ?? {},
        replaceDevice: req.replaceDevice,
        videoPath: opts.videoPathFor?.(req),
        onBootAttempt: req.onBootAttempt,
      });
      let readiness: Readiness | null = null;
      try {
        readiness = await awaitReady(driver, {
          clock: opts.clock,
          cancel: opts.cancel,
          readyWhen: opts.readyWhen,
          idNamespaces: opts.idNamespaces,
          timeoutS: opts.readyTimeoutS,
        });
      } catch (err) {
        await discard(env);
        throw err;
      }
      const leasedEnv = env;
      const sink = opts.sinkFor(req, leasedEnv.device);
      let released = false;
      const result: Lease = {
        driver,
        sink,
        relauncher: leasedEnv.relaunch
          ? async (o) => {
            await leasedEnv.relaunch!(o);
            const gate = await awaitReady(driver, {
              clock: opts.clock,
              cancel: opts.cancel,
              readyWhen: opts.readyWhen,
              idNamespaces: opts.idNamespaces,
              timeoutS: opts.readyTimeoutS,
            });
            // The step's own wait record; the rung that fired stays with the launch's.
            const { signal: _rung, ...wait } = launchWait(gate);
            return { ...wait, kind: "relaunch" };
          }
          : null,
        device: leasedEnv.device,
        deviceName: leasedEnv.deviceName,
        deviceRuntime: leasedEnv.deviceRuntime,
        backend: driver.name,
        readiness,
        rejectsErase: leasedEnv.rejectsErase,
        canReplaceDevice: leasedEnv.canReplaceDevice,
        videoStartStalled: () => leasedEnv.videoStartStalled?.() ?? false,
        videoAnchorS: () => leasedEnv.videoAnchorS?.() ?? 0,
        route: leasedEnv.route?.() ?? "",
        remoteSession: leasedEnv.remoteSession?.() ?? null,
        release: async (how = {}) => {
          if (released) return [];
          released = true;
          try {
            await sink.flush();
            // Read once every queued write has settled: a capture that failed while flushing
            // is listed too.
            return sink.skippedCaptures?.(req.sid) ?? [];
          } finally {
            // A runner that just crashed is never kept: the retry must be a cold respawn.
            await endLease(leasedEnv, reuses, how.crashed === true);
          }
        },
      };
      return result;
    } catch (err) {
      if (env && live.has(env)) await discard(env);
      queue.give(env?.device ?? device);
      throw err;
    }
  };

  const shutdown = async () => {
    warm.clear();
    for (const env of [...live]) await discard(env);
  };

  return { lease, shutdown, stats: () => ({ ...counters }) };
}
