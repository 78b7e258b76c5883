/**
 * The target's latency budget and the run's verdict on it (docs/configuration.md#latencybudget):
 * the report input carries the budget, the manifest judges it, and a breach fails the run with
 * one stderr line and the failed-run exit code.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Manifest } from "../report/manifest_types.ts";
import type { RunReportInput } from "../report/model.ts";

/** The report-input field for `eff`'s budget (none when the target sets no budget). */
export function latencyBudgetOf(eff: Effective): Pick<RunReportInput, "latencyBudget"> {
  const s = eff.run.stepP95BudgetS ?? null;
  return s === null ? {} : { latencyBudget: { stepP95S: s } };
}

/** The breach line (`E_LATENCY_BUDGET …`) when the run went over its budget; null otherwise. */
export function budgetFailure(manifest: Manifest): string | null {
  const b = manifest.latency?.budget;
  return b && !b.ok ? `E_LATENCY_BUDGET ${b.message}` : null;
}
