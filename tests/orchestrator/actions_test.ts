import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { el, fake, overrideDriver, scenario } from "./helpers.ts";

/** A 390×844 screen: a full-size background, a list row, a text field and a select. */
function formApp() {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("bg", [0, 0, 390, 844], { traits: ["other"] }),
      el("row", [0, 400, 390, 100]),
      el("name", [20, 600, 300, 40], { traits: ["textField"], value: "abc" }),
      el("pick", [20, 700, 300, 40], { options: ["a", "b"] }),
    ])],
  }));
}

async function run(steps: Step[]) {
  const { clock, driver } = formApp();
  const result = await runScenario(driver, scenario({ steps }), { clock });
  return { result, driver, actions: driver.actions };
}

Deno.test("tap, doubleTap and longPress act on the resolved target", async () => {
  const { result, actions } = await run([
    { action: "tap", body: { id: "row" } },
    { action: "doubleTap", body: { id: "row" } },
    { action: "longPress", body: { sel: { id: "row" }, duration: 1.5 } },
  ]);
  assert.equal(result.ok, true);
  assert.deepEqual(actions, [
    ["tap", { id: "row" }],
    ["doubleTap", { id: "row" }],
    ["longPress", [{ id: "row" }, 1.5]],
  ]);
});

Deno.test("type taps `into` first, then types; submit appends a newline", async () => {
  const { result, actions, driver } = await run([
    { action: "type", body: { text: "de", into: { id: "name" }, submit: false } },
    { action: "type", body: { text: "f", submit: true } },
  ]);
  assert.equal(result.ok, true);
  assert.deepEqual(actions, [["tap", { id: "name" }], ["typeText", "de"], ["typeText", "f\n"]]);
  const field = (await driver.query()).find((e) => e.identifier === "name");
  assert.match(field?.value ?? "", /^abcdef/);
});

Deno.test("type without a focused field fails the step", async () => {
  const { result } = await run([{ action: "type", body: { text: "x", submit: false } }]);
  assert.match(result.failure!, /^step 0 \(type\): type: nothing is focused/);
});

Deno.test("swipe on: from the centre, 0.125 of the screen by default, through scroll()", async () => {
  const { result, actions } = await run([
    { action: "swipe", body: { on: { id: "row" }, direction: "up" } },
  ]);
  assert.equal(result.ok, true);
  // centre (195, 450); span 0.125 × 844 = 105.5
  assert.deepEqual(actions, [["scroll", [[195, 450], [195, 344.5]]]]);
});

Deno.test("swipe on: amount overrides the fraction and the segment shifts inside the margin", async () => {
  const { actions } = await run([
    { action: "swipe", body: { on: { id: "row" }, direction: "up", amount: 0.5 } },
    { action: "swipe", body: { on: { id: "row" }, direction: "down", amount: 0.5 } },
    { action: "swipe", body: { on: { id: "row" }, direction: "right", amount: 0.25 } },
  ]);
  assert.deepEqual(actions, [
    ["scroll", [[195, 450], [195, 28]]],
    ["scroll", [[195, 418], [195, 840]]], // 450 + 422 = 872 > 840: shifted back by 32
    ["scroll", [[195, 450], [292.5, 450]]],
  ]);
});

Deno.test("swipe from/to is a raw swipe in device units", async () => {
  const { actions } = await run([{ action: "swipe", body: { from: [10, 20], to: [30, 40] } }]);
  assert.deepEqual(actions, [["swipe", [[10, 20], [30, 40]]]]);
});

Deno.test("drag uses the directional endpoints through swipe()", async () => {
  const { actions } = await run([{
    action: "drag",
    body: { on: { id: "row" }, direction: "left" },
  }]);
  // span 0.125 × 390 = 48.75
  assert.deepEqual(actions, [["swipe", [[195, 450], [146.25, 450]]]]);
});

Deno.test("tapPoint taps a fraction of the tree's extent", async () => {
  const { actions } = await run([{ action: "tapPoint", body: { x: 0.5, y: 0.25 } }]);
  assert.deepEqual(actions, [["tapPoint", [195, 211]]]);
});

Deno.test("clear deletes as many characters as the field holds; delete deletes count", async () => {
  const { result, actions, driver } = await run([
    { action: "clear", body: { into: { id: "name" } } },
    { action: "type", body: { text: "xyz", into: { id: "name" }, submit: false } },
    { action: "delete", body: { into: { id: "name" }, count: 2 } },
  ]);
  assert.equal(result.ok, true);
  assert.deepEqual(actions, [
    ["tap", { id: "name" }],
    ["deleteText", 3],
    ["tap", { id: "name" }],
    ["typeText", "xyz"],
    ["tap", { id: "name" }],
    ["deleteText", 2],
  ]);
  assert.equal((await driver.query()).find((e) => e.identifier === "name")?.value, "x");
});

