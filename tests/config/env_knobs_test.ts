import assert from "node:assert/strict";
import {
  cancelGrace,
  crashRecoveryBudget,
  crashRetries,
  minWaitTimeout,
  readEnvKnobs,
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
