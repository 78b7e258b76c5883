/**
 * What a step records for the report (docs/reports.md#waits, #latency, #element-frames): what
 * ended each wait, where its time went, and the frames to draw over its screenshot.
 */
import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Interrupt, Step } from "../../src/scenario/types.ts";
import { fakeFrom } from "../drivers/fake/helpers.ts";
import {
  at,
  el,
  fake,
  goto,
  hide,
  onTap,
  reveal,
  scenario,
  tapStep,
  waitForStep,
} from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** A promo that covers the screen from the start; its close button hides it. */
function promoFromStart(laterMs: number | null) {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("home", [0, 0, 390, 100]),
      el("later", [0, 300, 100, 40], { hidden: true }),
      el("promo", [0, 0, 390, 844], { hidden: true, traits: ["other"] }),
      el("promo.close", [300, 20, 40, 40], { hidden: true }),
    ])],
    timers: [
      at(0, reveal("promo"), reveal("promo.close")),
      ...(laterMs === null ? [] : [at(laterMs, reveal("later"))]),
    ],
    reactions: [onTap("promo.close", hide("promo"), hide("promo.close"))],
  }));
}

const closePromo: Interrupt = {
  condition: { kind: "exists", sel: { id: "promo" }, negate: false },
  steps: [tapStep("promo.close")],
};

const screenChanged = (timeout: number): Step =>
  ({ action: "wait", body: { until: { kind: "screenChanged" }, timeout } }) as Step;

Deno.test("screenChanged: a change an interrupt recovery made does not pass the wait", async () => {
  // The only change on screen is the recovery closing the promo; nothing the step caused.
  const { clock, driver } = promoFromStart(null);
  const r = await runScenario(
    driver,
    scenario({ steps: [screenChanged(1)], interrupts: [closePromo] }),
    { clock },
  );
  assert.equal(r.ok, false, "the recovery's own change must not count");
  assert.equal(r.failure, "step 0 (wait): wait timeout: screenChanged (1s)");
  const wait = r.steps.at(-1)!;
  assert.equal(wait.waits?.[0].endedBy, "timeout");
  assert.equal(wait.waits?.[0].watcherRemoved, 2, "the promo and its close button are set aside");
  assert.equal(wait.waits?.[0].watcherActs, 1);
});

Deno.test("screenChanged: after a recovery closed the promo a later change still passes the wait", async () => {
  const { clock, driver } = promoFromStart(300);
  const r = await runScenario(
    driver,
    scenario({ steps: [screenChanged(2)], interrupts: [closePromo] }),
    { clock },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  const [w] = r.steps.at(-1)!.waits!;
  assert.equal(w.endedBy, "changed");
  assert.equal(w.watcherRemoved, 2);
  assert.ok(w.seconds >= 0.3 && w.seconds < 0.5, `${w.seconds}`);
});

Deno.test("screenChanged: a recovery that leads to a new screen passes the wait, as the alert guard's does", async () => {
  // Compared with the wait's first read (the promo over main), `next` is a change; only what the
  // recovery removed (the promo and its close button) is set aside.
  const { clock, driver } = fake(fakeApp({
    screens: [
      fakeScreen("main", [
        el("home", [0, 0, 390, 100]),
        el("promo", [0, 0, 390, 844], { hidden: true, traits: ["other"] }),
        el("promo.close", [300, 20, 40, 40], { hidden: true }),
      ]),
      fakeScreen("next", [el("next", [0, 300, 390, 60])]),
    ],
    timers: [at(0, reveal("promo"), reveal("promo.close"))],
    reactions: [onTap("promo.close", goto("next"))],
  }));
  const r = await runScenario(
    driver,
    scenario({ steps: [screenChanged(10)], interrupts: [closePromo] }),
    { clock },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  const [w] = r.steps.at(-1)!.waits!;
  assert.equal(w.endedBy, "changed");
  assert.equal(w.watcherActs, 1);
  assert.ok(w.seconds < 0.2, `passed after ${w.seconds}s of 10s`);
});

Deno.test("wait records: what ended the wait, its reads and its time", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [
      el("home", [0, 0, 390, 100]),
      el("late", [0, 200, 100, 40], { hidden: true }),
    ])],
    timers: [at(120, reveal("late"))],
  }));
  const settled = { action: "wait", body: { until: { kind: "settled" }, timeout: 1 } } as Step;
  const gone = { action: "wait", body: { until: { kind: "gone", sel: { id: "x" } }, timeout: 1 } };
  const r = await runScenario(
    driver,
    scenario({ steps: [waitForStep("late", 1), settled, gone as Step] }),
    { clock },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  const [forWait, settle, goneWait] = r.steps.map((s) => s.waits?.[0]);
  // Reads at 0, 50, 100 ms miss; the read at 150 ms sees `late`.
  assert.equal(forWait?.endedBy, "condition");
  assert.equal(forWait?.reads, 4);
  assert.ok(near(forWait!.seconds, 0.15), `${forWait?.seconds}`);
  assert.equal(forWait?.timeoutS, 1);
  assert.equal(settle?.endedBy, "stable");
  assert.equal(settle?.stableReads, 3);
  assert.equal(settle?.reads, 3);
  assert.equal(goneWait?.kind, "gone");
  assert.equal(goneWait?.endedBy, "condition");
});

