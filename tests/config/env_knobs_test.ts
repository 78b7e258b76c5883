import assert from "node:assert/strict";
import {
  adbResidentMode,
  adbServerReadTimeout,
  cancelGrace,
  crashRecoveryBudget,
  crashRetries,
  type EnvGetter,
  type KnobWarning,
  minWaitTimeout,
  readAdbKnobs,
  readEnvKnobs,
  readXcuitestKnobs,
  remoteSessionBudget,
  remoteUnreachableTimeout,
  runCrashRecoveryBudget,
  runRetentionDays,
  xcuitestMaxWarmReuses,
} from "../../src/config/env_knobs.ts";

const env = (vars: Record<string, string>): EnvGetter => (name) => vars[name];

/** Reads one knob with `value` set; returns what it read and the warnings it printed. */
function read(
  knob: (get: EnvGetter, warn: KnobWarning) => number,
  name: string,
  value: string,
): { value: number; warnings: string[] } {
  const warnings: string[] = [];
  return { value: knob(env({ [name]: value }), (l) => warnings.push(l)), warnings };
}

/** `value` is accepted as `expected`, silently. */
function accepts(
  knob: (get: EnvGetter, warn: KnobWarning) => number,
  name: string,
  value: string,
  expected: number,
) {
  assert.deepEqual(read(knob, name, value), { value: expected, warnings: [] }, `${name}=${value}`);
}

/** `value` falls back to the default with exactly one warning naming variable, value, default. */
function fallsBack(
  knob: (get: EnvGetter, warn: KnobWarning) => number,
  name: string,
  value: string,
  fallback: number,
) {
  const r = read(knob, name, value);
  assert.equal(r.value, fallback, `${name}=${value}`);
  assert.equal(r.warnings.length, 1, `${name}=${value}: ${r.warnings.join(" | ")}`);
  const shown = fallback === Infinity ? "(unbounded)" : String(fallback);
  assert.ok(r.warnings[0].startsWith(`${name}=${JSON.stringify(value)} is not `), r.warnings[0]);
  assert.ok(r.warnings[0].endsWith(`; using the default ${shown}`), r.warnings[0]);
}

Deno.test("unset and blank knobs take their documented defaults, silently", () => {
  for (const vars of [{}, Object.fromEntries(ALL.map((n) => [n, " "]))]) {
    const warnings: string[] = [];
    assert.deepEqual(readEnvKnobs(env(vars), (l) => warnings.push(l)), {
      minWaitTimeoutS: 0,
      cancelGraceS: 90,
      crashRetries: 1,
      crashRecoveryBudgetS: Infinity,
      runCrashRecoveryBudgetS: Infinity,
      maxWarmReuses: 3,
    });
    assert.deepEqual(warnings, []);
  }
});

const ALL = [
  "BAJUTSU_MIN_WAIT_TIMEOUT",
  "BAJUTSU_CANCEL_GRACE",
  "BAJUTSU_CRASH_RETRIES",
  "BAJUTSU_CRASH_RECOVERY_BUDGET",
  "BAJUTSU_RUN_CRASH_RECOVERY_BUDGET",
  "BAJUTSU_XCUITEST_MAX_WARM_REUSES",
];

Deno.test("BAJUTSU_CANCEL_GRACE: a positive number; 0, negative or not a number is 90 and a warning", () => {
  const name = "BAJUTSU_CANCEL_GRACE";
  accepts(cancelGrace, name, " 30 ", 30);
  accepts(cancelGrace, name, "0.5", 0.5);
  // A zero grace would let a cancelled run die before it writes its manifest.
  for (const bad of ["0", "-5", "abc", "inf", "1e999"]) fallsBack(cancelGrace, name, bad, 90);
});

Deno.test("BAJUTSU_CRASH_RETRIES: a non-negative integer, 0 disables retries; else 1 and a warning", () => {
  const name = "BAJUTSU_CRASH_RETRIES";
  accepts(crashRetries, name, "0", 0);
  accepts(crashRetries, name, "3", 3);
  for (const bad of ["abc", "-1", "1.5", "inf"]) fallsBack(crashRetries, name, bad, 1);
});

