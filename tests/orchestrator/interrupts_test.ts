import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Interrupt } from "../../src/scenario/types.ts";
import type { Driver } from "../../src/drivers/driver.ts";
import type { Artifact } from "../../src/evidence/sink.ts";
import type { FakeClock } from "../../src/time/clock.ts";
import {
  at,
  el,
  fake,
  hide,
  onTap,
  overrideDriver,
  reveal,
  scenario,
  tapStep,
  waitForStep,
} from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

/** A sink whose before.png takes 0.2 s of virtual time, as a real screenshot takes time. */
class SlowSink extends RecordingSink {
  constructor(readonly clock: FakeClock) {
    super();
  }
  override before(d: Driver, stepDir: string, elements: Parameters<RecordingSink["before"]>[2]) {
    this.clock.advance(0.2);
    return super.before(d, stepDir, elements) as Promise<Artifact[]>;
  }
}

/** A promo interstitial (hidden until `ms`) whose close button hides it. */
function promoApp(ms: number) {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("home", [0, 0, 390, 100]),
      el("ok", [0, 200, 100, 40]),
      el("later", [0, 300, 100, 40], { hidden: true }),
      el("promo", [0, 0, 390, 844], { hidden: true, traits: ["other"] }),
      el("promo.close", [300, 20, 40, 40], { hidden: true }),
    ])],
    timers: [at(ms, reveal("promo"), reveal("promo.close")), at(ms + 300, reveal("later"))],
    reactions: [onTap("promo.close", hide("promo"), hide("promo.close"))],
  }));
}

const closePromo: Interrupt = {
  condition: { kind: "exists", sel: { id: "promo" }, negate: false },
  steps: [tapStep("promo.close")],
};

