import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step, WaitSpec } from "../../src/scenario/types.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { at, el, fake, goto, hide, reveal, scenario, tapStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

const wait = (body: WaitSpec): Step => ({ action: "wait", body });

function appWithLater(ms: number) {
  return fake(fakeApp({
    screens: [
      fakeScreen("main", [el("home"), el("later", [0, 100, 10, 10], { hidden: true })]),
      fakeScreen("next", [el("done")]),
    ],
    timers: [at(ms, reveal("later"))],
  }));
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

Deno.test("wait for: passes as soon as a match appears, polling every 50 ms", async () => {
  const { clock, driver } = appWithLater(300);
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "later" }, timeout: 2 })] }),
    {
      clock,
    },
  );
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.3), `now=${clock.now()}`);
  assert.equal(clock.sleeps.length, 6);
  assert.ok(clock.sleeps.every((s) => near(s, 0.05)));
});

Deno.test("wait for: times out with `wait timeout: for <sel> (<t>s)` after the deadline", async () => {
  const { clock, driver } = appWithLater(5000);
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "later" }, timeout: 1.5 })] }),
    { clock },
  );
  assert.equal(r.failure, 'step 0 (wait): wait timeout: for {"id":"later"} (1.5s)');
  assert.ok(near(clock.now(), 1.5));
});

Deno.test("wait for: a match count of 2+ is fine", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { traits: ["button"] }, timeout: 0 })] }),
    { clock },
  );
  assert.equal(r.ok, true);
});

Deno.test("timeout 0 gives the condition exactly one look", async () => {
  const { clock, driver } = appWithLater(0);
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "later" }, timeout: 0 })] }),
    {
      clock,
    },
  );
  assert.equal(r.ok, true);
  const missing = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "zzz" }, timeout: 0 })] }),
    { clock },
  );
  assert.equal(missing.failure, 'step 0 (wait): wait timeout: for {"id":"zzz"} (0s)');
  assert.deepEqual(clock.sleeps, []);
});

Deno.test("the effective timeout is raised to minWaitTimeoutS", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "zzz" }, timeout: 0.1 })] }),
    {
      clock,
      minWaitTimeoutS: 0.5,
    },
  );
  assert.equal(r.failure, 'step 0 (wait): wait timeout: for {"id":"zzz"} (0.5s)');
  assert.ok(near(clock.now(), 0.5));
});

Deno.test("poll period is measured from the start of each read: only the remainder is slept", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home")])],
    latency: { queryMs: 20, actionMs: 0 },
  }));
  await runScenario(driver, scenario({ steps: [wait({ for: { id: "zzz" }, timeout: 0.2 })] }), {
    clock,
  });
  // Each read costs 0.02 s of virtual latency; the loop sleeps the other 0.03 s.
  const loopSleeps = clock.sleeps.filter((s) => !near(s, 0.02));
  assert.ok(loopSleeps.length >= 3);
  assert.ok(loopSleeps.every((s) => near(s, 0.03)), JSON.stringify(clock.sleeps));
});

Deno.test("wait gone: passes once no match remains; fails with `wait timeout: gone <sel>`", async () => {
  const app = fakeApp({
    screens: [fakeScreen("main", [el("home"), el("spinner")])],
    timers: [at(200, hide("spinner"))],
  });
  const { clock, driver } = fake(app);
  const ok = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "gone", sel: { id: "spinner" } }, timeout: 1 })] }),
    { clock },
  );
  assert.equal(ok.ok, true);
  assert.ok(near(clock.now(), 0.2));
  const stuck = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "gone", sel: { id: "home" } }, timeout: 0.25 })] }),
    { clock },
  );
  assert.equal(stuck.failure, 'step 0 (wait): wait timeout: gone {"id":"home"} (0.25s)');
});

Deno.test("wait for and gone honour index: the indexed candidate, not any match", async () => {
  const rows = [0, 1, 2].map((i) => el(`row.${i}`, [0, i * 50, 100, 40], { traits: ["cell"] }));
  const app = fakeApp({
    screens: [fakeScreen("main", [
      ...rows,
      el("row.3", [0, 150, 100, 40], {
        traits: ["cell"],
        hidden: true,
      }),
    ])],
    timers: [at(200, reveal("row.3")), at(400, hide("row.0"))],
  });
  const { clock, driver } = fake(app);
  const fourth = { traits: ["cell"], index: 3 };
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        wait({ for: { traits: ["cell"], index: 0 }, timeout: 0 }),
        wait({ for: fourth, timeout: 1 }),
        wait({ until: { kind: "gone", sel: fourth }, timeout: 1 }),
        wait({ for: { traits: ["cell"], index: 99 }, timeout: 0.1 }),
      ],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'step 3 (wait): wait timeout: for {"traits":["cell"],"index":99} (0.1s)',
  );
  assert.deepEqual(r.steps.map((o) => o.ok), [true, true, true, false]);
  assert.ok(near(r.steps[1].durationS, 0.2), `for index 3 waited ${r.steps[1].durationS}`);
  assert.ok(near(r.steps[2].durationS, 0.2), `gone index 3 waited ${r.steps[2].durationS}`);
});

