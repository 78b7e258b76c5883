/**
 * The persisted shape of manifest.json (docs/reports.md#manifestjson): top level camelCase, result
 * bodies snake_case. Every renderer (JUnit, CTRF, HTML, history) reads this shape, never the
 * in-memory results, so `bajutsu report <dir>` reproduces them from the file alone.
 *
 * @module
 */

import type { LatencySummary } from "./latency_summary.ts";
import type { ManifestLaunch, ManifestWait, StepAudit } from "./step_audit.ts";
import type { ManifestFlakiness } from "./flakiness.ts";

/**
 * The render model's version; bump when a field the report needs is added.
 *
 * @example
 * ```ts
 * manifest.schemaVersion === SCHEMA_VERSION; // written by this version of bajutsu
 * ```
 */
export const SCHEMA_VERSION = 10;

/**
 * A file of the run (run-folder relative name), its kind and who supplied it.
 *
 * @example
 * ```ts
 * const a: ManifestArtifact = { name: "00-log-in/step0/after.png", kind: "screenshot", provider: "driver" };
 * ```
 */
export interface ManifestArtifact {
  name: string;
  kind: string;
  provider: string;
}

/**
 * A visual assertion's images and comparison.
 *
 * @example
 * ```ts
 * step.visual?.diff; // "00-home/step2/diff.png" when the comparison failed
 * ```
 */
export interface ManifestVisual {
  baseline_name: string;
  actual: string;
  baseline: string;
  diff: string | null;
  diff_pct: number | null;
  missing: boolean;
  engine: string;
  element_scoped: boolean;
  masked_selectors: string[];
}

/**
 * One assertion's verdict (an `expect` entry or an `assert` step's check).
 *
 * @example
 * ```ts
 * manifest.scenarios[0].expect_results.filter((a: ManifestAssertion) => !a.ok);
 * ```
 */
export interface ManifestAssertion {
  ok: boolean;
  kind: string;
  detail: string;
  reason: string;
  visual: ManifestVisual | null;
}

/**
 * One input the driver sent to the app (a tap, a swipe, typed text …) and where.
 *
 * @example
 * ```ts
 * manifest.scenarios[0].steps[0].actuations.map((a: ManifestActuation) => a.kind); // ["tap"]
 * ```
 */
export interface ManifestActuation {
  gesture: string;
  via: string;
  unit: string;
  points: [number, number][];
  frame: [number, number, number, number] | null;
  target: string | null;
  accepted: boolean;
  duration_s: number | null;
  scale: number | null;
  radians: number | null;
  substitution: string | null;
}

/**
 * A selector as written in the scenario (camelCase keys, like the DSL).
 *
 * @example
 * ```ts
 * const sel: ManifestSelector = { id: "login.submit" };
 * ```
 */
export type ManifestSelector = Record<string, unknown>;

/**
 * One executed step, with its verdict, timing, evidence and actuations.
 *
 * @example
 * ```ts
 * const failed: ManifestStep | undefined = manifest.scenarios[0].steps.find((s) => !s.ok);
 * ```
 */
export interface ManifestStep extends StepAudit {
  index: number;
  action: string;
  ok: boolean;
  reason: string;
  duration_s: number;
  /** Absolute epoch seconds. */
  started_at: number;
  assertion_results: ManifestAssertion[];
  artifacts: ManifestArtifact[];
  alerts: { label: string }[];
  actuations: ManifestActuation[];
  dropped_actuations: number;
  generated: string | null;
  fired_rules: number[];
  // Extensions (not in the reference manifest): what the report needs to name and place a step.
  step_id: string;
  selector: ManifestSelector | null;
  line: number | null;
  file: string | null;
  retried: boolean;
  /** What the step did beyond its selector (typed text, key, wait kind); null when nothing. */
  detail: string | null;
  /** The opt-in auto-wait before the action (target `actionTimeout`); null when off. */
  auto_wait: ManifestAutoWait | null;
  /** JavaScript dialogs opened during the step and how each was answered. */
  dialogs: ManifestDialog[];
}

export interface ManifestAutoWait {
  selector: ManifestSelector;
  seconds: number;
  polls: number;
  ready: boolean;
  enabled: boolean;
}

export interface ManifestDialog {
  kind: string;
  text: string;
  answer: string;
  unexpected: boolean;
}

/**
 * A main-phase step that never ran.
 *
 * @example
 * ```ts
 * manifest.scenarios[0].skipped_steps.map((s: ManifestSkippedStep) => s.step_id); // ["step6"]
 * ```
 */
export interface ManifestSkippedStep {
  index: number;
  action: string;
  step_id: string;
  selector: ManifestSelector | null;
}

/**
 * One backend crash of a scenario and how the next attempt was leased.
 *
 * @example
 * ```ts
 * manifest.scenarios[0].recoveries.filter((r: ManifestRecovery) => r.retried).length;
 * ```
 */
