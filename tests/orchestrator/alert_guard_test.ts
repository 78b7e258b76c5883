import assert from "node:assert/strict";
import { fakeApp, type FakeDriver, fakeScreen } from "../../src/drivers/fake/mod.ts";
import type { FakeAlertSpec, FakeEffect } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { AlertGuard } from "../../src/orchestrator/types.ts";
import type { FakeClock } from "../../src/time/clock.ts";
import type { WaitSpec } from "../../src/scenario/types.ts";
import { at, el, fake, overrideDriver, scenario, tapStep, waitForStep } from "./helpers.ts";

const PERMISSION: FakeAlertSpec = {
  name: "permission",
  title: "Allow notifications?",
  message: null,
  buttons: [{ label: "Don't Allow", identifier: null, then: [] }],
  hidesTree: true,
};

const raise: FakeEffect = { kind: "alert", alert: "permission", afterMs: 0 };

/** The main screen (home, ok) with the permission alert raised at `ms`. */
function alertApp(ms: number) {
  return fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("ok", [0, 200, 100, 40])])],
    alerts: new Map([["permission", PERMISSION]]),
    timers: [at(ms, raise)],
  }));
}

/** A guard that dismisses through the fake and records when it was called. */
function dismissingGuard(driver: FakeDriver, clock: FakeClock, calls: number[]): AlertGuard {
  return async () => {
    calls.push(clock.now());
    const dismissed = await driver.dismissSystemAlert();
    return dismissed ? `${dismissed.title} → ${dismissed.button}` : null;
  };
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

Deno.test("alert guard: a step that failed is retried once after the guard cleared a blocker", async () => {
  const { clock, driver } = alertApp(0);
  const calls: number[] = [];
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok")] }), {
    clock,
    alertGuard: dismissingGuard(driver, clock, calls),
  });
  assert.equal(r.ok, true);
  assert.equal(calls.length, 1);
  assert.equal(r.steps[0].retried, true);
  assert.deepEqual(r.steps[0].alerts, [{ label: "Allow notifications? → Don't Allow" }]);
  assert.deepEqual(r.steps[0].actuations.map((a) => a.gesture), ["systemAlert", "tap"]);
});

Deno.test("alert guard: no retry when the guard found nothing to dismiss", async () => {
  const { clock, driver } = fake();
  let calls = 0;
  const r = await runScenario(driver, scenario({ steps: [tapStep("missing")] }), {
    clock,
    alertGuard: () => (calls++, Promise.resolve(null)),
  });
  assert.equal(r.ok, false);
  assert.equal(calls, 1);
  assert.equal(r.steps[0].retried, undefined);
});

Deno.test("alert guard: the retry happens at most once", async () => {
  const { clock, driver } = fake();
  let calls = 0;
  const r = await runScenario(driver, scenario({ steps: [tapStep("missing")] }), {
    clock,
    alertGuard: () => (calls++, Promise.resolve("something")),
  });
  assert.equal(r.failure, 'step 0 (tap): no match: {"id":"missing"}');
  assert.equal(calls, 1);
  assert.equal(r.steps[0].retried, true);
});

Deno.test("alert guard: armed inside a for-wait, it fires on the third collapsed poll", async () => {
  const { clock, driver } = alertApp(500);
  const calls: number[] = [];
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), waitForStep("never", 10), tapStep("ok")] }),
    { clock, alertGuard: dismissingGuard(driver, clock, calls), minWaitTimeoutS: 0 },
  );
  // The for-wait times out (never appears), but the alert was cleared mid-wait: collapsed
  // polls at 0.5, 0.55 and 0.6 s, so the guard fires at 0.6 s.
  assert.ok(near(calls[0], 0.6), `first call at ${calls[0]}`);
  assert.deepEqual(r.steps[1].alerts?.[0], { label: "Allow notifications? → Don't Allow" });
  assert.equal(r.failure, 'step 1 (wait): wait timeout: for {"id":"never"} (10s)');
});

