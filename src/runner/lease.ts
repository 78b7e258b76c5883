/**
 * A lease: one device (or browser lane) with a freshly launched app and a freshly built driver,
 * handed to exactly one scenario attempt.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import type { BootAttempt, RemoteSession } from "../drivers/environment.ts";
import type { EvidenceSink, SkippedCapture } from "../evidence/sink.ts";
import type { Relauncher } from "../orchestrator/types.ts";
import type { Scenario } from "../scenario/types.ts";
import type { Readiness } from "./readiness.ts";

/**
 * What a scenario attempt asks of the pool.
 *
 * @example
 * ```ts
 * const req: LeaseRequest = {
 *   scenario,
 *   sid: "00-log-in",
 *   erase: false,
 *   forcedErase: false,
 *   replaceDevice: false,
 *   attempt: 1,
 * };
 * ```
 */
export interface LeaseRequest {
  scenario: Scenario;
  /** `<NN>-<slug>`. */
  sid: string;
  /** The scenario's resolved erase, or a forced erase on a crash retry. */
  erase: boolean;
  /** True when this erase was forced by crash recovery (not the scenario's own). */
  forcedErase: boolean;
  /** Ask the environment for a never-used device (the replacement rung). */
  replaceDevice: boolean;
  attempt: number;
  /**
   * Told of each step of a device boot that did not go through at once while this lease is
   * prepared (the scenario's record keeps them, even when the lease then fails).
   */
  onBootAttempt?: (attempt: BootAttempt) => void;
}

/**
 * A leased lane (see the module doc).
 *
 * @example
 * ```ts
 * const lease = await pool.lease(req);
 * try {
 *   await runScenario(lease.driver, req.scenario, { sink: lease.sink, scenarioId: req.sid });
 * } finally {
 *   const skipped = await lease.release(); // e.g. [{ kind: "video", reason: "…" }]
 * }
 * ```
 */
export interface Lease {
  driver: Driver;
  sink: EvidenceSink;
  relauncher: Relauncher | null;
  /** udid / serial / browser lane. */
  device: string;
  deviceName: string;
  deviceRuntime: string;
  /** Driver name recorded in the manifest (`fake`, `playwright`, …). */
  backend: string;
  readiness: Readiness | null;
  /** The route refuses any erase (real device, WebDriver endpoint). */
  rejectsErase: boolean;
  /** The route can hand out a brand-new device (Simulator, unpinned, with appPath). */
  canReplaceDevice: boolean;
  /** The attempt's recording never confirmed it started (earliest wedge symptom). */
  videoStartStalled(): boolean;
  /** Epoch seconds of the scenario video's start (0: no video). */
  videoAnchorS(): number;
  /** The automation route of this lease (Android: `uiautomator2` or `dump`); "" when one. */
  route?: string;
  /** The remote session this lease runs on (remote endpoints); null or absent elsewhere. */
  remoteSession?: RemoteSession | null;
  /**
   * Ends the lease: the sink's queued writes are flushed and the device goes back to the pool
   * whatever happens. `crashed`: the attempt ended in a backend crash, so a resident runner is
   * torn down, never kept warm (the retry is a cold respawn). Resolves to the captures the
   * lease's sink could not take for the scenario (each kind once), which its record lists.
   */
  release(options?: ReleaseOptions): Promise<SkippedCapture[]>;
}

/**
 * How a lease ended.
 *
 * @example
 * ```ts
 * await lease.release({ crashed: true }); // never kept warm
 * ```
 */
export interface ReleaseOptions {
  /** The attempt ended in a BackendCrashError. */
  crashed?: boolean;
}

/**
 * Hands out one lease per scenario attempt (the pool's `lease`).
 *
 * @example
 * ```ts
 * const lease: LeaseFn = devicePool(options).lease;
 * ```
 */
export type LeaseFn = (req: LeaseRequest) => Promise<Lease>;
