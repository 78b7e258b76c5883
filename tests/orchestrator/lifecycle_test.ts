import assert from "node:assert/strict";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { AfterRule, Step } from "../../src/scenario/types.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { fake, scenario, tapStep, waitForStep } from "./helpers.ts";

const rule = (on: AfterRule["on"], ...steps: Step[]): AfterRule => ({ on, steps });
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

Deno.test("before runs first, into its own outcome list numbered from 0", async () => {
  const { clock, driver } = fake();
  const phases: string[] = [];
  const r = await runScenario(
    driver,
    scenario({ before: [tapStep("home"), tapStep("ok")], steps: [tapStep("ok")] }),
    { clock, onStep: (phase, o) => phases.push(`${phase}:${o.index}`) },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(phases, ["before:0", "before:1", "steps:0"]);
  assert.deepEqual(r.beforeOutcomes.map((o) => o.index), [0, 1]);
  assert.deepEqual(r.steps.map((o) => o.index), [0]);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "home" }, { id: "ok" }, { id: "ok" }]);
});

Deno.test("a before failure is `before: …`, skips steps and expect, and after still runs", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      before: [tapStep("missing")],
      steps: [tapStep("ok")],
      expect: [{ kind: "exists", sel: { id: "nope" }, negate: false }],
      after: [rule("error", tapStep("home"))],
    }),
    { clock },
  );
  assert.equal(r.failure, 'before: step 0 (tap): no match: {"id":"missing"}');
  assert.deepEqual(r.steps, []);
  assert.deepEqual(r.expectResults, []);
  assert.equal(r.afterVerdict, "error");
  assert.equal(r.afterOutcomes.length, 1);
});

Deno.test("after runs the rules matching the verdict (or always), in order", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      after: [
        rule("error", tapStep("ok")),
        rule("always", tapStep("home")),
        rule("success", tapStep("ok")),
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.equal(r.afterVerdict, "success");
  assert.deepEqual(r.afterOutcomes.map((o) => `${o.index}:${o.stepId}`), ["0:step0", "1:step1"]);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "ok" }, { id: "home" }, { id: "ok" }]);
});

Deno.test("afterVerdict is empty when no rule ran", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok")], after: [rule("error", tapStep("ok"))] }),
    { clock },
  );
  assert.equal(r.afterVerdict, "");
  assert.deepEqual(r.afterOutcomes, []);
});

Deno.test("an after failure becomes the failure of a passing run; later rules still run", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      after: [rule("always", tapStep("missing"), tapStep("ok")), rule("always", tapStep("home"))],
    }),
    { clock },
  );
  assert.equal(r.failure, 'after: step 0 (tap): no match: {"id":"missing"}');
  // The failing rule stopped its own remaining step; the next rule ran (and took index 1).
  assert.deepEqual(r.afterOutcomes.map((o) => `${o.index}:${o.ok}`), ["0:false", "1:true"]);
});

Deno.test("an after failure is appended behind an existing failure", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("nope")],
      after: [rule("always", tapStep("gone")), rule("error", tapStep("gone2"))],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'step 0 (tap): no match: {"id":"nope"}; after: step 0 (tap): no match: {"id":"gone"}; ' +
      'after: step 1 (tap): no match: {"id":"gone2"}',
  );
});

Deno.test("an expect failure is the verdict the after phase sees", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      expect: [{ kind: "exists", sel: { id: "nope" }, negate: false }],
      after: [rule("error", tapStep("missing"))],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'expect: exists {"id":"nope"}: expected present but was absent; ' +
      'after: step 0 (tap): no match: {"id":"missing"}',
  );
});

Deno.test("hook phases share vars with the steps", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      before: [{
        action: "tap",
        body: { id: "ok" },
        extract: { target: { sel: { id: "home" }, prop: "identifier" } },
      }],
      steps: [tapStep("${vars.target}")],
      after: [rule("always", tapStep("${vars.target}"))],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "ok" }, { id: "home" }, {
    id: "home",
  }]);
});

