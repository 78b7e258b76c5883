import assert from "node:assert/strict";
import { runRetentionDays } from "../../src/config/env_knobs.ts";
import { EnvKnobError } from "../../src/config/errors.ts";

const env = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("BAJUTSU_RUN_RETENTION_DAYS: 30 by default, 0 keeps, junk is an error naming it", () => {
  assert.equal(runRetentionDays(env({})), 30);
  assert.equal(runRetentionDays(env({ BAJUTSU_RUN_RETENTION_DAYS: "0" })), 0);
  assert.equal(runRetentionDays(env({ BAJUTSU_RUN_RETENTION_DAYS: "7" })), 7);
  assert.throws(
    () => runRetentionDays(env({ BAJUTSU_RUN_RETENTION_DAYS: "a week" })),
    (e: unknown) => e instanceof EnvKnobError && /BAJUTSU_RUN_RETENTION_DAYS/.test(e.message),
  );
});