Deno.test("alert guard: a cleared blocker lets the wait pass before its timeout", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("later", undefined, { hidden: true })])],
    alerts: new Map([["permission", PERMISSION]]),
    timers: [at(100, raise), at(200, { kind: "reveal", target: { id: "later" }, afterMs: 0 })],
  }));
  const calls: number[] = [];
  const r = await runScenario(driver, scenario({ steps: [waitForStep("later", 5)] }), {
    clock,
    alertGuard: dismissingGuard(driver, clock, calls),
  });
  assert.equal(r.ok, true);
  assert.equal(calls.length, 1);
  assert.ok(near(calls[0], 0.2), `guard at ${calls[0]}`); // collapsed at 0.1, 0.15 and 0.2
  assert.ok(clock.now() >= 0.2 && clock.now() <= 0.3, `passed at ${clock.now()}`); // the next poll after the guard
  assert.equal(r.steps[0].retried, undefined);
});

Deno.test("alert guard: cooldown of 1 s and at most two attempts per wait", async () => {
  const { clock, driver } = alertApp(0);
  const calls: number[] = [];
  const r = await runScenario(driver, scenario({ steps: [waitForStep("ok", 3)] }), {
    clock,
    alertGuard: () => (calls.push(clock.now()), Promise.resolve(null)),
  });
  assert.equal(r.ok, false);
  // Mid-wait: the 3rd collapsed poll (0.1), then 1 s later (1.1), then capped; then the
  // end-of-step call at the timeout.
  assert.equal(calls.length, 3, JSON.stringify(calls));
  assert.ok(near(calls[0], 0.1));
  assert.ok(near(calls[1], 1.1));
  assert.ok(near(calls[2], 3));
});

Deno.test("alert guard: a single collapsed poll does not fire it (debounce)", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home")])],
    timers: [at(200, { kind: "collapse", forMs: 50, mode: "empty", afterMs: 0 })],
  }));
  const calls: number[] = [];
  await runScenario(driver, scenario({ steps: [waitForStep("never", 0.5)] }), {
    clock,
    alertGuard: () => (calls.push(clock.now()), Promise.resolve(null)),
  });
  assert.equal(calls.length, 1); // only the end-of-step call
  assert.ok(near(calls[0], 0.5));
});

Deno.test("alert guard: not armed while the tree shows identified elements", async () => {
  const { clock, driver } = fake();
  const calls: number[] = [];
  await runScenario(driver, scenario({ steps: [waitForStep("never", 1)] }), {
    clock,
    alertGuard: () => (calls.push(clock.now()), Promise.resolve(null)),
  });
  assert.equal(calls.length, 1);
  assert.ok(near(calls[0], 1));
});

Deno.test("alert guard: expect is re-evaluated once after the guard cleared a blocker", async () => {
  const { clock, driver } = alertApp(0);
  const calls: number[] = [];
  const r = await runScenario(
    driver,
    scenario({ expect: [{ kind: "exists", sel: { id: "home" }, negate: false }] }),
    { clock, alertGuard: dismissingGuard(driver, clock, calls) },
  );
  assert.equal(r.ok, true);
  assert.equal(calls.length, 1);
  assert.deepEqual(r.expectAlerts, [{ label: "Allow notifications? → Don't Allow" }]);
  assert.deepEqual(r.expectActuations?.map((a) => a.gesture), ["systemAlert"]);
});

Deno.test("alert guard: with a guard present a failed expect is re-evaluated once", async () => {
  const { clock, driver } = fake();
  let calls = 0;
  let reads = 0;
  const counting = overrideDriver(driver, { query: () => (reads++, driver.query()) });
  const r = await runScenario(
    counting,
    scenario({
      expect: [{ kind: "exists", sel: { id: "nope" }, negate: false }],
    }),
    { clock, alertGuard: () => (calls++, Promise.resolve(null)) },
  );
  assert.equal(r.failure, 'expect: exists {"id":"nope"}: expected present but was absent');
  assert.equal(calls, 1);
  assert.equal(reads, 2);
  assert.equal(r.expectAlerts, undefined);
  const unguarded = await runScenario(
    counting,
    scenario({
      expect: [{ kind: "exists", sel: { id: "nope" }, negate: false }],
    }),
    { clock },
  );
  assert.equal(unguarded.ok, false);
  assert.equal(reads, 3); // one read without a guard
});