Deno.test("back and selectOption go straight to the driver", async () => {
  const { result, actions } = await run([
    { action: "selectOption", body: { sel: { id: "pick" }, option: "b" } },
    { action: "back", body: {} },
  ]);
  assert.equal(result.ok, true);
  assert.deepEqual(actions, [["selectOption", [{ id: "pick" }, "b"]], ["back", null]]);
});

Deno.test("selectOption with an unknown option fails the step", async () => {
  const { result } = await run([{
    action: "selectOption",
    body: { sel: { id: "pick" }, option: "z" },
  }]);
  assert.equal(result.failure, 'step 0 (selectOption): no option "z" in {"id":"pick"}');
});

Deno.test("select then copy works; copy without a live selection fails", async () => {
  const ok = await run([
    { action: "select", body: { into: { id: "name" }, mode: "all" } },
    { action: "copy", body: {} },
  ]);
  assert.equal(ok.result.ok, true);
  const cleared = await run([
    { action: "select", body: { into: { id: "name" }, mode: "all" } },
    { action: "tap", body: { id: "row" } },
    { action: "copy", body: {} },
  ]);
  assert.equal(cleared.result.failure, "step 2 (copy): copy requires an active selection");
});

Deno.test("pinch and rotate need the multiTouch capability", async () => {
  const { result, actions } = await run([
    { action: "pinch", body: { sel: { id: "row" }, scale: 2 } },
    { action: "rotate", body: { sel: { id: "row" }, radians: 0.5 } },
  ]);
  assert.equal(result.ok, true);
  assert.deepEqual(actions.map(([m]) => m), ["pinch", "rotate"]);
});

Deno.test("swipe on: the span is capped at the screen minus margins; ends past the top edge shift in", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [
      el("bg", [0, 0, 390, 844], { traits: ["other"] }),
      el("top", [0, 0, 390, 40]),
      el("mid", [0, 400, 390, 100]),
      el("offLeft", [-100, 400, 50, 40]),
    ])],
  }));
  const swipe = (on: string, direction: string, amount?: number): Step =>
    ({ action: "swipe", body: { on: { id: on }, direction, amount } }) as Step;
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        swipe("top", "up", 0.5), // start 20, end −402 → shifted by 406
        swipe("mid", "down", 1), // span min(844, 836) = 836: 4 → 840
        swipe("offLeft", "left"), // centre x −75 clamped to 4, then shifted right
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions, [
    ["scroll", [[195, 426], [195, 4]]],
    ["scroll", [[195, 4], [195, 840]]],
    ["scroll", [[52.75, 420], [4, 420]]],
  ]);
});

Deno.test("swipe on and tapPoint: geometry from the driver's recent read; a new read when there is none or the target is not on it", async () => {
  const { clock, driver } = formApp();
  const current = await driver.query();
  // A recent read from an older layout: the row 100 points higher, no `name` field.
  const older = current.filter((e) => e.identifier !== "name").map((e) =>
    e.identifier === "row" ? { ...e, frame: [0, 300, 390, 100] as typeof e.frame } : e
  );
  let recent: typeof current | null = older;
  let reads = 0;
  const counted = overrideDriver(driver, {
    recentTree: () => recent,
    query: () => {
      reads++;
      return driver.query();
    },
  });
  const steps: Step[] = [
    { action: "swipe", body: { on: { id: "row" }, direction: "up" } },
    { action: "tapPoint", body: { x: 0.5, y: 0.25 } },
  ];
  const runSteps = async (s: Step[]) => {
    driver.actions.length = 0;
    reads = 0;
    const r = await runScenario(counted, scenario({ steps: s }), { clock });
    assert.equal(r.ok, true, r.failure ?? "");
    return { actions: [...driver.actions], reads };
  };
  // On the recent read: the older row's centre (195, 350), no read beyond the post-step ones.
  const onRecent = await runSteps(steps);
  assert.deepEqual(onRecent.actions, [
    ["scroll", [[195, 350], [195, 244.5]]],
    ["tapPoint", [195, 211]],
  ]);
  assert.equal(onRecent.reads, 2, "one post-step read per step, none to resolve");
  // A target missing from the recent read is looked for on a new read.
  const missing = await runSteps([{
    action: "swipe",
    body: { on: { id: "name" }, direction: "up" },
  }]);
  assert.deepEqual(missing.actions, [["scroll", [[170, 620], [170, 514.5]]]]);
  assert.equal(missing.reads, 2);
  // No recent read (a command went out since): a new read, the current layout.
  recent = null;
  const fresh = await runSteps(steps);
  assert.deepEqual(fresh.actions, [
    ["scroll", [[195, 450], [195, 344.5]]],
    ["tapPoint", [195, 211]],
  ]);
  assert.equal(fresh.reads, 4, "a read each to resolve, and the post-step reads");
});