Deno.test("wait records: a settle that timed out passes and says so", async () => {
  // A screen that changes every 40 ms never holds still for three reads.
  const timers = Array.from({ length: 30 }, (_, i) => at(i * 40, i % 2 ? hide("b") : reveal("b")));
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("a", [0, 0, 10, 10]), el("b", [0, 20, 10, 10])])],
    timers,
  }));
  const settled = { action: "wait", body: { until: { kind: "settled" }, timeout: 0.5 } } as Step;
  const r = await runScenario(driver, scenario({ steps: [settled] }), { clock });
  assert.equal(r.ok, true);
  const [w] = r.steps[0].waits!;
  assert.equal(w.endedBy, "timeout");
  assert.ok(w.reads >= 10, `${w.reads}`);
  assert.ok(w.stableReads! < 3);
});

Deno.test("latency: a step's time split into reading, acting, waiting and evidence", async () => {
  const { driver, clock } = fakeFrom(`
initial: s
screens:
  s:
    - { id: b, traits: [button], frame: [0, 0, 10, 10] }
    - { id: late, frame: [0, 20, 10, 10], hidden: true }
timers:
  - { atMs: 500, then: [ { reveal: late } ] }
latency: { queryMs: 100, actionMs: 250 }
`);
  /** A sink whose screenshots take 30 ms of virtual time. */
  class SlowSink extends RecordingSink {
    override afterShot(d: Parameters<RecordingSink["afterShot"]>[0], stepDir: string) {
      clock.advance(0.03);
      return super.afterShot(d, stepDir);
    }
  }
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("b"), waitForStep("late", 2)] }),
    { clock, sink: new SlowSink() },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  const [tap, wait] = r.steps;
  // The tap: one 250 ms actuation, the post read 100 ms, a 30 ms after-shot. The post read goes
  // out alongside the after-shot, each timed in full; this fake clock advances at every sleep, so
  // the shot's span also covers the read it overlapped (on a real clock it ends with the shot).
  assert.ok(near(tap.latency!.actS, 0.25), JSON.stringify(tap.latency));
  assert.ok(near(tap.latency!.readS, 0.1), JSON.stringify(tap.latency));
  assert.ok(near(tap.latency!.evidenceS, 0.03 + 0.1), JSON.stringify(tap.latency));
  assert.equal(tap.latency!.waitS, 0);
  // The wait: reads of 100 ms (no sleep left in a 50 ms period) until `late` shows at 500 ms.
  assert.equal(wait.latency!.actS, 0);
  assert.ok(wait.latency!.readS > 0.1);
  const sum = wait.latency!.readS + wait.latency!.evidenceS + wait.latency!.waitS;
  assert.ok(sum <= wait.durationS + 1e-9, `${sum} ≤ ${wait.durationS}`);
});

Deno.test("latency: sleeps between polls count as waiting", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("home"), el("late", [0, 200, 10, 10], { hidden: true })])],
    timers: [at(200, reveal("late"))],
  }));
  const r = await runScenario(driver, scenario({ steps: [waitForStep("late", 1)] }), { clock });
  assert.ok(near(r.steps[0].latency!.waitS, 0.2), JSON.stringify(r.steps[0].latency));
  assert.equal(r.steps[0].latency!.readS, 0); // the fake reads in no virtual time
});

Deno.test("overlay: a tap frames its target and marks the tap point on the before shot", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock });
  const o = r.steps[0].overlay!;
  assert.equal(o.shot, "before");
  assert.deepEqual(o.boxes, [{ frame: [0, 200, 100, 40], role: "target", label: "ok" }]);
  assert.deepEqual(o.point, [50, 220]);
  assert.deepEqual(o.screen, [390, 240]);
});

Deno.test("overlay: an ambiguous selector draws every candidate", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [
      el("row", [0, 0, 100, 40], { label: "Buy" }),
      el("row", [0, 50, 100, 40], { label: "Buy" }),
    ])],
  }));
  const r = await runScenario(driver, scenario({ steps: [tapStep("row")] }), { clock });
  assert.equal(r.ok, false);
  const o = r.steps[0].overlay!;
  assert.deepEqual(o.boxes.map((b) => [b.role, b.frame]), [
    ["candidate", [0, 0, 100, 40]],
    ["candidate", [0, 50, 100, 40]],
  ]);
});

Deno.test("overlay: a covered target draws the element covering it", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [
      el("ok", [0, 200, 100, 40]),
      el("banner", [0, 180, 390, 100], { traits: ["other"] }),
    ])],
  }));
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock });
  assert.equal(r.ok, false, "covered");
  const roles = r.steps[0].overlay!.boxes.map((b) => `${b.role}:${b.label}`);
  assert.ok(roles.includes("cover:banner"), roles.join());
});

Deno.test("overlay: a wait frames the element it waited for on the after shot", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(driver, scenario({ steps: [waitForStep("ok", 1)] }), { clock });
  const o = r.steps[0].overlay!;
  assert.equal(o.shot, "after");
  assert.deepEqual(o.boxes, [{ frame: [0, 200, 100, 40], role: "target", label: "ok" }]);
  assert.equal(o.point, null);
});
