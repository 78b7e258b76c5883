import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Assertion, Step } from "../../src/scenario/types.ts";
import { at, el, fake, overrideDriver, reveal, scenario, tapStep } from "./helpers.ts";

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
const exists = (id: string): Assertion => ({ kind: "exists", sel: { id }, negate: false });
const noLogin: Assertion = { kind: "request", match: { path: "/login" } };

/** `home` on screen; `later` revealed at 200 ms. Counts every tree read. */
function laterApp() {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("later", [0, 100, 10, 10], { hidden: true })])],
    timers: [at(200, reveal("later"))],
  }));
  const reads = { n: 0 };
  const counting = overrideDriver(driver, { query: () => (reads.n++, driver.query()) });
  return { clock, driver: counting, actions: driver.actions, reads };
}

Deno.test("min wait floor: an assert step reads once by default", async () => {
  const { clock, driver, reads } = laterApp();
  const r = await runScenario(driver, scenario({ steps: [assertStep(exists("later"))] }), {
    clock,
  });
  assert.equal(
    r.failure,
    'step 0 (assert): exists {"id":"later"}: expected present but was absent',
  );
  assert.equal(reads.n, 1);
  assert.equal(clock.now(), 0);
});

Deno.test("min wait floor: an assert step re-reads every 50 ms until it passes", async () => {
  const { clock, driver, reads } = laterApp();
  const r = await runScenario(driver, scenario({ steps: [assertStep(exists("later"))] }), {
    clock,
    minWaitTimeoutS: 5,
  });
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.2), `passed at ${clock.now()}`);
  assert.equal(reads.n, 5); // 0, .05, .1, .15, .2 — the post tree is the settled one
});

Deno.test("min wait floor: an assert step that never passes fails when the budget ends", async () => {
  const { clock, driver } = laterApp();
  const r = await runScenario(driver, scenario({ steps: [assertStep(exists("never"))] }), {
    clock,
    minWaitTimeoutS: 0.3,
  });
  assert.equal(
    r.failure,
    'step 0 (assert): exists {"id":"never"}: expected present but was absent',
  );
  assert.ok(near(clock.now(), 0.3));
});

Deno.test("min wait floor: re-reading stops once only read-once kinds still fail", async () => {
  const { clock, driver, reads } = laterApp();
  const onlyNetwork = await runScenario(
    driver,
    scenario({ steps: [assertStep(exists("home"), noLogin)] }),
    { clock, minWaitTimeoutS: 5 },
  );
  assert.equal(
    onlyNetwork.failure,
    "step 0 (assert): request /login: no matching exchange (observed 0)",
  );
  assert.equal(reads.n, 1);
  assert.equal(clock.now(), 0);

  // A tree kind still failing keeps the poll going; once it passes, the network kind alone
  // cannot be helped by another read.
  const mixed = laterApp();
  const r = await runScenario(
    mixed.driver,
    scenario({ expect: [exists("later"), noLogin] }),
    { clock: mixed.clock, minWaitTimeoutS: 5 },
  );
  assert.equal(r.failure, "expect: request /login: no matching exchange (observed 0)");
  assert.ok(near(mixed.clock.now(), 0.2), `stopped at ${mixed.clock.now()}`);
  assert.deepEqual(r.expectResults.map((x) => x.ok), [true, false]);
});

Deno.test("min wait floor: an if condition is still one snapshot", async () => {
  const { clock, driver, actions, reads } = laterApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "if",
        body: { condition: exists("later"), then: [tapStep("later")], else: [tapStep("home")] },
      }],
    }),
    { clock, minWaitTimeoutS: 5 },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(actions.map(([, a]) => a), [{ id: "home" }]);
  assert.equal(clock.now(), 0);
  assert.equal(reads.n, 2); // the condition read, then the else-branch tap's post read
});

function assertStep(...assertions: Assertion[]): Step {
  return { action: "assert", body: assertions };
}

Deno.test("min wait floor: a re-read assert records an assert-retry wait; a first-read pass none", async () => {
  const held = laterApp();
  const r = await runScenario(held.driver, scenario({ steps: [assertStep(exists("later"))] }), {
    clock: held.clock,
    minWaitTimeoutS: 5,
  });
  assert.equal(r.ok, true);
  const [wait] = r.steps[0].waits ?? [];
  assert.deepEqual({ ...wait, seconds: undefined }, {
    kind: "assert-retry",
    endedBy: "condition",
    reads: 5,
    seconds: undefined,
    timeoutS: 5,
  });
  assert.ok(near(wait.seconds, 0.2), `took ${wait.seconds}`);

  const first = laterApp();
  const once = await runScenario(first.driver, scenario({ steps: [assertStep(exists("home"))] }), {
    clock: first.clock,
    minWaitTimeoutS: 5,
  });
  assert.equal(once.ok, true);
  assert.equal(once.steps[0].waits, undefined);
});

Deno.test("min wait floor: an assert that ran out the floor records a timed-out assert-retry", async () => {
  const { clock, driver } = laterApp();
  const r = await runScenario(driver, scenario({ steps: [assertStep(exists("never"))] }), {
    clock,
    minWaitTimeoutS: 0.3,
  });
  const [wait] = r.steps[0].waits ?? [];
  assert.equal(wait.kind, "assert-retry");
  assert.equal(wait.endedBy, "timeout");
  assert.equal(wait.reads, 7); // 0, .05 … .3
  assert.ok(near(wait.seconds, 0.3));
});

Deno.test("min wait floor: expect records its re-read as a wait on the scenario", async () => {
  const held = laterApp();
  const r = await runScenario(held.driver, scenario({ expect: [exists("later")] }), {
    clock: held.clock,
    minWaitTimeoutS: 5,
  });
  assert.equal(r.ok, true);
  assert.deepEqual(r.expectWaits?.map((w) => [w.kind, w.endedBy, w.reads]), [
    ["assert-retry", "condition", 5],
  ]);

  // Stopped early on a read-once kind: said so, not "timeout".
  const mixed = laterApp();
  const failed = await runScenario(
    mixed.driver,
    scenario({ expect: [exists("later"), noLogin] }),
    { clock: mixed.clock, minWaitTimeoutS: 5 },
  );
  assert.deepEqual(failed.expectWaits?.map((w) => [w.endedBy, w.reads]), [["readOnce", 5]]);

  const first = laterApp();
  const once = await runScenario(first.driver, scenario({ expect: [exists("home")] }), {
    clock: first.clock,
    minWaitTimeoutS: 5,
  });
  assert.equal(once.expectWaits, undefined);
});