Deno.test("BAJUTSU_CRASH_RECOVERY_BUDGET: positive seconds or inf; 0, negative or junk is unbounded and a warning", () => {
  const name = "BAJUTSU_CRASH_RECOVERY_BUDGET";
  accepts(crashRecoveryBudget, name, "120", 120);
  accepts(crashRecoveryBudget, name, "inf", Infinity);
  for (const bad of ["0", "-5", "abc"]) fallsBack(crashRecoveryBudget, name, bad, Infinity);
});

Deno.test("BAJUTSU_RUN_CRASH_RECOVERY_BUDGET: positive seconds or inf; 0, negative or junk is unbounded and a warning", () => {
  const name = "BAJUTSU_RUN_CRASH_RECOVERY_BUDGET";
  accepts(runCrashRecoveryBudget, name, "600", 600);
  accepts(runCrashRecoveryBudget, name, "Infinity", Infinity);
  for (const bad of ["0", "-1", "ten minutes"]) {
    fallsBack(runCrashRecoveryBudget, name, bad, Infinity);
  }
});

Deno.test("BAJUTSU_XCUITEST_MAX_WARM_REUSES: a non-negative integer, 0 = no warm reuse; else 3 and a warning", () => {
  const name = "BAJUTSU_XCUITEST_MAX_WARM_REUSES";
  accepts(xcuitestMaxWarmReuses, name, "0", 0);
  accepts(xcuitestMaxWarmReuses, name, "10", 10);
  for (const bad of ["three", "-2", "2.5"]) fallsBack(xcuitestMaxWarmReuses, name, bad, 3);
});

Deno.test("BAJUTSU_MIN_WAIT_TIMEOUT: non-negative seconds, 0 = no floor; else 0 and a warning", () => {
  const name = "BAJUTSU_MIN_WAIT_TIMEOUT";
  accepts(minWaitTimeout, name, "0", 0);
  accepts(minWaitTimeout, name, "2.5", 2.5);
  for (const bad of ["soon", "-1", "inf"]) fallsBack(minWaitTimeout, name, bad, 0);
});

Deno.test("BAJUTSU_RUN_RETENTION_DAYS: non-negative days, 0 = keep; else 30 and a warning", () => {
  const name = "BAJUTSU_RUN_RETENTION_DAYS";
  accepts(runRetentionDays, name, "0", 0);
  accepts(runRetentionDays, name, "7", 7);
  for (const bad of ["a week", "-3"]) fallsBack(runRetentionDays, name, bad, 30);
});

Deno.test("readEnvKnobs: every invalid knob is one warning, the others are read", () => {
  const warnings: string[] = [];
  const knobs = readEnvKnobs(
    env({
      BAJUTSU_CANCEL_GRACE: "0",
      BAJUTSU_CRASH_RETRIES: "abc",
      BAJUTSU_CRASH_RECOVERY_BUDGET: "30",
    }),
    (l) => warnings.push(l),
  );
  assert.equal(knobs.cancelGraceS, 90);
  assert.equal(knobs.crashRetries, 1);
  assert.equal(knobs.crashRecoveryBudgetS, 30);
  assert.deepEqual(warnings, [
    'BAJUTSU_CANCEL_GRACE="0" is not a positive number; using the default 90',
    'BAJUTSU_CRASH_RETRIES="abc" is not a non-negative integer; using the default 1',
  ]);
});

Deno.test("the iOS knobs: defaults, the respawn ceiling following the startup one, bad values", () => {
  const get = (vars: Record<string, string>) => (k: string) => vars[k];
  const quiet = () => {};
  assert.deepEqual(readXcuitestKnobs(get({}), quiet), {
    startupTimeoutS: 120,
    respawnTimeoutS: 120,
    recoveryTimeoutS: 180,
    maxWarmReuses: 3,
    videoStartTimeoutS: 5,
    runnerLogDir: null,
    resultBundlesDir: null,
  });
  const set = readXcuitestKnobs(
    get({
      BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "60",
      BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "30",
      BAJUTSU_XCUITEST_RUNNER_LOG: "/tmp/logs",
      BAJUTSU_XCUITEST_RESULT_BUNDLES: " ",
    }),
    quiet,
  );
  assert.equal(set.respawnTimeoutS, 60, "respawns default to the startup ceiling");
  assert.equal(set.recoveryTimeoutS, 30);
  assert.equal(set.runnerLogDir, "/tmp/logs");
  assert.equal(set.resultBundlesDir, null);
  assert.equal(
    readXcuitestKnobs(get({ BAJUTSU_XCUITEST_RESPAWN_TIMEOUT: "200" }), quiet).respawnTimeoutS,
    200,
  );
  const warnings: string[] = [];
  const bad = readXcuitestKnobs(
    get({ BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "soon", BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "0" }),
    (l) => warnings.push(l),
  );
  assert.equal(bad.recoveryTimeoutS, 180);
  assert.equal(bad.startupTimeoutS, 120);
  assert.equal(bad.respawnTimeoutS, 120, "a bad startup knob is warned about once");
  assert.deepEqual(warnings, [
    'BAJUTSU_XCUITEST_STARTUP_TIMEOUT="0" is not a positive number; using the default 120',
    'BAJUTSU_XCUITEST_RECOVERY_TIMEOUT="soon" is not a positive number; using the default 180',
  ]);
});

