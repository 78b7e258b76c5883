/**
 * `bajutsu trace --explain <scenario file>` (docs/cli.md#bajutsu-trace): before a run, how each
 * `capturePolicy` rule of a scenario would fire. An `action` rule is counted exactly, with the
 * steps it matches (the run loop's own matcher); `event` and `result` rules depend on the run
 * and are listed as such. A heavy capture (video, deviceLog, appTrace, network) on a broad rule
 * (an action with no `idMatches` or one starting with `*`, or `screenChanged`) is flagged.
 * Nothing here runs the app or uses a model.
 *
 * @module
 */
import { actionRuleFires, INTERVAL_KINDS, tokenKind } from "../orchestrator/evidence_rules.ts";
import { primarySelector } from "../orchestrator/primary_selector.ts";
import type { CaptureRule } from "../model/capture.ts";
import type { Scenario } from "../model/scenario.ts";
import type { Step } from "../model/step.ts";
import { primaryId } from "../selectors/mod.ts";

const HEAVY_KINDS: ReadonlySet<string> = new Set([...INTERVAL_KINDS, "network"]);

/**
 * The preview of `scenarios`' capturePolicy rules, one line per entry.
 *
 * @example
 * ```ts
 * explainLines(scenarios);
 * // ["scenario: log in", "  action=tap idMatches=login.*: fires 2× [screenshot]", "    step 0 tap login.user", …]
 * ```
 */
export function explainLines(scenarios: readonly Scenario[]): string[] {
  const out: string[] = [];
  for (const s of scenarios) {
    out.push(`scenario: ${s.name}`);
    if (s.capturePolicy.length === 0) out.push("  (no capturePolicy rules)");
    for (const rule of s.capturePolicy) out.push(...ruleLines(rule, s.steps));
  }
  return out;
}

function ruleLines(rule: CaptureRule, steps: readonly Step[]): string[] {
  const heavy = rule.capture.filter((t) => HEAVY_KINDS.has(tokenKind(t)));
  const notes = `${rule.capture.length ? ` [${rule.capture.join(", ")}]` : ""}${
    heavy.length > 0 && isBroad(rule)
      ? ` ⚠ heavy capture (${heavy.join(", ")}) on a broad rule: narrow its match`
      : ""
  }`;
  const on = rule.on;
  if (!("action" in on)) {
    const trigger = "event" in on ? `event=${on.event}` : `result=${on.result}`;
    return [`  ${trigger}: fires at run time${notes}`];
  }
  const matched = leafSteps(steps).filter(({ step }) => {
    const sel = primarySelector(step);
    return actionRuleFires(rule, step.action, sel ? primaryId(sel) : null);
  });
  const trigger = `action=${on.action}${
    on.idMatches !== undefined ? ` idMatches=${on.idMatches}` : ""
  }`;
  return [
    `  ${trigger}: fires ${matched.length}×${notes}`,
    ...matched.map(({ path, step }) => {
      const sel = primarySelector(step);
      const id = sel ? primaryId(sel) : null;
      return `    ${path} ${step.name ?? step.action}${id ? ` ${id}` : ""}`;
    }),
  ];
}

/** Every step that acts, with where it sits (`step 2`, `step 3.then[0]`, …). */
function leafSteps(
  steps: readonly Step[],
  at: (i: number) => string = (i) => `step ${i}`,
): { path: string; step: Step }[] {
  const out: { path: string; step: Step }[] = [];
  steps.forEach((step, i) => {
    const path = at(i);
    const nested = nestedSteps(step);
    if (nested === null) out.push({ path, step });
    else {
      for (const [branch, list] of nested) {
        out.push(...leafSteps(list, (j) => `${path}.${branch}[${j}]`));
      }
    }
  });
  return out;
}

/** The step lists inside a control-flow step, by branch name; null for a leaf step. */
function nestedSteps(step: Step): [string, Step[]][] | null {
  const body = step.body as unknown as Record<string, unknown>;
  if (step.action === "if") {
    const branches: [string, Step[]][] = [];
    for (const key of ["then", "else"]) {
      if (Array.isArray(body[key])) branches.push([key, body[key] as Step[]]);
    }
    return branches;
  }
  if (step.action === "forEach" || step.action === "web") {
    return Array.isArray(body.steps) ? [["steps", body.steps as Step[]]] : [];
  }
  return null;
}

function isBroad(rule: CaptureRule): boolean {
  const on = rule.on;
  if ("action" in on) return on.idMatches === undefined || on.idMatches.startsWith("*");
  return "event" in on;
}