Deno.test("after runs on a cancelled run, bounded by its own deadline (default 9 s)", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok"), tapStep("ok")],
      after: [
        rule("always", tapStep("home"), waitForStep("never", 60)),
        rule("always", tapStep("ok")),
      ],
    }),
    { clock, cancel, onStep: (phase) => phase === "steps" && cancel.cancel() },
  );
  assert.equal(r.failure, "cancelled");
  assert.equal(r.steps.length, 1);
  assert.equal(r.afterVerdict, "error");
  // The first rule's tap ran; its wait was cut at the deadline; the second rule was abandoned.
  assert.deepEqual(r.afterOutcomes.map((o) => `${o.action}:${o.reason}`), [
    "tap:",
    "wait:cancelled",
  ]);
  assert.ok(near(clock.now(), 9), `now=${clock.now()}`);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "ok" }, { id: "home" }]);
});

Deno.test("afterPhaseDeadlineS sets the after phase's budget on a cancelled run", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  cancel.cancel();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok")], after: [rule("always", waitForStep("never", 60))] }),
    { clock, cancel, afterPhaseDeadlineS: 2 },
  );
  assert.equal(r.failure, "cancelled");
  assert.deepEqual(r.steps, []);
  assert.ok(near(clock.now(), 2));
});

Deno.test("a cancel arriving during the after phase lets cleanup finish within the deadline", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      after: [rule("always", tapStep("home"), waitForStep("ok", 1), tapStep("ok"))],
    }),
    { clock, cancel, onStep: (phase) => phase === "after" && cancel.cancel() },
  );
  assert.equal(r.ok, true);
  assert.equal(r.afterOutcomes.length, 3);
});

Deno.test("a passing run whose after phase ran past the deadline is failed as cancelled", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      after: [rule("always", tapStep("home"), waitForStep("never", 60))],
    }),
    { clock, cancel, afterPhaseDeadlineS: 1, onStep: (p) => p === "after" && cancel.cancel() },
  );
  assert.equal(r.failure, "cancelled");
  assert.ok(near(clock.now(), 1));
});

Deno.test("a failing run whose after phase is abandoned at the deadline appends `after: cancelled`", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("missing")],
      after: [
        rule("always", tapStep("home"), waitForStep("never", 60)),
        rule("always", tapStep("ok")),
      ],
    }),
    { clock, cancel, afterPhaseDeadlineS: 1, onStep: (p) => p === "after" && cancel.cancel() },
  );
  assert.equal(r.failure, 'step 0 (tap): no match: {"id":"missing"}; after: cancelled');
  assert.equal(r.afterOutcomes.length, 2); // the second rule never started
});

Deno.test("the after verdict is fixed before the first rule: a failing rule does not flip it", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      after: [
        rule("always", tapStep("missing")),
        rule("success", tapStep("home")),
        rule("error", tapStep("ok")),
      ],
    }),
    { clock },
  );
  assert.equal(r.afterVerdict, "success");
  assert.equal(r.failure, 'after: step 0 (tap): no match: {"id":"missing"}');
  // The success rule still ran after the first rule failed; the error rule did not.
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "ok" }, { id: "home" }]);
  assert.deepEqual(r.afterOutcomes.map((o) => `${o.index}:${o.ok}`), ["0:false", "1:true"]);
});

Deno.test("an after rule without `on` runs on every verdict", async () => {
  for (
    const [steps, verdict] of [[[tapStep("ok")], "success"], [[tapStep("no")], "error"]] as const
  ) {
    const { clock, driver } = fake();
    const bare = { steps: [tapStep("home")] } as unknown as AfterRule;
    const r = await runScenario(driver, scenario({ steps: [...steps], after: [bare] }), { clock });
    assert.equal(r.afterVerdict, verdict);
    assert.deepEqual(r.afterOutcomes.map((o) => o.selector), [{ id: "home" }]);
  }
});
