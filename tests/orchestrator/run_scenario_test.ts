import assert from "node:assert/strict";
import { createRunContext, runScenario } from "../../src/orchestrator/run_scenario.ts";
import { realClock } from "../../src/time/clock.ts";
import { NullSink } from "../../src/evidence/null_sink.ts";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { assertExists, at, el, fake, reveal, scenario, tapStep, waitForStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

Deno.test("a passing scenario is ok with one outcome per step, indexed from 0", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok"), assertExists("home")] }), {
    clock,
  });
  assert.equal(r.ok, true);
  assert.equal(r.failure, null);
  assert.deepEqual(r.steps.map((s) => [s.index, s.action, s.stepId, s.ok]), [
    [0, "tap", "step0", true],
    [1, "assert", "step1", true],
  ]);
  assert.deepEqual(r.beforeOutcomes, []);
  assert.deepEqual(r.afterOutcomes, []);
  assert.equal(r.afterVerdict, "");
});

Deno.test("the run stops at the first failed step with `step <i> (<action>): <reason>`", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), tapStep("missing"), tapStep("ok")] }),
    { clock },
  );
  assert.equal(r.ok, false);
  assert.equal(r.failure, 'step 1 (tap): no match: {"id":"missing"}');
  assert.equal(r.steps.length, 2);
  assert.equal(r.steps[1].ok, false);
  assert.equal(r.steps[1].reason, 'no match: {"id":"missing"}');
  assert.equal(driver.actions.filter(([m]) => m === "tap").length, 1);
});

Deno.test("a step's id is its name, else step<index>", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok", { name: "press ok" }), tapStep("ok")] }),
    { clock, sink },
  );
  assert.deepEqual(r.steps.map((s) => s.stepId), ["press ok", "step1"]);
  assert.deepEqual(sink.of("afterShot").map((c) => c.stepDir), ["press ok", "step1"]);
});

Deno.test("expect runs after every step passed and fails with `expect: <reasons>`", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      expect: [
        { kind: "exists", sel: { id: "nope" }, negate: false },
        { kind: "exists", sel: { id: "home" }, negate: false },
        { kind: "exists", sel: { id: "ok" }, negate: true },
      ],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'expect: exists {"id":"nope"}: expected present but was absent; ' +
      'exists {"id":"ok"}: expected absent but was present',
  );
  assert.deepEqual(r.expectResults.map((x) => x.ok), [false, true, false]);
});

Deno.test("expect is skipped when a step failed", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("missing")],
      expect: [{ kind: "exists", sel: { id: "nope" }, negate: false }],
    }),
    { clock },
  );
  assert.deepEqual(r.expectResults, []);
  assert.match(r.failure!, /^step 0 \(tap\)/);
});

Deno.test("expect reads once by default and re-reads every 50 ms under minWaitTimeoutS", async () => {
  // `later` appears at t = 1 s, after the budget.
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("later", undefined, { hidden: true })])],
    timers: [at(1000, reveal("later"))],
  }));
  let reads = 0;
  const counting = new Proxy(driver, {
    get(t, p) {
      const v = Reflect.get(t, p, t);
      if (p === "query") return () => (reads++, t.query());
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  const s = scenario({ expect: [{ kind: "exists", sel: { id: "later" }, negate: false }] });
  const once = await runScenario(counting, s, { clock });
  assert.equal(once.ok, false);
  assert.equal(reads, 1);
  reads = 0;
  const polled = await runScenario(counting, s, { clock, minWaitTimeoutS: 0.3 });
  assert.equal(polled.ok, false);
  assert.equal(reads, 7); // t = 0, .05, … .30
  assert.ok(clock.sleeps.every((x) => Math.abs(x - 0.05) < 1e-9));
});

Deno.test("the NullSink is the default and a run records no artifacts with it", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok"), waitForStep("ok", 1)] }), {
    clock,
  });
  assert.equal(r.ok, true);
  assert.deepEqual(r.steps.flatMap((s) => s.artifacts), []);
});

Deno.test("run defaults: real clock, NullSink, no alert guard, never cancelled, no floor", () => {
  const { driver } = fake();
  const ctx = createRunContext(driver, scenario());
  // The loop's clock is the real one, timed per step (docs/reports.md#latency).
  assert.ok(Math.abs(ctx.clock.now() - realClock.now()) < 1);
  assert.ok(ctx.sink instanceof NullSink);
  assert.equal(ctx.alertGuard, null);
  assert.equal(ctx.relauncher, null);
  assert.equal(ctx.cancel.cancelled, false);
  assert.equal(ctx.minWaitTimeoutS, 0);
});
