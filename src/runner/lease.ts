/**
 * A lease: one device (or browser lane) with a freshly launched app and a freshly built driver,
 * handed to exactly one scenario attempt.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import type { RemoteSession } from "../drivers/environment.ts";
import type { EvidenceSink } from "../evidence/sink.ts";
import type { Relauncher } from "../orchestrator/types.ts";
import type { Scenario } from "../scenario/types.ts";
import type { Readiness } from "./readiness.ts";

export interface SkippedCapture {
  kind: string;
  reason: string;
}

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
}

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
  skippedCaptures: SkippedCapture[];
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
   * Ends the lease: the device goes back to the pool whatever happens. `crashed`: the attempt
   * ended in a backend crash, so a resident runner is torn down, never kept warm (the retry is a
   * cold respawn, as the seed says).
   */
  release(options?: ReleaseOptions): Promise<void>;
}

/** How a lease ended. */
export interface ReleaseOptions {
  /** The attempt ended in a BackendCrashError. */
  crashed?: boolean;
}

export type LeaseFn = (req: LeaseRequest) => Promise<Lease>;