Deno.test("the iOS timeouts: positive seconds; 0, negative or junk is the default and a warning", () => {
  fallsBack(
    (g, w) => readXcuitestKnobs(g, w).startupTimeoutS,
    "BAJUTSU_XCUITEST_STARTUP_TIMEOUT",
    "-5",
    120,
  );
  fallsBack(
    (g, w) => readXcuitestKnobs(g, w).respawnTimeoutS,
    "BAJUTSU_XCUITEST_RESPAWN_TIMEOUT",
    "0",
    120,
  );
  fallsBack(
    (g, w) => readXcuitestKnobs(g, w).recoveryTimeoutS,
    "BAJUTSU_XCUITEST_RECOVERY_TIMEOUT",
    "abc",
    180,
  );
  fallsBack(
    (g, w) => readXcuitestKnobs(g, w).videoStartTimeoutS,
    "BAJUTSU_VIDEO_START_TIMEOUT",
    "0",
    5,
  );
  accepts(
    (g, w) => readXcuitestKnobs(g, w).videoStartTimeoutS,
    "BAJUTSU_VIDEO_START_TIMEOUT",
    "2.5",
    2.5,
  );
});

Deno.test("the Android knobs: 0/1/unset for the route, positive seconds for a read; else the default and a warning", () => {
  const warnings: string[] = [];
  const warn = (l: string) => warnings.push(l);
  assert.deepEqual(readAdbKnobs(env({}), warn), { residentMode: "auto", serverReadTimeoutS: 5 });
  assert.equal(adbResidentMode(env({ BAJUTSU_ADB_RESIDENT: " 1 " }), warn), "server");
  assert.equal(adbResidentMode(env({ BAJUTSU_ADB_RESIDENT: "0" }), warn), "dump");
  assert.equal(adbResidentMode(env({ BAJUTSU_ADB_RESIDENT: "" }), warn), "auto");
  accepts(adbServerReadTimeout, "BAJUTSU_ADB_SERVER_READ_TIMEOUT", "0.3", 0.3);
  assert.deepEqual(warnings, []);
  for (const bad of ["yes", "true", "2", "-1"]) {
    const seen: string[] = [];
    assert.equal(adbResidentMode(env({ BAJUTSU_ADB_RESIDENT: bad }), (l) => seen.push(l)), "auto");
    assert.deepEqual(seen, [
      `BAJUTSU_ADB_RESIDENT=${JSON.stringify(bad)} is not 0 or 1; using the default unset ` +
      "(try the UiAutomator2 server, fall back to the dump route)",
    ]);
  }
  for (const bad of ["0", "-2", "fast", "5s"]) {
    fallsBack(adbServerReadTimeout, "BAJUTSU_ADB_SERVER_READ_TIMEOUT", bad, 5);
  }
});

Deno.test("the remote knobs: positive seconds; unset is 300 s of session budget and 10 s of refused connections", () => {
  const none: string[] = [];
  assert.equal(remoteSessionBudget(env({}), (l) => none.push(l)), 300);
  assert.equal(remoteUnreachableTimeout(env({}), (l) => none.push(l)), 10);
  assert.deepEqual(none, []);
  accepts(remoteUnreachableTimeout, "BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT", "2.5", 2.5);
  for (const bad of ["0", "-1", "soon", "10s"]) {
    fallsBack(remoteUnreachableTimeout, "BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT", bad, 10);
  }
});