Deno.test("interrupts: cleared before a step acts; recovery steps take indices", async () => {
  const { clock, driver } = promoApp(0);
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok")], interrupts: [closePromo] }),
    {
      clock,
    },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "promo.close" }, { id: "ok" }]);
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.action}`), ["1:tap", "0:tap"]);
});

Deno.test("interrupts: config entries run before the scenario's", async () => {
  const { clock, driver } = promoApp(0);
  const seen: string[] = [];
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok")],
      interrupts: [{ condition: closePromo.condition, steps: [tapStep("home")] }],
    }),
    { clock, interrupts: [closePromo], onStep: (_p, o) => seen.push(String(o.selector?.id)) },
  );
  assert.equal(r.ok, true);
  // Both entries matched the one snapshot, so both recoveries ran, the config entry's first.
  assert.deepEqual(seen, ["promo.close", "home", "ok"]);
});

Deno.test("interrupts: every entry matching the snapshot runs before the tree is read again", async () => {
  const { clock, driver } = promoApp(0);
  let reads = 0;
  const counting = overrideDriver(driver, { query: () => (reads++, driver.query()) });
  const tapHome: Interrupt = { condition: closePromo.condition, steps: [tapStep("home")] };
  const r = await runScenario(
    counting,
    scenario({ steps: [tapStep("ok")], interrupts: [closePromo, tapHome] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "promo.close" }, { id: "home" }, {
    id: "ok",
  }]);
  // The pre-check read, one re-read after the pass (nothing fires), and the post-step read;
  // recovery steps (two taps) read once each after acting.
  assert.equal(reads, 5);
});

Deno.test("interrupts: the pre-check reads a fresh tree even when a screenChanged rule keeps the previous one", async () => {
  // Tapping home raises the promo 100 ms later: after step 0's post read, before step 1 acts.
  const build = () =>
    fake(fakeApp({
      screens: [fakeScreen("main", [
        el("home", [0, 0, 390, 100]),
        el("ok", [0, 200, 100, 40]),
        el("promo", [0, 0, 390, 844], { hidden: true, traits: ["other"] }),
        el("promo.close", [300, 20, 40, 40], { hidden: true }),
      ])],
      reactions: [
        onTap("home", { ...reveal("promo"), afterMs: 100 }, {
          ...reveal("promo.close"),
          afterMs: 100,
        }),
        onTap("promo.close", hide("promo"), hide("promo.close")),
      ],
    }));
  for (const capturePolicy of [[], [{ on: { event: "screenChanged" as const }, capture: [] }]]) {
    const { clock, driver } = build();
    const r = await runScenario(
      driver,
      scenario({
        steps: [tapStep("home"), tapStep("ok")],
        interrupts: [closePromo],
        capturePolicy,
      }),
      { clock, sink: new SlowSink(clock) },
    );
    assert.equal(r.ok, true, `${capturePolicy.length} rule(s): ${r.failure}`);
    assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "home" }, { id: "promo.close" }, {
      id: "ok",
    }]);
  }
});

Deno.test("interrupts: checked on each poll of a wait after its condition failed", async () => {
  const { clock, driver } = promoApp(100);
  const r = await runScenario(
    driver,
    scenario({ steps: [waitForStep("later", 2)], interrupts: [closePromo] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "promo.close" }]);
  assert.equal(r.steps.at(-1)?.action, "wait");
});

Deno.test("interrupts: an entry fires at most 3 consecutive times per step, then goes inert", async () => {
  const { clock, driver } = promoApp(0);
  const stubborn: Interrupt = { condition: closePromo.condition, steps: [waitForStep("promo", 0)] };
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok")], interrupts: [stubborn] }),
    {
      clock,
    },
  );
  // The promo covers ok the whole time, so the tap itself ends up not tappable.
  assert.equal(r.steps.filter((s) => s.action === "wait").length, 3);
  assert.match(r.failure!, /^step 0 \(tap\): not tappable/);
});

Deno.test("interrupts: a recovery failure fails the step with its text and skips the action", async () => {
  const { clock, driver } = promoApp(0);
  const broken: Interrupt = { condition: closePromo.condition, steps: [tapStep("promo.missing")] };
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok")], interrupts: [broken] }), {
    clock,
  });
  assert.equal(
    r.failure,
    'step 0 (tap): step 1 (tap): no match: {"id":"promo.missing"}',
  );
  assert.deepEqual(driver.actions, []);
});

Deno.test("interrupts: recovery steps never trigger interrupts themselves", async () => {
  const { clock, driver } = promoApp(0);
  const recursive: Interrupt = {
    condition: closePromo.condition,
    steps: [{ action: "wait", body: { for: { id: "promo" }, timeout: 0 } }, tapStep("promo.close")],
  };
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok")], interrupts: [recursive] }),
    {
      clock,
    },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.steps.map((s) => s.index), [1, 2, 0]);
});

Deno.test("interrupts: a cleared interstitial's change is not the step's own screen change", async () => {
  const { clock, driver } = promoApp(0);
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("home"), tapStep("home")],
      interrupts: [closePromo],
      capturePolicy: [{ on: { event: "screenChanged" }, capture: ["rawTree"] }],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  // The recovery tap (index 1) closed the promo and changed the screen; tapping home changes
  // nothing, so neither outer step fires the rule.
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.firedRules.join(",")}`), [
    "1:0",
    "0:",
    "2:",
  ]);
});

Deno.test("interrupts: a wait ended by a failed recovery records the screen the recovery left", async () => {
  const { clock, driver } = promoApp(100);
  const sink = new RecordingSink();
  const halfBroken: Interrupt = {
    condition: closePromo.condition,
    steps: [tapStep("promo.close"), tapStep("promo.missing")],
  };
  const r = await runScenario(
    driver,
    scenario({ steps: [waitForStep("later", 5)], interrupts: [halfBroken] }),
    { clock, sink },
  );
  assert.equal(r.failure, 'step 0 (wait): step 2 (tap): no match: {"id":"promo.missing"}');
  const [waitCapture] = sink.of("capture").filter((c) => c.stepDir === "step0");
  const ids = waitCapture.elements?.map((e) => e.identifier);
  assert.deepEqual(ids, ["home", "ok"], "the post tree is read after the recovery acted");
});
