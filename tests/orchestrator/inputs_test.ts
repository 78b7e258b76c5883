/**
 * The input steps and the condition wait through the run loop, on the fake: press (with and
 * without `into`), hover, a secondary tap, a tap offset, `wait until assert`, and preflight
 * refusing them on a backend that lacks the capability.
 */
import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { preflight } from "../../src/orchestrator/preflight.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { at, el, fake, scenario } from "./helpers.ts";

function app(timers: ReturnType<typeof at>[] = []) {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("name", [20, 100, 300, 40], { traits: ["textField"], value: "" }),
      el("save", [20, 200, 100, 40], { traits: ["button", "notEnabled"], label: "Save" }),
      el("row", [0, 300, 390, 100], { label: "Row 3" }),
    ])],
    timers,
  }));
}

Deno.test("press taps into first, then sends the chord; hover and tap options reach the driver", async () => {
  const { clock, driver } = app();
  const steps: Step[] = [
    { action: "press", body: { key: "Control+A", into: { id: "name" } } },
    { action: "press", body: { key: "Escape" } },
    { action: "hover", body: { id: "row" } },
    { action: "tap", body: { sel: { id: "row" }, button: "secondary" } },
    { action: "tap", body: { sel: { id: "row" }, at: { x: 0.25, y: 0.5 } } },
  ];
  const result = await runScenario(driver, scenario({ steps }), { clock });
  assert.equal(result.failure, null);
  assert.deepEqual(driver.actions, [
    ["tap", { id: "name" }],
    ["press", "Control+A"],
    ["press", "Escape"],
    ["hover", { id: "row" }],
    ["secondaryTap", { id: "row" }],
    ["tap", [{ id: "row" }, { at: [0.25, 0.5] }]],
  ]);
  const last = result.steps[4].actuations[0];
  assert.deepEqual([last.gesture, last.points], ["tap", [[97.5, 350]]]);
  assert.equal(result.steps[3].actuations[0].gesture, "secondaryTap");
  assert.deepEqual(result.steps[1].actuations.map((a) => a.gesture), ["press"]);
});

Deno.test("a key that is no chord after substitution fails the step, naming the key", async () => {
  const { clock, driver } = app();
  const result = await runScenario(
    driver,
    scenario({ steps: [{ action: "press", body: { key: "${vars.k}" } }] }),
    { clock, vars: { k: "Ctrl+S" } },
  );
  assert.match(
    result.failure ?? "",
    /^step 0 \(press\): invalid step after substitution: .*Ctrl.*Control/,
  );
});

Deno.test("wait until assert polls until every assertion holds, then passes", async () => {
  const { clock, driver } = app([
    at(300, { kind: "set", target: { id: "save" }, traits: ["button"], afterMs: 0 }),
  ]);
  const result = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "wait",
        body: {
          until: {
            kind: "assert",
            assertions: [
              { kind: "enabled", sel: { id: "save" } },
              { kind: "label", sel: { id: "row" }, op: { equals: "Row 3" } },
            ],
          },
          timeout: 2,
        },
      }],
    }),
    { clock },
  );
  assert.equal(result.failure, null);
  assert.ok(Math.abs(clock.now() - 0.3) < 1e-6, `passed at ${clock.now()}`);
  assert.deepEqual(result.steps[0].assertionResults.map((r) => r.ok), [true, true]);
});

Deno.test("wait until assert times out with the last read's failed reasons", async () => {
  const { clock, driver } = app();
  const result = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "wait",
        body: {
          until: {
            kind: "assert",
            assertions: [
              { kind: "enabled", sel: { id: "save" } },
              { kind: "count", sel: { traits: ["cell"] }, op: { atLeast: 1 } },
              { kind: "exists", sel: { id: "row" }, negate: false },
            ],
          },
          timeout: 0.5,
        },
      }],
    }),
    { clock },
  );
  assert.equal(
    result.failure,
    "step 0 (wait): wait timeout: until assert (0.5s): " +
      'enabled {"id":"save"}: not enabled: traits=["button","notEnabled"]; ' +
      'count {"traits":["cell"]}: expected count atLeast=1 but n=0',
  );
  assert.deepEqual(result.steps[0].assertionResults.map((r) => r.ok), [false, false, true]);
});

