/**
 * The persisted shape of manifest.json (reporting.md §3): top level camelCase, result bodies
 * snake_case. Every renderer (JUnit, CTRF, HTML, history) reads this shape, never the in-memory
 * results, so `bajutsu report <dir>` reproduces them from the file alone.
 *
 * @module
 */

import type { LatencySummary } from "./latency_summary.ts";
import type { StepAudit } from "./step_audit.ts";

/** The render model's version; bump when a field the report needs is added. */
export const SCHEMA_VERSION = 10;

export interface ManifestArtifact {
  name: string;
  kind: string;
  provider: string;
}

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

export interface ManifestAssertion {
  ok: boolean;
  kind: string;
  detail: string;
  reason: string;
  visual: ManifestVisual | null;
}

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

/** A selector as written in the scenario (camelCase keys, like the DSL). */
export type ManifestSelector = Record<string, unknown>;

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

/** A main-phase step that never ran. */
export interface ManifestSkippedStep {
  index: number;
  action: string;
  step_id: string;
  selector: ManifestSelector | null;
}

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
  skipped_steps: ManifestSkippedStep[];
  file: string | null;
  description: string | null;
  /** The config target it ran on ("" when unknown, e.g. an older manifest). */
  target: string;
  /** Absolute epoch seconds at which it started (0 when unknown); with `duration_s`, wall time. */
  started_at: number;
}

export interface MatrixCell {
  ok: boolean;
  sid: string;
  failure: string | null;
}

export interface ManifestMatrix {
  engines: string[];
  scenarios: string[];
  cells: Record<string, Record<string, MatrixCell>>;
}

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
}
