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

/** `BAJUTSU_XCUITEST_STARTUP_TIMEOUT` (seconds, default 120): a cold runner start's ceiling. */
export function xcuitestStartupTimeout(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_XCUITEST_STARTUP_TIMEOUT", 120, {});
}

/** `BAJUTSU_XCUITEST_RESPAWN_TIMEOUT` (seconds; unset = the startup timeout): a respawn's ceiling. */
export function xcuitestRespawnTimeout(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_XCUITEST_RESPAWN_TIMEOUT", xcuitestStartupTimeout(get), {});
}

/** `BAJUTSU_XCUITEST_RECOVERY_TIMEOUT` (seconds, default 180): bound on a device repair. */
export function xcuitestRecoveryTimeout(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_XCUITEST_RECOVERY_TIMEOUT", 180, {});
}

/** `BAJUTSU_VIDEO_START_TIMEOUT` (seconds, default 5): a recording must say it started by then. */
export function videoStartTimeout(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_VIDEO_START_TIMEOUT", 5, {});
}

/** The iOS Simulator backend's knobs (config-cli §3, "XCUITest"). */
export interface XcuitestKnobs {
  startupTimeoutS: number;
  respawnTimeoutS: number;
  recoveryTimeoutS: number;
  maxWarmReuses: number;
  videoStartTimeoutS: number;
  /** `BAJUTSU_XCUITEST_RUNNER_LOG`: where runner logs go (default: a temp folder). */
  runnerLogDir: string | null;
  /** `BAJUTSU_XCUITEST_RESULT_BUNDLES`: keep an .xcresult per runner here (default: none). */
  resultBundlesDir: string | null;
}

/** Reads the iOS knobs; the first malformed one throws `EnvKnobError`. */
export function readXcuitestKnobs(get: EnvGetter = processEnv): XcuitestKnobs {
  const dir = (name: string) => {
    const v = get(name)?.trim();
    return v ? v : null;
  };
  return {
    startupTimeoutS: xcuitestStartupTimeout(get),
    respawnTimeoutS: xcuitestRespawnTimeout(get),
    recoveryTimeoutS: xcuitestRecoveryTimeout(get),
    maxWarmReuses: xcuitestMaxWarmReuses(get),
    videoStartTimeoutS: videoStartTimeout(get),
    runnerLogDir: dir("BAJUTSU_XCUITEST_RUNNER_LOG"),
    resultBundlesDir: dir("BAJUTSU_XCUITEST_RESULT_BUNDLES"),
  };
}

/**
 * `BAJUTSU_REMOTE_SESSION_BUDGET` (seconds, default 300): how long opening a session on a remote
 * Appium endpoint may keep retrying a grid or cloud that is at capacity (or that went away after
 * answering earlier in the run) before the lease fails as a DeviceError.
 */
export function remoteSessionBudget(get: EnvGetter = processEnv): number {
  return readNumber(get, "BAJUTSU_REMOTE_SESSION_BUDGET", 300, {});
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
