/**
 * The check of a whole run before it starts (docs/cli.md#preflight): every scenario against the
 * chosen backend's capabilities (a step kind, option or capture it cannot do, a feature not
 * supported yet) and the target's platform (navigation off the origin, keys that do nothing).
 * Problems come back as load errors at the line of the step or scenario, all at once, so `run`
 * prints them before any device work (and fails those scenarios without running them) and
 * `lint --config --target` can show them.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Capability } from "../drivers/driver.ts";
import type { LoadError, LoadErrorCode } from "../yaml/load_error.ts";
import type { Scenario } from "../scenario/types.ts";
import type { SourcePos } from "../yaml/pnode.ts";
import { capabilityProblems, laterProblems, preflight } from "../orchestrator/preflight.ts";
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
  /** How many scenarios have an error: they fail without running (their failure: {@link scenarioRefusal}). */
  refused: number;
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
  let refused = 0;
  for (const s of scenarios) {
    const before = errors.length;
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
    if (errors.length > before) refused++;
    for (const p of target.warnings) warnings.push(at(s, p.pos, "W_PLATFORM", p.path, p.message));
  }
  return { errors, warnings, refused };
}

/**
 * Why `s` cannot run on `backend` for `eff`'s target, as its record's failure
 * (docs/cli.md#preflight: features not supported yet first, then the backend's gaps, then the
 * platform's), or null.
 *
 * @example
 * ```ts
 * scenarioRefusal(s, eff, { actuator: "playwright", capabilities });
 * // "E_UNSUPPORTED: step 3: select is not supported yet" | "unsupported on backend 'playwright': …"
 * ```
 */
export function scenarioRefusal(
  s: Scenario,
  eff: Effective,
  backend: PlanBackend,
): string | null {
  const unsupported = preflight(s, backend.capabilities, backend.actuator);
  if (unsupported !== null) return unsupported;
  const platform = targetProblems(s, eff).errors;
  if (platform.length === 0) return null;
  return `E_PLATFORM: ${platform.map((p) => `${p.path}: ${p.message}`).join("; ")}`;
}