export interface ManifestRecovery {
  /** The attempt (1-based) that crashed. */
  attempt: number;
  crash: string;
  /** The next attempt ran with the forced erase. */
  forced_erase: boolean;
  /** The next attempt ran on a brand-new device. */
  replace_device: boolean;
  /** A next attempt was made (false: the budgets or the count were spent). */
  retried: boolean;
}

/** One attempt's session on a remote WebDriver endpoint; never a credential. */
export interface ManifestRemoteSession {
  attempt: number;
  /** `scheme://host[:port]/path`, without userinfo. */
  endpoint: string;
  session_id: string;
  /** The device cloud's page for the session (its video), when known. */
  session_url: string | null;
}

/**
 * One step of a device boot that did not go through at once (docs/reports.md#device-boots).
 *
 * @example
 * ```ts
 * manifest.scenarios[0].boot_attempts?.filter((b: ManifestBootAttempt) => !b.ok).length;
 * ```
 */
export interface ManifestBootAttempt {
  /** The scenario attempt (1-based) whose lease booted the device. */
  attempt: number;
  device: string;
  /** `boot`, `bootstatus -b`, `shutdown`. */
  command: string;
  ok: boolean;
  /** The tool's exit code when the step failed; null when it succeeded or was killed. */
  exit_code: number | null;
  /** Why it failed; "" when it succeeded. */
  detail: string;
}

/**
 * One scenario of the run (one engine × scenario cell on a matrix run).
 *
 * @example
 * ```ts
 * const failing: ManifestScenario[] = manifest.scenarios.filter((s) => !s.ok);
 * ```
 */
export interface ManifestScenario {
  scenario: string;
  ok: boolean;
  steps: ManifestStep[];
  expect_results: ManifestAssertion[];
  failure: string | null;
  artifacts: ManifestArtifact[];
  backend: string;
  engine: string;
  sid: string;
  device: string;
  device_name: string;
  device_runtime: string;
  duration_s: number;
  video_anchor_s: number;
  expect_alerts: { label: string }[];
  /** The `expect` block's re-read waits under the run's floor; absent when it read once. */
  expect_waits?: ManifestWait[];
  /** The launch readiness gate (docs/reports.md#waits); absent when unknown. */
  launch?: ManifestLaunch;
  expect_actuations: ManifestActuation[];
  dropped_expect_actuations: number;
  skipped_captures: { kind: string; reason: string }[];
  before_outcomes: ManifestStep[];
  after_outcomes: ManifestStep[];
  after_verdict: "success" | "error" | "";
  // Extensions.
  /** The automation route (Android: `uiautomator2` or `dump`); "" when the backend has one. */
  route: string;
  /** Leases the scenario took: more than 1 after a backend-crash recovery, 0 if never leased. */
  attempts: number;
  /** Each backend crash the scenario met and how the next attempt was leased, in order. */
  recoveries?: ManifestRecovery[];
  /** Each attempt's session on a remote endpoint (remote backend only), in order. */
  remote_sessions?: ManifestRemoteSession[];
  /** Each step of a device boot that did not go through at once, in order; absent when none. */
  boot_attempts?: ManifestBootAttempt[];
  skipped_steps: ManifestSkippedStep[];
  file: string | null;
  description: string | null;
  /** The config target it ran on ("" when unknown, e.g. an older manifest). */
  target: string;
  /** Absolute epoch seconds at which it started (0 when unknown); with `duration_s`, wall time. */
  started_at: number;
  /** Which attempt of the scenario this is (1-based) under `--repeat`/`--retries`; else absent. */
  repetition?: number;
}

/**
 * One engine × scenario cell of a matrix run.
 *
 * @example
 * ```ts
 * const cell: MatrixCell | undefined = manifest.matrix?.cells["log in"]?.["firefox"];
 * cell?.failure; // why log in failed on firefox, or null
 * ```
 */
export interface MatrixCell {
  ok: boolean;
  sid: string;
  failure: string | null;
}

/**
 * The engine × scenario grid of a cross-browser run.
 *
 * @example
 * ```ts
 * const engines: string[] = (manifest.matrix as ManifestMatrix | null)?.engines ?? [];
 * ```
 */
export interface ManifestMatrix {
  engines: string[];
  scenarios: string[];
  cells: Record<string, Record<string, MatrixCell>>;
}

/**
 * manifest.json: the versioned model every other report is derived from (docs/reports.md).
 *
 * @example
 * ```ts
 * const manifest: Manifest = JSON.parse(await Deno.readTextFile("runs/x/manifest.json"));
 * manifest.ok; // the run's verdict
 * ```
 */
export interface Manifest {
  schemaVersion: number;
  runId: string;
  ok: boolean;
  backend: string;
  sourceName: string | null;
  scenarios: ManifestScenario[];
  provenance?: Record<string, unknown>;
  matrix?: ManifestMatrix;
  /** Step latency per kind and backend, the slowest steps, the budget verdict. */
  latency?: LatencySummary;
  /** Each scenario's verdict over its attempts (`run --repeat`/`--retries`); else absent. */
  flakiness?: ManifestFlakiness;
}