Deno.test("alert guard: armed inside settled and screenChanged waits too, not inside gone waits", async () => {
  // The alert hides the app from t = 0: every poll is collapsed. Mid-wait attempts: the third
  // collapsed poll, then one more after the 1 s cooldown (both before the 2 s deadline).
  const waits: Array<[string, WaitSpec, number]> = [
    ["settled", { until: { kind: "settled" }, timeout: 2 }, 2],
    ["screenChanged", { until: { kind: "screenChanged" }, timeout: 2 }, 2],
    ["gone", { until: { kind: "gone", sel: { traits: ["alert"] } }, timeout: 2 }, 0],
  ];
  for (const [name, body, midWait] of waits) {
    const { clock, driver } = alertApp(0);
    const calls: number[] = [];
    await runScenario(driver, scenario({ steps: [{ action: "wait", body }] }), {
      clock,
      alertGuard: () => (calls.push(clock.now()), Promise.resolve(null)),
    });
    // Mid-wait calls happen before the deadline; the end-of-step call (a failed wait) at it.
    assert.equal(calls.filter((t) => t < 2 - 1e-9).length, midWait, `${name}: ${calls}`);
  }
});

/**
 * A wait that starts under the permission alert (raised at launch); `dontAllow` are the effects of
 * its button, `main` the screen under it.
 */
function underAlert(main: ReturnType<typeof el>[], dontAllow: FakeEffect[], hidesTree = true) {
  const alert: FakeAlertSpec = {
    ...PERMISSION,
    hidesTree,
    buttons: [{ label: "Don't Allow", identifier: null, then: dontAllow }],
  };
  return fake(fakeApp({
    screens: [
      fakeScreen("main", main),
      fakeScreen("next", [el("next", [0, 300, 390, 60])]),
    ],
    alerts: new Map([["permission", alert]]),
    timers: [at(0, raise)],
  }));
}

const screenChanged = (timeout: number) =>
  scenario({ steps: [{ action: "wait", body: { until: { kind: "screenChanged" }, timeout } }] });

Deno.test("alert guard: a screenChanged wait that starts under an alert passes once the dismissal shows a new screen", async () => {
  const { clock, driver } = underAlert([el("home")], [
    { kind: "goto", screen: "next", afterMs: 0 },
  ]);
  const calls: number[] = [];
  const r = await runScenario(driver, screenChanged(10), {
    clock,
    alertGuard: dismissingGuard(driver, clock, calls),
  });
  assert.equal(r.ok, true, r.failure ?? "");
  // Initial read at 0, collapsed polls at 0.05, 0.1 and 0.15 (the guard fires), then the next
  // read shows `next`: compared with the initial read, the screen changed.
  assert.deepEqual(calls.map((t) => Math.round(t * 1000)), [150]);
  const [w] = r.steps[0].waits!;
  assert.equal(w.endedBy, "changed");
  assert.ok(w.seconds < 0.25, `passed after ${w.seconds}s of 10s`);
  assert.equal(w.watcherActs, 1);
  assert.equal(r.steps[0].retried, undefined, "no end-of-step retry was needed");
});

Deno.test("alert guard: the dismissed alert's own disappearance does not pass a screenChanged wait", async () => {
  // The alert lies over an app that shows only anonymous elements (so the tree looks collapsed
  // and the guard fires); dismissing it changes nothing in the app.
  const { clock, driver } = underAlert(
    [el(null, [0, 0, 390, 100], { label: "Banner" })],
    [],
    false,
  );
  const r = await runScenario(driver, screenChanged(1), {
    clock,
    alertGuard: dismissingGuard(driver, clock, []),
  });
  assert.equal(r.ok, false);
  assert.equal(r.failure, "step 0 (wait): wait timeout: screenChanged (1s)");
  const w = r.steps[0].waits![0];
  assert.equal(w.endedBy, "timeout");
  assert.equal(w.watcherRemoved, 2, "the alert's scrim and its button are set aside");
});

Deno.test("alert guard: after the dismissal a later change of the app still passes a screenChanged wait", async () => {
  const { clock, driver } = underAlert(
    [el(null, [0, 0, 390, 100], { label: "Banner" })],
    [{ kind: "goto", screen: "next", afterMs: 400 }],
    false,
  );
  const r = await runScenario(driver, screenChanged(2), {
    clock,
    alertGuard: dismissingGuard(driver, clock, []),
  });
  assert.equal(r.ok, true, r.failure ?? "");
  const [w] = r.steps[0].waits!;
  assert.equal(w.endedBy, "changed");
  // Dismissed at 0.15 s, `next` shows 0.4 s later.
  assert.ok(near(w.seconds, 0.55), `${w.seconds}`);
});
