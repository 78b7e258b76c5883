/**
 * What a scenario asks that its target's platform cannot do, found before the run
 * (docs/scenario-language.md#preconditions): on the web, `preconditions.url` and `deeplink` must
 * stay on the target's origin, and launch arguments, launch environment and locale — in the
 * preconditions or on a `relaunch` step — have no effect (a warning); elsewhere
 * `preconditions.url` is web-only (an error).
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Scenario } from "../scenario/types.ts";
import type { SourcePos } from "../yaml/pnode.ts";
import { sameOriginUrl } from "../config/same_origin.ts";
import { forEachStep } from "../orchestrator/preflight.ts";

/** A problem with the path it concerns, as preflight reports them. */
export interface TargetProblem {
  path: string;
  message: string;
  /** The step it is on; absent: the scenario's own line. */
  pos?: SourcePos;
}

/** The scenario's errors and warnings on `eff`'s platform. */
export function targetProblems(
  s: Scenario,
  eff: Effective,
): { errors: TargetProblem[]; warnings: TargetProblem[] } {
  const errors: TargetProblem[] = [];
  const warnings: TargetProblem[] = [];
  const pre = s.preconditions;
  if (eff.app.platform === "web") {
    const base = eff.app.baseUrl;
    for (const key of ["url", "deeplink"] as const) {
      const value = pre[key];
      if (value === undefined) continue;
      const r = sameOriginUrl(base, value);
      if ("error" in r) errors.push({ path: `preconditions.${key}`, message: r.error });
    }
    if (pre.launchArgs.length > 0) {
      warnings.push({ path: "preconditions.launchArgs", message: "has no effect on web targets" });
    }
    if (Object.keys(pre.launchEnv).length > 0) {
      warnings.push({ path: "preconditions.launchEnv", message: "has no effect on web targets" });
    }
    if (pre.locale !== undefined) {
      warnings.push({ path: "preconditions.locale", message: "has no effect on web targets" });
    }
    forEachStep(s, (step, path) => {
      if (step.action !== "relaunch") return;
      for (const key of ["env", "args"] as const) {
        const v = step.body[key];
        if (v === undefined || Object.keys(v).length === 0) continue;
        warnings.push({
          path: `${path} > relaunch.${key}`,
          message: "has no effect on web targets (a relaunch reloads the page)",
          pos: step.pos,
        });
      }
    });
  } else if (pre.url !== undefined) {
    errors.push({
      path: "preconditions.url",
      message: `is web-only (target ${eff.target} is ${eff.app.platform}); use deeplink`,
    });
  }
  return { errors, warnings };
}
