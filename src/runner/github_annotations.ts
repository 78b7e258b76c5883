/**
 * GitHub Actions annotations: a failing step becomes
 * `::error file=<scenario file>,line=<step line>::<failure>` when `GITHUB_ACTIONS=true`. The
 * failure and the file are author-controlled: they are made printable (docs/cli.md), then
 * encoded as GitHub's workflow commands require, so they can never end the command early or
 * start another one.
 *
 * @module
 */
import type { RunResult, StepOutcome } from "../orchestrator/types.ts";
import { printable, printableLines } from "../text/printable.ts";

/**
 * Escapes a workflow-command value (data part): `%`, CR and LF.
 *
 * @example
 * ```ts
 * escapeData("100% done\n"); // "100%25 done%0A"
 * ```
 */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/**
 * Escapes a workflow-command property (file=…, line=…): as data, plus `:` and `,`.
 *
 * @example
 * ```ts
 * escapeProperty("suite/a,b:c.yaml"); // "suite/a%2Cb%3Ac.yaml"
 * ```
 */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function failingStep(result: RunResult): StepOutcome | undefined {
  const all = [...result.beforeOutcomes, ...result.steps, ...result.afterOutcomes];
  // The deepest failing leaf carries the most precise line.
  return all.filter((s) => !s.ok).sort((a, b) => (b.line ? 1 : 0) - (a.line ? 1 : 0))[0];
}

/**
 * The annotation for one failed scenario, or null when it passed.
 *
 * @example
 * ```ts
 * annotationFor(failedResult, "suite/login.yaml");
 * // "::error file=suite/login.yaml,line=9::step 5 (assert): expected …"
 * ```
 */
export function annotationFor(result: RunResult, scenarioFile: string | undefined): string | null {
  if (result.ok) return null;
  const step = failingStep(result);
  const file = step?.file ?? scenarioFile;
  const props = [
    file ? `file=${escapeProperty(printable(file))}` : "",
    step?.line ? `line=${step.line}` : "",
  ].filter(Boolean).join(",");
  // A multi-line failure stays multi-line in the annotation (%0A); other controls are escaped.
  const message = escapeData(printableLines(result.failure ?? "failed"));
  return `::error${props ? " " + props : ""}::${message}`;
}
