/**
 * GitHub Actions annotations: a failing step becomes
 * `::error file=<scenario file>,line=<step line>::<failure>` when `GITHUB_ACTIONS=true`.
 *
 * @module
 */
import type { RunResult, StepOutcome } from "../orchestrator/types.ts";

/** Escapes a workflow-command value (data part). */
function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow-command property (file=…, line=…). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function failingStep(result: RunResult): StepOutcome | undefined {
  const all = [...result.beforeOutcomes, ...result.steps, ...result.afterOutcomes];
  // The deepest failing leaf carries the most precise line.
  return all.filter((s) => !s.ok).sort((a, b) => (b.line ? 1 : 0) - (a.line ? 1 : 0))[0];
}

/** The annotation for one failed scenario, or null when it passed. */
export function annotationFor(result: RunResult, scenarioFile: string | undefined): string | null {
  if (result.ok) return null;
  const step = failingStep(result);
  const file = step?.file ?? scenarioFile;
  const props = [
    file ? `file=${escapeProperty(file)}` : "",
    step?.line ? `line=${step.line}` : "",
  ].filter(Boolean).join(",");
  return `::error${props ? " " + props : ""}::${escapeData(result.failure ?? "failed")}`;
}
