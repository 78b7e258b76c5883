/**
 * Typed readers for the numeric `BAJUTSU_*` knobs (docs/configuration.md#environment-knobs).
 * Each takes an env getter, so tests inject values, and a warning sink. An unset or blank
 * variable means the default; a value that is not a number of the right kind, or out of the
 * knob's range (a non-positive grace, a negative count), also means the default, with one
 * warning line naming the variable, the value and the default used: a typo in an environment
 * variable must never stop a run, nor make a cancelled run die before its reports are written.
 *
 * @module
 */

/** Reads one environment variable (`undefined` when unset). */
export type EnvGetter = (name: string) => string | undefined;

/**
 * The process environment, for the edges that read it (a backend's availability check).
 *
 * @example
 * ```ts
 * processEnv("PATH"); // "/usr/local/bin:/usr/bin:…"
 * ```
 */
export const processEnv: EnvGetter = (name) => Deno.env.get(name);

/** Receives one warning line about a knob (without a `warning:` prefix). */
export type KnobWarning = (line: string) => void;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INFINITY = /^\+?(?:inf|infinity)$/i;

/** What a knob accepts. */
interface KnobRule {
  /** Whole numbers only (counts). */
  integer?: boolean;
  /** 0 is a meaningful value (off, none, keep); otherwise the value must be positive. */
  zero?: boolean;
  /** `inf` / `infinity` accepted (unbounded budgets). */
  infinite?: boolean;
}

/** "a positive number", "a non-negative integer", "a positive number or inf". */
function expectation(rule: KnobRule): string {
  const sign = rule.zero ? "a non-negative" : "a positive";
  return `${sign} ${rule.integer ? "integer" : "number"}${rule.infinite ? " or inf" : ""}`;
}

function readKnob(
  get: EnvGetter,
  warn: KnobWarning,
  name: string,
  fallback: number,
  rule: KnobRule,
): number {
  const raw = get(name);
  if (raw === undefined || raw.trim() === "") return fallback;
  const s = raw.trim();
  if (rule.infinite && INFINITY.test(s)) return Infinity;
  const n = DECIMAL.test(s) ? Number(s) : NaN;
  const ok = Number.isFinite(n) && (rule.zero ? n >= 0 : n > 0) &&
    (!rule.integer || Number.isInteger(n));
  if (ok) return n;
  const shown = fallback === Infinity ? "(unbounded)" : String(fallback);
  warn(
    `${name}=${JSON.stringify(raw)} is not ${expectation(rule)}; using the default ${shown}`,
  );
  return fallback;
}

/**
 * `BAJUTSU_MIN_WAIT_TIMEOUT` (seconds, default 0): floor under every wait/assert budget.
 *
 * @example
 * ```ts
 * minWaitTimeout(() => "2.5", console.warn); // 2.5
 * ```
 */
export function minWaitTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_MIN_WAIT_TIMEOUT", 0, { zero: true });
}

/**
 * `BAJUTSU_CANCEL_GRACE` (seconds, positive, default 90): how long a cancelled run may take to
 * finish its step and write its reports.
 *
 * @example
 * ```ts
 * cancelGrace(() => "0", (line) => console.error(`warning: ${line}`)); // 90, one warning
 * ```
 */
export function cancelGrace(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_CANCEL_GRACE", 90, {});
}

/**
 * `BAJUTSU_CRASH_RETRIES` (default 1; 0 disables the retry).
 *
 * @example
 * ```ts
 * crashRetries(() => "0", console.warn); // 0
 * ```
 */
export function crashRetries(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_CRASH_RETRIES", 1, { integer: true, zero: true });
}

/**
 * `BAJUTSU_CRASH_RECOVERY_BUDGET` (seconds per scenario; default unbounded).
 *
 * @example
 * ```ts
 * crashRecoveryBudget(() => "120", console.warn); // 120
 * ```
 */
export function crashRecoveryBudget(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_CRASH_RECOVERY_BUDGET", Infinity, { infinite: true });
}

/**
 * `BAJUTSU_RUN_CRASH_RECOVERY_BUDGET` (seconds per run; default unbounded).
 *
 * @example
 * ```ts
 * runCrashRecoveryBudget(() => "inf", console.warn); // Infinity
 * ```
 */
