import assert from "node:assert/strict";
import {
  cancelGrace,
  crashRecoveryBudget,
  crashRetries,
  minWaitTimeout,
  readEnvKnobs,
  readXcuitestKnobs,
  runCrashRecoveryBudget,
  xcuitestMaxWarmReuses,
} from "../../src/config/env_knobs.ts";
import { EnvKnobError } from "../../src/config/errors.ts";

const env = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("unset knobs take their documented defaults", () => {
  assert.deepEqual(readEnvKnobs(env({})), {
    minWaitTimeoutS: 0,
    cancelGraceS: 90,
    crashRetries: 1,
    crashRecoveryBudgetS: Infinity,
    runCrashRecoveryBudgetS: Infinity,
    maxWarmReuses: 3,
  });
});

Deno.test("set knobs are parsed; blank counts as unset", () => {
  const get = env({
    BAJUTSU_MIN_WAIT_TIMEOUT: "2.5",
    BAJUTSU_CANCEL_GRACE: " 30 ",
    BAJUTSU_CRASH_RETRIES: "0",
    BAJUTSU_CRASH_RECOVERY_BUDGET: "120",
    BAJUTSU_RUN_CRASH_RECOVERY_BUDGET: "inf",
    BAJUTSU_XCUITEST_MAX_WARM_REUSES: "",
  });
  assert.equal(minWaitTimeout(get), 2.5);
  assert.equal(cancelGrace(get), 30);
  assert.equal(crashRetries(get), 0);
  assert.equal(crashRecoveryBudget(get), 120);
  assert.equal(runCrashRecoveryBudget(get), Infinity);
  assert.equal(xcuitestMaxWarmReuses(get), 3);
});

Deno.test("a non-numeric value is a fatal typed error naming the variable", () => {
  let caught: unknown;
  try {
    minWaitTimeout(env({ BAJUTSU_MIN_WAIT_TIMEOUT: "soon" }));
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof EnvKnobError);
  assert.equal(caught.code, "E_ENV");
  assert.equal(caught.variable, "BAJUTSU_MIN_WAIT_TIMEOUT");
  assert.match(caught.message, /BAJUTSU_MIN_WAIT_TIMEOUT="soon" is not a non-negative number/);
});

Deno.test("negative numbers, fractions for counts and inf for non-budgets are rejected", () => {
  assert.throws(() => cancelGrace(env({ BAJUTSU_CANCEL_GRACE: "-1" })), EnvKnobError);
  assert.throws(() => crashRetries(env({ BAJUTSU_CRASH_RETRIES: "1.5" })), EnvKnobError);
  assert.throws(() => minWaitTimeout(env({ BAJUTSU_MIN_WAIT_TIMEOUT: "inf" })), EnvKnobError);
  assert.throws(
    () => readEnvKnobs(env({ BAJUTSU_XCUITEST_MAX_WARM_REUSES: "three" })),
    (e: unknown) => e instanceof EnvKnobError && e.variable === "BAJUTSU_XCUITEST_MAX_WARM_REUSES",
  );
});

Deno.test("the iOS knobs: defaults, the respawn ceiling following the startup one, bad values", () => {
  const get = (vars: Record<string, string>) => (k: string) => vars[k];
  assert.deepEqual(readXcuitestKnobs(get({})), {
    startupTimeoutS: 120,
    respawnTimeoutS: 120,
    recoveryTimeoutS: 180,
    maxWarmReuses: 3,
    videoStartTimeoutS: 5,
    runnerLogDir: null,
    resultBundlesDir: null,
  });
  const set = readXcuitestKnobs(get({
    BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "60",
    BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "30",
    BAJUTSU_XCUITEST_RUNNER_LOG: "/tmp/logs",
    BAJUTSU_XCUITEST_RESULT_BUNDLES: " ",
  }));
  assert.equal(set.respawnTimeoutS, 60, "respawns default to the startup ceiling");
  assert.equal(set.recoveryTimeoutS, 30);
  assert.equal(set.runnerLogDir, "/tmp/logs");
  assert.equal(set.resultBundlesDir, null);
  assert.equal(
    readXcuitestKnobs(get({ BAJUTSU_XCUITEST_RESPAWN_TIMEOUT: "200" })).respawnTimeoutS,
    200,
  );
  assert.throws(
    () => readXcuitestKnobs(get({ BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "soon" })),
    (e: unknown) =>
      e instanceof EnvKnobError && /BAJUTSU_XCUITEST_RECOVERY_TIMEOUT/.test(e.message),
  );
});
