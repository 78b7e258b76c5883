/**
 * Typed readers for the numeric `BAJUTSU_*` knobs (config-cli.md §3). Each takes an env getter
 * so tests inject values; an unset or empty variable means the default, anything that is not a
 * number of the right kind is a fatal `EnvKnobError` naming the variable.
 *
 * @module
 */
import { EnvKnobError } from "./errors.ts";

/** Reads one environment variable (`undefined` when unset). */
export type EnvGetter = (name: string) => string | undefined;

/** The process environment. */
export const processEnv: EnvGetter = (name) => Deno.env.get(name);

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INFINITY = /^\+?(?:inf|infinity)$/i;

interface NumberRule {
  integer?: boolean;
  /** Accept `inf` / `infinity`. */
  infinite?: boolean;
}

function readNumber(get: EnvGetter, name: string, fallback: number, rule: NumberRule): number {
  const raw = get(name);
  if (raw === undefined || raw.trim() === "") return fallback;
  const s = raw.trim();
  const expected = `a non-negative ${rule.integer ? "integer" : "number"}${
    rule.infinite ? " (or inf)" : ""
  }`;
  if (rule.infinite && INFINITY.test(s)) return Infinity;
  if (!DECIMAL.test(s)) throw new EnvKnobError(name, raw, expected);
  const n = Number(s);
  if (!Number.isFinite(n) || n < 0 || (rule.integer && !Number.isInteger(n))) {
    throw new EnvKnobError(name, raw, expected);
  }
  return n;
}

/** `BAJUTSU_MIN_WAIT_TIMEOUT` (seconds, default 0): floor under every wait/assert budget. */
export function minWaitTimeout(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_MIN_WAIT_TIMEOUT", 0, {});
}

/** `BAJUTSU_CANCEL_GRACE` (seconds, default 90). */
export function cancelGrace(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_CANCEL_GRACE", 90, {});
}

/** `BAJUTSU_CRASH_RETRIES` (default 1). */
export function crashRetries(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_CRASH_RETRIES", 1, { integer: true });
}

/** `BAJUTSU_CRASH_RECOVERY_BUDGET` (per scenario; unset = unlimited). */
export function crashRecoveryBudget(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_CRASH_RECOVERY_BUDGET", Infinity, { infinite: true });
}

/** `BAJUTSU_RUN_CRASH_RECOVERY_BUDGET` (per run; unset = unlimited). */
export function runCrashRecoveryBudget(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_RUN_CRASH_RECOVERY_BUDGET", Infinity, { infinite: true });
}

/** `BAJUTSU_XCUITEST_MAX_WARM_REUSES` (default 3; 0 = off). */
export function xcuitestMaxWarmReuses(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_XCUITEST_MAX_WARM_REUSES", 3, { integer: true });
}

/** `BAJUTSU_RUN_RETENTION_DAYS` (default 30; 0 = keep): days serve keeps deleted runs in its trash. */
export function runRetentionDays(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_RUN_RETENTION_DAYS", 30, {});
}

/** All numeric knobs at once (durations in seconds, hence the `S` suffix). */
export interface EnvKnobs {
  minWaitTimeoutS: number;
  cancelGraceS: number;
  crashRetries: number;
  crashRecoveryBudgetS: number;
  runCrashRecoveryBudgetS: number;
  maxWarmReuses: number;
}

/** Reads every knob; the first malformed one throws `EnvKnobError`. */
export function readEnvKnobs(get: EnvGetter = processEnv): EnvKnobs {
  return {
    minWaitTimeoutS: minWaitTimeout(get),
    cancelGraceS: cancelGrace(get),
    crashRetries: crashRetries(get),
    crashRecoveryBudgetS: crashRecoveryBudget(get),
    runCrashRecoveryBudgetS: runCrashRecoveryBudget(get),
    maxWarmReuses: xcuitestMaxWarmReuses(get),
  };
}
