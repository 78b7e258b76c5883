/**
 * The check of a whole run before it starts (docs/cli.md#preflight): every scenario against the
 * chosen backend's capabilities (a step kind, option or capture it cannot do, a feature not
 * supported yet) and the target's platform (navigation off the origin, keys that do nothing).
 * Problems come back as load errors at the line of the step or scenario, all at once, so `run`
 * refuses the run before any device work and `lint --config --target` can show them.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Capability } from "../drivers/driver.ts";
import type { LoadError, LoadErrorCode } from "../yaml/load_error.ts";
import type { Scenario } from "../scenario/types.ts";
import type { SourcePos } from "../yaml/pnode.ts";
import { capabilityProblems, laterProblems } from "../orchestrator/preflight.ts";
import { targetProblems } from "./target_checks.ts";

/** The backend a plan is checked against. */
export interface PlanBackend {
  actuator: string;
  capabilities: ReadonlySet<Capability>;
}

/** Every problem and warning of the run, positioned like load errors. */
export interface PlanCheck {
  errors: LoadError[];
  warnings: LoadError[];
}

function at(
  s: Scenario,
  pos: SourcePos | undefined,
  code: LoadErrorCode,
  path: string,
  message: string,
): LoadError {
  const where = pos ?? s.pos;
  return {
    file: where?.file ?? s.file ?? "<scenario>",
    line: where?.line ?? 1,
    col: where?.col ?? 1,
    code,
    path: `${JSON.stringify(s.name)} > ${path}`,
    message,
  };
}

/**
 * Checks every scenario; an empty `errors` means the run may start.
 *
 * @example
 * ```ts
 * const { errors } = checkPlan(scenarios, eff, { actuator: "playwright", capabilities });
 * for (const e of errors) console.error(formatLoadError(e));
 * // demo.yaml:12:7: E_CAPABILITY "edit" > step 3: handleSystemAlert needs 'handleSystemAlert' (backend playwright)
 * ```
 */
export function checkPlan(
  scenarios: readonly Scenario[],
  eff: Effective,
  backend: PlanBackend,
): PlanCheck {
  const errors: LoadError[] = [];
  const warnings: LoadError[] = [];
  for (const s of scenarios) {
    for (const p of laterProblems(s)) {
      errors.push(at(s, p.pos, "E_UNSUPPORTED", p.path, p.message));
    }
    for (const p of capabilityProblems(s, backend.capabilities)) {
      errors.push(
        at(s, p.pos, "E_CAPABILITY", p.path, `${p.message} (backend ${backend.actuator})`),
      );
    }
    const target = targetProblems(s, eff);
    for (const p of target.errors) errors.push(at(s, p.pos, "E_PLATFORM", p.path, p.message));
    for (const p of target.warnings) warnings.push(at(s, p.pos, "W_PLATFORM", p.path, p.message));
  }
  return { errors, warnings };
}