Deno.test("wait gone: an empty tree satisfies it", async () => {
  const { clock, driver } = fake(fakeApp({ screens: [fakeScreen("main", [], "empty")] }));
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "gone", sel: { id: "x" } }, timeout: 0 })] }),
    { clock },
  );
  assert.equal(r.ok, true);
});

Deno.test("wait screenChanged: passes when a read differs from the wait's first read", async () => {
  const app = fakeApp({
    screens: [fakeScreen("main", [el("home")]), fakeScreen("next", [el("done")])],
    timers: [at(400, goto("next"))],
  });
  const { clock, driver } = fake(app);
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "screenChanged" }, timeout: 2 })] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.4));
});

Deno.test("wait screenChanged: a change that finished before the wait began times out", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("ok")]), fakeScreen("next", [el("done")])],
    reactions: [{
      on: { kind: "tap", target: { id: "ok" } },
      screen: null,
      when: [],
      unless: [],
      then: [goto("next")],
    }],
  }));
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), wait({ until: { kind: "screenChanged" }, timeout: 0.3 })] }),
    { clock },
  );
  assert.equal(r.failure, "step 1 (wait): wait timeout: screenChanged (0.3s)");
});

Deno.test("wait settled: three identical reads with an identified element", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "settled" }, timeout: 5 })] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.1)); // reads at 0, 0.05, 0.1
});

Deno.test("wait settled: a collapsed tree never settles, and the timeout proceeds with the screen", async () => {
  for (const mode of ["empty", "root"] as const) {
    const { clock, driver } = fake(fakeApp({ screens: [fakeScreen("main", [el("home")], mode)] }));
    const r = await runScenario(
      driver,
      scenario({ steps: [wait({ until: { kind: "settled" }, timeout: 0.5 })] }),
      { clock },
    );
    assert.equal(r.ok, true, mode);
    assert.ok(near(clock.now(), 0.5), `${mode}: settled early at ${clock.now()}`);
  }
});

Deno.test("wait settled: a moving screen restarts the count", async () => {
  const app = fakeApp({
    screens: [fakeScreen("main", [el("home"), el("a", undefined, { hidden: true })])],
    timers: [at(100, reveal("a"))],
  });
  const { clock, driver } = fake(app);
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ until: { kind: "settled" }, timeout: 5 })] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.2)); // changed at 0.1; identical at 0.15, 0.2
});

Deno.test("wait request: counts matching exchanges; times out with `wait timeout: request <label>`", async () => {
  const exchange = {
    method: "POST",
    url: "https://api.test/login",
    status: 200,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: null,
    responseBody: null,
    durationMs: 5,
  };
  const app = fakeApp({
    screens: [fakeScreen("main", [el("home")])],
    network: [],
    timers: [at(150, { kind: "exchange", exchange, afterMs: 0 })],
  });
  const { clock, driver } = fake(app);
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        wait({ until: { kind: "request", match: { method: "post", path: "/login" } }, timeout: 1 }),
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.ok(near(clock.now(), 0.15));
  const two = await runScenario(
    driver,
    scenario({
      steps: [wait({
        until: { kind: "request", match: { path: "/login", count: 2 } },
        timeout: 0.1,
      })],
    }),
    { clock },
  );
  assert.equal(two.failure, "step 0 (wait): wait timeout: request /login count=2 (0.1s)");
});

Deno.test("cancellation is read inside the poll loop", async () => {
  const { clock, driver } = fake();
  const signal = {
    get cancelled() {
      return clock.now() >= 0.3;
    },
  };
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "never" }, timeout: 60 }), tapStep("ok")] }),
    { clock, cancel: signal },
  );
  assert.equal(r.failure, "cancelled");
  assert.ok(near(clock.now(), 0.3));
  assert.equal(r.steps.length, 1);
  assert.equal(r.steps[0].reason, "cancelled");
  assert.equal(driver.actions.some(([m]) => m === "tap"), false);
});

Deno.test("cancellation is read between steps", async () => {
  const { clock, driver } = fake();
  const cancel = new CancelSource();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), tapStep("ok"), tapStep("ok")] }),
    { clock, cancel, onStep: (_p, o) => o.index === 0 && cancel.cancel() },
  );
  assert.equal(r.failure, "cancelled");
  assert.equal(r.steps.length, 1);
  assert.equal(driver.actions.filter(([m]) => m === "tap").length, 1);
});

Deno.test("a cancel mid-wait still stops the step's interval captures", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const signal = {
    get cancelled() {
      return clock.now() >= 0.2;
    },
  };
  const r = await runScenario(
    driver,
    scenario({ steps: [wait({ for: { id: "never" }, timeout: 60 })] }),
    { clock, cancel: signal, sink, baselineCapture: ["video"] },
  );
  assert.equal(r.failure, "cancelled");
  assert.deepEqual(sink.calls.map((c) => c.method), ["before", "startIntervals", "stopIntervals"]);
  assert.deepEqual(r.steps[0].artifacts.map((a) => a.name), ["step0/before.png", "step0/video"]);
});
