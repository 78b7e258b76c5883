/**
 * The run-level input of every report: the scenario records (src/model/scenario_record.ts), the
 * run's provenance and how it repeated. Plain data.
 *
 * @module
 */
import type { ScenarioRecord } from "../model/scenario_record.ts";
import type { RepeatMode } from "./flakiness.ts";

// The per-scenario records are plain data in src/model; re-exported for the reports' users.
export type {
  AlertEvent,
  BootAttemptRecord,
  PlannedStep,
  Recovery,
  RemoteSessionRecord,
  ScenarioRecord,
} from "../model/scenario_record.ts";

/**
 * Run identity stamp (docs/reports.md#manifestjson); never part of `ok`. Extra keys are kept as
 * given.
 *
 * @example
 * ```ts
 * const p: Provenance = buildProvenance({ scenarioYaml: yamlText, gitRevision: "3f2a9c1" });
 * ```
 */
export interface Provenance {
  scenarioHash?: string;
  toolVersion?: string;
  gitRevision?: string;
  configSource?: { host: string; owner: string; repo: string; ref: string; sha: string };
  uploadExec?: { decision: string; field: string; source: string; image: string };
  [key: string]: unknown;
}

/**
 * Everything `writeReport` needs.
 *
 * @example
 * ```ts
 * const input: RunReportInput = { runId: "20240501-101500", results: records, sourceName: null };
 * await writeReport("runs/20240501-101500", input);
 * ```
 */
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
  /** How the run repeated its scenarios (`--repeat`/`--retries`); absent: once each. */
  repeats?: RepeatMode;
}
