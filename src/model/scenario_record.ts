/**
 * One scenario of a run as the runner records it (ScenarioRecord): the orchestrator's result plus
 * where and how it ran (device, backend, evidence dir, attempts, recoveries, boots). What every
 * report consumes.
 *
 * @module
 */
import type { Actuation } from "./actuation.ts";
import type { Artifact } from "./artifact.ts";
import type { RunResult } from "./run_result.ts";
import type { SkippedCapture } from "./skipped_capture.ts";
import type { ActionName } from "./step.ts";
import type { Selector } from "./selector.ts";

/**
 * A system alert dismissed by the alert guard.
 *
 * @example
 * ```ts
 * const dismissed: AlertEvent = { label: "Not Now" };
 * ```
 */
export interface AlertEvent {
  label: string;
}

/**
 * A main-phase step that never ran (after a failure or a cancel); shown as skipped.
 *
 * @example
 * ```ts
 * const planned: PlannedStep = { action: "tap", stepId: "step3" };
 * ```
 */
export interface PlannedStep {
  action: ActionName;
  stepId: string;
  selector?: Selector;
}

/**
 * One scenario of a run (one engine × scenario cell on a matrix run): what the runner produces
 * and every report consumes. The runner fills it as the scenario ends; before the reports,
 * paths are made portable (artifact names run-dir relative, `file` relative to where the run
 * started) and its texts redacted.
 *
 * @example
 * ```ts
 * const record: ScenarioRecord = failedRecord(0, scenario, "cancelled", "", new Date());
 * buildManifest({ runId: "20240501-101500", results: [record], sourceName: null });
 * ```
 */
export interface ScenarioRecord {
  result: RunResult;
  /** Evidence dir of the scenario, `NN-slug`. */
  sid: string;
  /** Actuator that drove it: xcuitest, adb, playwright, fake, webdriver. */
  backend: string;
  /** Browser engine on a matrix run; "" otherwise. */
  engine: string;
  /** udid / serial / lane. */
  device: string;
  deviceName: string;
  /** e.g. "iOS 17.2". */
  deviceRuntime: string;
  /** The automation route (Android: `uiautomator2` or `dump`); "" when the backend has one. */
  route?: string;
  /** Leases the scenario took (more than 1 after a backend-crash recovery; 0: never leased). */
  attempts?: number;
  /** Scenario source file, when known. */
  file?: string;
  /** The config target it ran on. */
  target?: string;
  description?: string;
  /** Scenario-level artifacts: network.json, appTrace, the web scenario video. */
  artifacts: Artifact[];
  skippedCaptures: SkippedCapture[];
  /** Absolute epoch seconds of the scenario video's confirmed start; 0 when none. */
  videoAnchorS: number;
  /** Absolute epoch seconds at which the scenario started. */
  startedAt: number;
  expectAlerts?: AlertEvent[];
  expectActuations?: Actuation[];
  droppedExpectActuations?: number;
  /** The main phase's full step list, so steps after a failure can be shown as skipped. */
  plannedSteps?: PlannedStep[];
  /** The backend crashes it met, in order. */
  recoveries?: Recovery[];
  /** The remote session of each attempt (remote endpoints only), in order. */
  remoteSessions?: RemoteSessionRecord[];
  /** Each step of a device boot that did not go through at once, in order. */
  bootAttempts?: BootAttemptRecord[];
  /** Which attempt of the scenario (1-based) under `--repeat`/`--retries`; absent otherwise. */
  repetition?: number;
}

/**
 * One step of a device boot that did not go through at once while a scenario attempt's lease
 * was prepared: the failed boot, then each call of its recovery (docs/backends.md#booting).
 *
 * @example
 * ```ts
 * const b: BootAttemptRecord = {
 *   attempt: 1,
 *   device: "6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11",
 *   command: "bootstatus -b",
 *   ok: true,
 *   exitCode: null,
 *   detail: "",
 * };
 * ```
 */
export interface BootAttemptRecord {
  /** The scenario attempt (1-based) whose lease booted the device. */
  attempt: number;
  device: string;
  /** `boot`, `bootstatus -b`, `shutdown`. */
  command: string;
  ok: boolean;
  /** The tool's exit code when the step failed; null when it succeeded or was killed. */
  exitCode: number | null;
  /** Why it failed; "" when it succeeded. */
  detail: string;
}

/**
 * One attempt's session on a remote WebDriver endpoint: where (no credentials), which session,
 * and the cloud's page for it (its video).
 */
export interface RemoteSessionRecord {
  attempt: number;
  endpoint: string;
  sessionId: string;
  sessionUrl: string | null;
}

/**
 * One backend crash of a scenario and what the retry did
 * (docs/architecture.md#backend-crash-recovery).
 *
 * @example
 * ```ts
 * const r: Recovery = { attempt: 1, crash: "runner is gone", forcedErase: true, replaceDevice: false, retried: true };
 * ```
 */
export interface Recovery {
  attempt: number;
  crash: string;
  forcedErase: boolean;
  replaceDevice: boolean;
  retried: boolean;
}
