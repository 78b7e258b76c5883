/**
 * The run-level input of every report: the orchestrator's results plus what the runner knows
 * about each scenario (device, backend, evidence dir, scenario-level artifacts). Plain data.
 *
 * @module
 */
import type { Actuation } from "../drivers/driver.ts";
import type { Artifact, RunResult } from "../orchestrator/types.ts";
import type { ActionName, Selector } from "../scenario/types.ts";

/** An evidence kind that was requested but could not be captured, and why. */
export interface SkippedCapture {
  kind: string;
  reason: string;
}

/** A system alert dismissed by the alert guard. */
export interface AlertEvent {
  label: string;
}

/** A main-phase step that never ran (after a failure or a cancel); shown as skipped. */
export interface PlannedStep {
  action: ActionName;
  stepId: string;
  selector?: Selector;
}

/** One executed scenario (one engine × scenario cell on a matrix run). */
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
}

/** Run identity stamp (reporting.md §3); never part of `ok`. Extra keys are kept as given. */
export interface Provenance {
  scenarioHash?: string;
  toolVersion?: string;
  gitRevision?: string;
  configSource?: { host: string; owner: string; repo: string; ref: string; sha: string };
  uploadExec?: { decision: string; field: string; source: string; image: string };
  [key: string]: unknown;
}

/** Everything `writeReport` needs. */
export interface RunReportInput {
  runId: string;
  /** Declaration order; engine-major on a matrix run. */
  results: ScenarioRecord[];
  /** Scenario file name shown in the report header. */
  sourceName: string | null;
  provenance?: Provenance;
  /** The executed scenarios, written as scenario.yaml and shown in the report's YAML view. */
  scenarioYaml?: string;
  /** The target's `latencyBudget` (docs/configuration.md#latencybudget); none: no budget. */
  latencyBudget?: { stepP95S: number };
}
