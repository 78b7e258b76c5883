/**
 * The result of one scenario run by the orchestrator: every phase's step outcomes, the `expect`
 * verdicts, the failure. Reports are pure functions of these records.
 *
 * @module
 */
import type { Actuation } from "./actuation.ts";
import type { AssertionResult } from "./assertion_result.ts";
import type { StepOutcome } from "./step_outcome.ts";
import type { LaunchRecord, WaitRecord } from "./wait_record.ts";

export type AfterVerdict = "success" | "error" | "";

export interface RunResult {
  scenario: string;
  ok: boolean;
  steps: StepOutcome[];
  expectResults: AssertionResult[];
  /** e.g. `step 3 (tap): no match: {"id":"x"}`; null when ok. */
  failure: string | null;
  beforeOutcomes: StepOutcome[];
  afterOutcomes: StepOutcome[];
  afterVerdict: AfterVerdict;
  durationS: number;
  /** Variables bound during the run (values of secrets never appear here). */
  vars: Record<string, string>;
  /** What the driver did while the alert guard cleared a blocker before `expect` re-ran. */
  expectActuations?: Actuation[];
  /** Alerts the guard dismissed before `expect` was re-evaluated. */
  expectAlerts?: { label: string }[];
  /** The `expect` block's re-read waits under the run's floor (docs/reports.md#waits). */
  expectWaits?: WaitRecord[];
  /** The launch readiness gate's wait (docs/reports.md#waits). */
  launch?: LaunchRecord;
}