export function runCrashRecoveryBudget(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_RUN_CRASH_RECOVERY_BUDGET", Infinity, { infinite: true });
}

/**
 * `BAJUTSU_XCUITEST_MAX_WARM_REUSES` (default 3; 0 = no warm reuse).
 *
 * @example
 * ```ts
 * xcuitestMaxWarmReuses(() => "0", console.warn); // 0
 * ```
 */
export function xcuitestMaxWarmReuses(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_XCUITEST_MAX_WARM_REUSES", 3, {
    integer: true,
    zero: true,
  });
}

/**
 * `BAJUTSU_XCUITEST_STARTUP_TIMEOUT` (seconds, positive, default 120): a cold runner start's
 * ceiling.
 *
 * @example
 * ```ts
 * xcuitestStartupTimeout(() => "60", console.warn); // 60
 * ```
 */
export function xcuitestStartupTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_XCUITEST_STARTUP_TIMEOUT", 120, {});
}

/**
 * `BAJUTSU_XCUITEST_RESPAWN_TIMEOUT` (seconds, positive; default `startupS`, the startup
 * ceiling): a respawn's ceiling.
 *
 * @example
 * ```ts
 * xcuitestRespawnTimeout(() => undefined, console.warn, 60); // 60
 * ```
 */
export function xcuitestRespawnTimeout(
  get: EnvGetter,
  warn: KnobWarning,
  startupS: number,
): number {
  return readKnob(get, warn, "BAJUTSU_XCUITEST_RESPAWN_TIMEOUT", startupS, {});
}

/**
 * `BAJUTSU_XCUITEST_RECOVERY_TIMEOUT` (seconds, positive, default 180): bound on a device repair.
 *
 * @example
 * ```ts
 * xcuitestRecoveryTimeout(() => "30", console.warn); // 30
 * ```
 */
export function xcuitestRecoveryTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_XCUITEST_RECOVERY_TIMEOUT", 180, {});
}

/**
 * `BAJUTSU_VIDEO_START_TIMEOUT` (seconds, positive, default 5): a recording must say it started
 * by then.
 *
 * @example
 * ```ts
 * videoStartTimeout(() => "10", console.warn); // 10
 * ```
 */
export function videoStartTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_VIDEO_START_TIMEOUT", 5, {});
}

/**
 * The iOS Simulator backend's knobs (docs/configuration.md#environment-knobs).
 *
 * @example
 * ```ts
 * const knobs: XcuitestKnobs = readXcuitestKnobs((k) => Deno.env.get(k), console.warn);
 * ```
 */
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

/**
 * Reads the iOS knobs; each invalid one is a warning and its default.
 *
 * @example
 * ```ts
 * readXcuitestKnobs(() => undefined, console.warn).startupTimeoutS; // 120
 * ```
 */
export function readXcuitestKnobs(get: EnvGetter, warn: KnobWarning): XcuitestKnobs {
  const dir = (name: string) => {
    const v = get(name)?.trim();
    return v ? v : null;
  };
  const startupTimeoutS = xcuitestStartupTimeout(get, warn);
  return {
    startupTimeoutS,
    respawnTimeoutS: xcuitestRespawnTimeout(get, warn, startupTimeoutS),
    recoveryTimeoutS: xcuitestRecoveryTimeout(get, warn),
    maxWarmReuses: xcuitestMaxWarmReuses(get, warn),
    videoStartTimeoutS: videoStartTimeout(get, warn),
    runnerLogDir: dir("BAJUTSU_XCUITEST_RUNNER_LOG"),
    resultBundlesDir: dir("BAJUTSU_XCUITEST_RESULT_BUNDLES"),
  };
}

/**
 * `BAJUTSU_ADB_SERVER_READ_TIMEOUT` (seconds, positive, default 5): how long one read from the
 * Android UiAutomator2 server may take (per attempt).
 *
 * @example
 * ```ts
 * adbServerReadTimeout(() => "0.5", console.warn); // 0.5
 * ```
 */
export function adbServerReadTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_ADB_SERVER_READ_TIMEOUT", 5, {});
}

/**
 * `BAJUTSU_ADB_RESIDENT`: `1` the UiAutomator2 server or fail, `0` the dump route only, unset
 * (`auto`): try the server, fall back to the dump route.
 */
export type AdbResidentMode = "auto" | "server" | "dump";

