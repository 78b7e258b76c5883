/**
 * Backend-crash recovery through the whole stack on a fake clock: the real loop, the pool, the
 * fake platform and its crash injector, with a crash at every step index under each budget
 * combination. A scenario that keeps crashing always fails loudly; nothing becomes a pass.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadFakeApp } from "../../src/drivers/fake/app_file.ts";
import { fakeFactory } from "../../src/drivers/fake/environment.ts";
import { NullSink } from "../../src/evidence/null_sink.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { RunCrashBudget } from "../../src/runner/crash_budget.ts";
import { devicePool } from "../../src/runner/pool.ts";
import { runAll, type RunAllOptions } from "../../src/runner/run_all.ts";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import { FakeClock } from "../../src/time/clock.ts";

const STEPS = 5;

function appYaml(atCall: number, times: number | "always"): string {
  return `
initial: home
screens:
  home:
    - { id: title, label: Home, traits: [staticText], frame: [20, 100, 350, 40] }
    - { id: increment, label: "+", traits: [button], frame: [290, 200, 80, 44] }
    - { id: counterLabel, label: "Count: 0", traits: [staticText], frame: [20, 200, 250, 44] }
reactions:
  - on: { tap: increment }
    then: [ { increment: counterLabel } ]
crashes: [ { atCall: ${atCall}, method: tap, times: ${times} } ]
latency: { queryMs: 5, actionMs: 20 }
`;
}

const SCENARIOS = `
- name: taps
  steps:
${Array.from({ length: STEPS }, () => "    - tap: { id: increment }").join("\n")}
  expect:
    - label: { sel: { id: counterLabel }, equals: "Count: ${STEPS}" }
- name: second
  steps:
    - tap: { id: increment }
`;

interface Budgets {
  label: string;
  crashRetries: number;
  crashRecoveryBudgetS?: number;
  runBudgetS?: number;
}

const BUDGETS: Budgets[] = [
  { label: "default (1 retry)", crashRetries: 1 },
  { label: "no retry", crashRetries: 0 },
  { label: "3 retries, tight scenario budget", crashRetries: 3, crashRecoveryBudgetS: 0.05 },
  { label: "3 retries, tight run budget", crashRetries: 3, runBudgetS: 0.05 },
];

async function runCase(dir: string, stepIndex: number, times: number | "always", b: Budgets) {
  const appFile = join(dir, `app-${stepIndex}-${times}.yaml`);
  await Deno.writeTextFile(appFile, appYaml(stepIndex + 1, times));
  const { app, errors } = await loadFakeApp(appFile);
  assert.ok(app, JSON.stringify(errors));
  const clock = new FakeClock();
  const pool = devicePool({
    devices: ["fake-0"],
    factory: fakeFactory(app, clock),
    actuatorFor: () => "fake",
    sinkFor: () => new NullSink(),
    clock,
    maxWarmReuses: 0,
  });
  const scenarioFile = join(dir, "scenarios.yaml");
  const { scenarios } = await loadScenarioFile(scenarioFile);
  const opts: RunAllOptions = {
    clock,
    crashRetries: b.crashRetries,
    crashRecoveryBudgetS: b.crashRecoveryBudgetS,
    runCrashBudget: new RunCrashBudget(b.runBudgetS ?? Infinity),
    runScenario,
    runOptions: (_s, lease) => ({ clock, sink: lease.sink }),
  };
  try {
    return await runAll(scenarios, pool.lease, opts);
  } finally {
    await pool.shutdown();
  }
}

Deno.test("crash injection: every step index × budget combination, transient and persistent crashes", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(join(dir, "scenarios.yaml"), SCENARIOS);
  try {
    for (let stepIndex = 0; stepIndex < STEPS; stepIndex++) {
      for (const b of BUDGETS) {
        const label = `step ${stepIndex}, ${b.label}`;
        // A transient crash (once per run): recovered whenever a retry is allowed.
        const once = await runCase(dir, stepIndex, 1, b);
        if (b.crashRetries === 0) {
          assert.equal(once[0].result.ok, false, label);
          assert.match(once[0].result.failure!, /did not recover across 1 attempt: /, label);
        } else {
          assert.equal(once[0].result.ok, true, `${label}: ${once[0].result.failure}`);
          assert.equal(once[0].attempts, 2, label);
        }
        assert.equal(once[1].result.ok, true, `${label}: the next scenario runs normally`);

        // A persistent crash: never a pass, and the failure says which budget ended it.
        const always = await runCase(dir, stepIndex, "always", b);
        const first = always[0].result;
        assert.equal(first.ok, false, label);
        if (b.crashRecoveryBudgetS !== undefined) {
          assert.match(
            first.failure!,
            /did not recover within the 0\.05s crash-recovery budget/,
            label,
          );
        } else if (b.runBudgetS !== undefined) {
          assert.match(
            first.failure!,
            /run-level crash-recovery budget of 0\.05s is exhausted: /,
            label,
          );
          assert.match(always[1].result.failure!, /exhausted; not attempted$/, label);
          assert.equal(always[1].attempts, 0, `${label}: a latched run budget skips leasing`);
        } else {
          const n = b.crashRetries + 1;
          assert.match(
            first.failure!,
            new RegExp(`did not recover across ${n} attempts?: `),
            label,
          );
          assert.equal(always[0].attempts, n, label);
        }
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