Deno.test("preflight refuses press, hover, a secondary tap and a tap offset without the capability", () => {
  const s = scenario({
    steps: [
      { action: "press", body: { key: "Enter" } },
      { action: "hover", body: { id: "row" } },
      { action: "tap", body: { sel: { id: "row" }, button: "secondary", at: { x: 0.1, y: 0.1 } } },
      { action: "tap", body: { id: "row" } },
    ],
  });
  assert.equal(
    preflight(s, new Set(["query", "elements"]), "minimal"),
    "unsupported on backend 'minimal': step 0: press needs 'keyPress'; step 1: hover needs 'hover'; " +
      "step 2: tap button: secondary needs 'secondaryTap'; step 2: tap at needs 'tapOffset'",
  );
  const all = new Set(["query", "elements", "keyPress", "hover", "secondaryTap", "tapOffset"]);
  assert.equal(preflight(s, all, "web"), null);
});

Deno.test("actionTimeout: a tap polls until its target resolves enabled, recorded as a wait", async () => {
  const { clock, driver } = app([
    at(300, { kind: "set", target: { id: "save" }, traits: ["button"], afterMs: 0 }),
  ]);
  const steps: Step[] = [
    { action: "tap", body: { id: "save" } },
    { action: "tap", body: { id: "row" } },
  ];
  const result = await runScenario(driver, scenario({ steps }), { clock, actionTimeoutS: 1 });
  assert.equal(result.failure, null);
  const waited = result.steps[0].autoWait!;
  assert.deepEqual([waited.ready, waited.enabled, waited.polls], [true, true, 7]);
  assert.ok(Math.abs(waited.seconds - 0.3) < 1e-6, `waited ${waited.seconds}`);
  assert.deepEqual(waited.selector, { id: "save" });
  assert.deepEqual([result.steps[1].autoWait!.polls, result.steps[1].autoWait!.seconds], [1, 0]);
});

Deno.test("actionTimeout 0 (the default) reads once: no auto-wait on the step", async () => {
  const { clock, driver } = app();
  const result = await runScenario(
    driver,
    scenario({ steps: [{ action: "tap", body: { id: "row" } }] }),
    { clock },
  );
  assert.equal(result.failure, null);
  assert.equal(result.steps[0].autoWait, undefined);
});

Deno.test("actionTimeout: when the target never comes, the action fails with its own reason", async () => {
  const { clock, driver } = app();
  const result = await runScenario(
    driver,
    scenario({ steps: [{ action: "tap", body: { id: "missing" } }] }),
    { clock, actionTimeoutS: 0.5 },
  );
  assert.equal(result.failure, 'step 0 (tap): no match: {"id":"missing"}');
  assert.equal(result.steps[0].autoWait!.ready, false);
  assert.ok(Math.abs(result.steps[0].autoWait!.seconds - 0.5) < 1e-6);
});

Deno.test("the step detail names the typed text, the key and the kind of wait", async () => {
  const { clock, driver } = app();
  const result = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "Ada", into: { id: "name" }, submit: true } },
        { action: "press", body: { key: "Escape" } },
        { action: "wait", body: { until: { kind: "gone", sel: { id: "nope" } }, timeout: 1 } },
        { action: "type", body: { text: "${secrets.PW}", into: { id: "name" }, submit: false } },
      ],
    }),
    { clock, secrets: { PW: "hunter2" } },
  );
  assert.equal(result.failure, null);
  assert.deepEqual(result.steps.map((s) => s.detail), [
    'typed "Ada" + return',
    "key Escape",
    "until gone (1s)",
    'typed "[REDACTED]"',
  ]);
});