/**
 * Reads `BAJUTSU_ADB_RESIDENT`; anything but `0`, `1` or blank is `auto` and one warning.
 *
 * @example
 * ```ts
 * adbResidentMode(() => "0", console.warn); // "dump"
 * adbResidentMode(() => "yes", console.warn); // "auto", one warning
 * ```
 */
export function adbResidentMode(get: EnvGetter, warn: KnobWarning): AdbResidentMode {
  const raw = get("BAJUTSU_ADB_RESIDENT");
  const s = (raw ?? "").trim();
  if (s === "") return "auto";
  if (s === "1") return "server";
  if (s === "0") return "dump";
  warn(
    `BAJUTSU_ADB_RESIDENT=${JSON.stringify(raw)} is not 0 or 1; using the default unset ` +
      "(try the UiAutomator2 server, fall back to the dump route)",
  );
  return "auto";
}

/**
 * The Android backend's knobs (docs/configuration.md#environment-knobs).
 *
 * @example
 * ```ts
 * const knobs: AdbKnobs = readAdbKnobs((k) => Deno.env.get(k), console.warn);
 * ```
 */
export interface AdbKnobs {
  residentMode: AdbResidentMode;
  serverReadTimeoutS: number;
}

/**
 * Reads the Android knobs; each invalid one is a warning and its default.
 *
 * @example
 * ```ts
 * readAdbKnobs(() => undefined, console.warn); // { residentMode: "auto", serverReadTimeoutS: 5 }
 * ```
 */
export function readAdbKnobs(get: EnvGetter, warn: KnobWarning): AdbKnobs {
  return {
    residentMode: adbResidentMode(get, warn),
    serverReadTimeoutS: adbServerReadTimeout(get, warn),
  };
}

/**
 * `BAJUTSU_REMOTE_SESSION_BUDGET` (seconds, default 300): how long opening a session on a remote
 * Appium endpoint may keep retrying a grid or cloud that answers it is at capacity before the
 * lease fails as a DeviceError.
 *
 * @example
 * ```ts
 * remoteSessionBudget(() => "60", console.warn); // 60
 * ```
 */
export function remoteSessionBudget(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_REMOTE_SESSION_BUDGET", 300, {});
}

/**
 * `BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT` (seconds, default 10): how long a remote endpoint that
 * answered earlier in the run may refuse connections without a break (a server restarting)
 * before opening a session gives up and the run ends (docs/backends.md#sessions-and-capacity).
 *
 * @example
 * ```ts
 * remoteUnreachableTimeout(() => "30", console.warn); // 30
 * ```
 */
export function remoteUnreachableTimeout(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT", 10, {});
}

/**
 * `BAJUTSU_RUN_RETENTION_DAYS` (default 30; 0 = keep): days serve keeps deleted runs in its
 * trash.
 *
 * @example
 * ```ts
 * runRetentionDays(() => "7", console.warn); // 7
 * ```
 */
export function runRetentionDays(get: EnvGetter, warn: KnobWarning): number {
  return readKnob(get, warn, "BAJUTSU_RUN_RETENTION_DAYS", 30, { zero: true });
}

/** All numeric knobs of a run at once (durations in seconds, hence the `S` suffix). */
export interface EnvKnobs {
  minWaitTimeoutS: number;
  cancelGraceS: number;
  crashRetries: number;
  crashRecoveryBudgetS: number;
  runCrashRecoveryBudgetS: number;
  maxWarmReuses: number;
}

/**
 * Reads every knob of a run; each invalid one is a warning and its default.
 *
 * @example
 * ```ts
 * const knobs = readEnvKnobs((k) => Deno.env.get(k), (line) => console.error(`warning: ${line}`));
 * knobs.cancelGraceS; // 90 unless BAJUTSU_CANCEL_GRACE says otherwise
 * ```
 */
export function readEnvKnobs(get: EnvGetter, warn: KnobWarning): EnvKnobs {
  return {
    minWaitTimeoutS: minWaitTimeout(get, warn),
    cancelGraceS: cancelGrace(get, warn),
    crashRetries: crashRetries(get, warn),
    crashRecoveryBudgetS: crashRecoveryBudget(get, warn),
    runCrashRecoveryBudgetS: runCrashRecoveryBudget(get, warn),
    maxWarmReuses: xcuitestMaxWarmReuses(get, warn),
  };
}
