/**
 * The plain-text step summary shared by JUnit (`<failure>` text, `<system-out>`) and CTRF
 * (`trace`): one line per step and per expectation (docs/reports.md#junitxml).
 *
 * @module
 */
import type { ManifestArtifact, ManifestScenario, ManifestStep } from "./manifest_types.ts";

const verdict = (ok: boolean) => (ok ? "ok" : "FAIL");

function line(prefix: string, s: ManifestStep): string {
  return `${prefix} ${s.index} ${s.action}: ${verdict(s.ok)} ${s.reason}`.trimEnd();
}

/**
 * `step <i> <action>: ok|FAIL <reason>` per step, then `expect <kind>: ok|FAIL <reason>`.
 *
 * @example
 * ```ts
 * failureDetails(scenario); // "step 0 tap: ok\nstep 1 tap: FAIL no match\nexpect exists: ok"
 * ```
 */
export function failureDetails(s: ManifestScenario): string {
  const lines = s.steps.map((st) => line("step", st));
  for (const a of s.expect_results) {
    lines.push(`expect ${a.kind}: ${verdict(a.ok)} ${a.reason}`.trimEnd());
  }
  return lines.join("\n");
}

/**
 * Every phase in execution order: `before …`, `step …`, skipped steps, `after …`, `expect …`.
 *
 * @example
 * ```ts
 * fullStepList(manifest.scenarios[0]); // ["step 0 tap: ok", "step 1 wait: FAIL …", …]
 * ```
 */
export function fullStepList(s: ManifestScenario): string[] {
  const lines = s.before_outcomes.map((st) => line("before", st));
  lines.push(...s.steps.map((st) => line("step", st)));
  lines.push(...s.skipped_steps.map((st) => `step ${st.index} ${st.action}: skipped`));
  lines.push(...s.after_outcomes.map((st) => line("after", st)));
  for (const a of s.expect_results) {
    lines.push(`expect ${a.kind}: ${verdict(a.ok)} ${a.reason}`.trimEnd());
  }
  return lines;
}

/**
 * All step-level artifacts of a scenario in execution order (before → steps → after).
 *
 * @example
 * ```ts
 * stepArtifacts(manifest.scenarios[0]).filter((a) => a.kind === "screenshot");
 * ```
 */
export function stepArtifacts(s: ManifestScenario): ManifestArtifact[] {
  return [...s.before_outcomes, ...s.steps, ...s.after_outcomes].flatMap((st) => st.artifacts);
}
