import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { ExtractSpec, Step } from "../../src/scenario/types.ts";
import { el, fake, scenario } from "./helpers.ts";

function cartApp() {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("cart.total", [0, 0, 390, 40], { label: "Total", value: "42" }),
      el("cart.note", [0, 100, 390, 40], { label: null, value: null }),
      el("dup", [0, 200, 100, 40]),
      el("dup", [0, 300, 100, 40]),
    ])],
  }));
}

const assertStep = (extract: Record<string, ExtractSpec>): Step => ({
  action: "assert",
  body: [{ kind: "exists", sel: { id: "cart.total" }, negate: false }],
  extract,
});

Deno.test("extract binds value, label and identifier into vars, in map order", async () => {
  const { clock, driver } = cartApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [assertStep({
        total: { sel: { id: "cart.total" }, prop: "value" },
        name: { sel: { id: "cart.total" }, prop: "label" },
        id: { sel: { label: "Total" }, prop: "identifier" },
      })],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.vars, { total: "42", name: "Total", id: "cart.total" });
});

Deno.test("extract: a selector error fails the step with `extract '<var>': …`", async () => {
  const { clock, driver } = cartApp();
  const missing = await runScenario(
    driver,
    scenario({ steps: [assertStep({ x: { sel: { id: "nope" }, prop: "value" } })] }),
    { clock },
  );
  assert.equal(missing.failure, `step 0 (assert): extract 'x': no match: {"id":"nope"}`);
  const ambiguous = await runScenario(
    driver,
    scenario({ steps: [assertStep({ y: { sel: { id: "dup" }, prop: "value" } })] }),
    { clock },
  );
  assert.match(ambiguous.failure!, /^step 0 \(assert\): extract 'y': ambiguous: 2 matches/);
});

Deno.test("extract: a null property fails with `<prop> is None on the matched element`", async () => {
  const { clock, driver } = cartApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [assertStep({
        a: { sel: { id: "cart.total" }, prop: "value" },
        b: { sel: { id: "cart.note" }, prop: "value" },
        c: { sel: { id: "cart.total" }, prop: "label" },
      })],
    }),
    { clock },
  );
  assert.equal(r.failure, "step 0 (assert): extract 'b': value is None on the matched element");
  assert.deepEqual(r.vars, { a: "42" }); // the first failure stops the rest
});

Deno.test("extract runs only when the step passed", async () => {
  const { clock, driver } = cartApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "tap",
        body: { id: "nope" },
        extract: { t: { sel: { id: "cart.total" }, prop: "value" } },
      }],
    }),
    { clock },
  );
  assert.equal(r.failure, 'step 0 (tap): no match: {"id":"nope"}');
  assert.deepEqual(r.vars, {});
});
