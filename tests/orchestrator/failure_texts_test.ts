/**
 * The exact failure strings authors see (docs/scenario-language.md#failure-texts,
 * docs/scenario-language.md#selector-errors, docs/scenario-language.md#assertions),
 * checked end to end through `runScenario`.
 */
import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { el, fake, scenario } from "./helpers.ts";

/** Seven `row` buttons, an anonymous and a labelled duplicate, a disabled save button. */
function app() {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      ...Array.from({ length: 7 }, (_, i) => el("row", [0, i * 50, 100, 40])),
      el(null, [200, 0, 10, 10], { label: "Hi" }),
      el(null, [200, 20, 10, 10], { label: "Hi" }),
      el(null, [200, 40, 10.5, 10], { traits: ["image"] }),
      el(null, [200, 60, 10, 10], { traits: ["image"] }),
      el("save", [0, 400, 100, 40], { traits: ["button", "notEnabled"], value: "v1" }),
    ])],
  }));
}

async function failureOf(step: Step): Promise<string | null> {
  const { clock, driver } = app();
  return (await runScenario(driver, scenario({ steps: [step] }), { clock })).failure;
}

Deno.test("failure text: ambiguous lists the first 5 candidates and the hint", async () => {
  assert.equal(
    await failureOf({ action: "tap", body: { id: "row" } }),
    'step 0 (tap): ambiguous: 7 matches for {"id":"row"}: id=row@[0,0,100,40], ' +
      "id=row@[0,50,100,40], id=row@[0,100,100,40], id=row@[0,150,100,40], " +
      "id=row@[0,200,100,40] — add within or index",
  );
});

Deno.test("failure text: ambiguous candidates fall back to label, then anonymous", async () => {
  assert.equal(
    await failureOf({ action: "doubleTap", body: { label: "Hi" } }),
    'step 0 (doubleTap): ambiguous: 2 matches for {"label":"Hi"}: label="Hi"@[200,0,10,10], ' +
      'label="Hi"@[200,20,10,10] — add within or index',
  );
  assert.equal(
    await failureOf({
      action: "longPress",
      body: { sel: { traits: ["image"] }, duration: 1 },
    }),
    'step 0 (longPress): ambiguous: 2 matches for {"traits":["image"]}: ' +
      "anonymous@[200,40,10.5,10], anonymous@[200,60,10,10] — add within or index",
  );
});

Deno.test("failure text: index out of range and no match render the selector in field order", async () => {
  assert.equal(
    await failureOf({ action: "tap", body: { index: 9, traits: ["button"], id: "row" } }),
    'step 0 (tap): index 9 out of range for 7 candidates: {"id":"row","traits":["button"],"index":9}',
  );
  assert.equal(
    await failureOf({
      action: "type",
      body: { text: "x", into: { value: "v", label: "L", idMatches: "a*" }, submit: false },
    }),
    'step 0 (type): no match: {"idMatches":"a*","label":"L","value":"v"}',
  );
});

Deno.test("failure text: an assert step joins every failed reason with `; `", async () => {
  assert.equal(
    await failureOf({
      action: "assert",
      body: [
        { kind: "exists", sel: { id: "save" }, negate: true },
        { kind: "value", sel: { id: "save" }, op: { equals: "v2" } },
        { kind: "count", sel: { id: "row" }, op: { atMost: 3 } },
        { kind: "enabled", sel: { id: "save" } },
        { kind: "label", sel: { id: "row" }, op: { contains: "x" } },
        { kind: "exists", sel: { id: "save" }, negate: false },
      ],
    }),
    'step 0 (assert): exists {"id":"save"}: expected absent but was present; ' +
      'value {"id":"save"}: expected equals="v2" but actual="v1"; ' +
      'count {"id":"row"}: expected count atMost=3 but n=7; ' +
      'enabled {"id":"save"}: not enabled: traits=["button","notEnabled"]; ' +
      'label: ambiguous: 7 matches for {"id":"row"}: id=row@[0,0,100,40], id=row@[0,50,100,40], ' +
      "id=row@[0,100,100,40], id=row@[0,150,100,40], id=row@[0,200,100,40] — add within or index",
  );
});

Deno.test("failure text: an extract on a passing step names its variable", async () => {
  assert.equal(
    await failureOf({
      action: "assert",
      body: [{ kind: "exists", sel: { id: "save" }, negate: false }],
      extract: { n: { sel: { id: "save" }, prop: "label" } },
    }),
    "step 0 (assert): extract 'n': label is None on the matched element",
  );
});
