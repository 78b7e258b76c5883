import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Assertion, Step } from "../../src/scenario/types.ts";
import { el, fake, scenario, tapStep } from "./helpers.ts";

const exists = (id: string): Assertion => ({ kind: "exists", sel: { id }, negate: false });
const ifStep = (condition: Assertion, then: Step[], otherwise?: Step[]): Step => ({
  action: "if",
  body: { condition, then, else: otherwise },
});
const forEach = (sel: Step["body"], as: string, steps: Step[]): Step =>
  ({ action: "forEach", body: { sel, as, steps } }) as Step;

function listApp() {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("home", [0, 0, 390, 50]),
      el("row0", [0, 100, 390, 50]),
      el("row1", [0, 200, 390, 50]),
      el("row2", [0, 300, 390, 50]),
      el(null, [0, 400, 390, 50], { label: "Buy" }),
    ])],
  }));
}

Deno.test("if: children share the counter; the container's outcome follows its children", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        tapStep("home"),
        ifStep(exists("home"), [tapStep("row0"), tapStep("row1")]),
        tapStep("row2"),
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.action}`), [
    "0:tap",
    "2:tap",
    "3:tap",
    "1:if",
    "4:tap",
  ]);
  assert.deepEqual(r.steps[3].artifacts, []);
  assert.deepEqual(r.steps.map((s) => s.stepId), ["step0", "step2", "step3", "step1", "step4"]);
});

Deno.test("if: a failing branch step fails the if with the child's failure text", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        tapStep("home"),
        ifStep(exists("home"), [tapStep("row0"), tapStep("missing")]),
        tapStep("row2"),
      ],
    }),
    { clock },
  );
  assert.equal(r.failure, 'step 1 (if): step 3 (tap): no match: {"id":"missing"}');
  assert.equal(r.steps.at(-1)?.reason, 'step 3 (tap): no match: {"id":"missing"}');
  assert.equal(r.steps.length, 4);
});

Deno.test("if: a false condition takes else, or nothing, and is not a failure", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        ifStep(exists("nope"), [tapStep("missing")]),
        ifStep(exists("nope"), [tapStep("missing")], [tapStep("row1")]),
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.action}`), ["0:if", "2:tap", "1:if"]);
  assert.deepEqual(driver.actions, [["tap", { id: "row1" }]]);
});

Deno.test("if: the condition is substituted with the current vars", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({ steps: [ifStep(exists("${vars.target}"), [tapStep("${vars.target}")])] }),
    { clock, vars: { target: "row2" } },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions, [["tap", { id: "row2" }]]);
});

Deno.test("forEach: one snapshot, tree order, vars.<as> bound per match and kept afterwards", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({ steps: [forEach({ idMatches: "row*" }, "row", [tapStep("${vars.row}")])] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "row0" }, { id: "row1" }, {
    id: "row2",
  }]);
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.action}`), [
    "1:tap",
    "2:tap",
    "3:tap",
    "0:forEach",
  ]);
  assert.equal(r.vars.row, "row2");
});

Deno.test("forEach: zero matches pass", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({ steps: [forEach({ idMatches: "zzz*" }, "x", [tapStep("missing")])] }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.equal(r.steps.length, 1);
});

Deno.test("forEach: an element without identifier fails after earlier ones ran", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        forEach({ traits: ["button"], within: { id: "home" } }, "x", []),
        forEach(
          { labelMatches: "^Buy$|^$" },
          "x",
          [],
        ),
      ],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'step 1 (forEach): forEach: matched element has no identifier (label="Buy")',
  );
  const partial = await runScenario(
    driver,
    scenario({ steps: [forEach({ traits: ["button"] }, "x", [tapStep("${vars.x}")])] }),
    { clock },
  );
  assert.match(partial.failure!, /^step 0 \(forEach\): forEach: matched element has no identifier/);
  assert.equal(partial.steps.filter((s) => s.action === "tap").length, 4); // home, row0..row2
});

Deno.test("nested containers nest their failure texts", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [ifStep(exists("home"), [forEach({ id: "row1" }, "r", [tapStep("gone-${vars.r}")])])],
    }),
    { clock },
  );
  assert.equal(
    r.failure,
    'step 0 (if): step 1 (forEach): step 2 (tap): no match: {"id":"gone-row1"}',
  );
});

Deno.test("an invalid forEach selector after substitution fails the container", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({ steps: [forEach({ labelMatches: "${vars.re}" }, "x", [])] }),
    { clock, vars: { re: "[" } },
  );
  assert.match(
    r.failure!,
    /^step 0 \(forEach\): invalid step after substitution: forEach\.sel\.labelMatches: invalid regex/,
  );
});
