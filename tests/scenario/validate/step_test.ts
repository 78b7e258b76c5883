import assert from "node:assert/strict";
import { step } from "../../../src/scenario/validate/step.ts";
import { run } from "./helpers.ts";

Deno.test("a step carries its modifiers next to the action", () => {
  const r = run(
    "{ tap: { id: a }, name: submit, from: why, capture: [video], " +
      "extract: { v: { sel: { id: b }, prop: label } } }",
    step,
  );
  assert.deepEqual(r.codes, []);
  const { pos: _pos, ...rest } = r.value!;
  assert.deepEqual(rest, {
    action: "tap",
    body: { id: "a" },
    name: "submit",
    from: "why",
    capture: ["video"],
    extract: { v: { sel: { id: "b" }, prop: "label" } },
  });
});

Deno.test("an empty step name behaves as unset", () => {
  const r = run('{ back: {}, name: "" }', step);
  assert.deepEqual(r.codes, []);
  assert.equal(r.value?.name, undefined);
});

Deno.test("swipe forms are exclusive and complete", () => {
  assert.deepEqual(run("{ swipe: { on: { id: a } } }", step).codes, ["E_SWIPE_FORM"]);
  assert.deepEqual(run("{ swipe: { to: [1, 2] } }", step).codes, ["E_SWIPE_FORM"]);
  assert.deepEqual(run("{ swipe: {} }", step).codes, ["E_SWIPE_FORM"]);
  assert.deepEqual(run("{ swipe: { from: [1], to: [1, 2] } }", step).codes, ["E_TYPE"]);
  assert.deepEqual(run("{ drag: { on: { id: a }, direction: up, amount: 1.01 } }", step).codes, [
    "E_AMOUNT",
  ]);
});

Deno.test("wait needs one form and a timeout", () => {
  assert.deepEqual(run("{ wait: { until: settled } }", step).codes, ["E_REQUIRED"]);
  assert.deepEqual(run("{ wait: { timeout: 1 } }", step).codes, ["E_WAIT_FORM"]);
  assert.deepEqual(
    run("{ wait: { until: { gone: { id: a }, request: { path: /x } }, timeout: 1 } }", step).codes,
    ["E_WAIT_FORM"],
  );
});

Deno.test("handleSystemAlert takes one naming form with a label-only selector", () => {
  assert.deepEqual(run("{ handleSystemAlert: { timeout: 5 } }", step).codes, ["E_ALERT_FORM"]);
  assert.deepEqual(
    run("{ handleSystemAlert: { prompt: paste, timeout: 5 } }", step).codes,
    ["E_ALERT_FORM"],
  );
  assert.deepEqual(
    run("{ handleSystemAlert: { sel: { traits: [button] }, timeout: 5 } }", step).codes,
    ["E_ALERT_SEL"],
  );
});

Deno.test("generate validates everything that could fail at run time", () => {
  const g = (payload: string) => run(`{ generate: ${payload} }`, step).codes;
  assert.deepEqual(g("{ random: { uuid: {} } }"), ["E_REQUIRED"]);
  assert.deepEqual(g("{ into: { var: x } }"), ["E_GENERATE"]);
  assert.deepEqual(g("{ random: { int: { min: 1, max: 2 }, uuid: {} }, into: { var: x } }"), [
    "E_GENERATE",
  ]);
  assert.deepEqual(g("{ random: { string: { length: 3, charset: emoji } }, into: { var: x } }"), [
    "E_GENERATE",
  ]);
  assert.deepEqual(
    g("{ random: { float: { min: 0, max: 1, precision: -1 } }, into: { var: x } }"),
    [
      "E_GENERATE",
    ],
  );
  assert.deepEqual(g('{ datetime: { format: "%d %" }, into: { var: x } }'), ["E_GENERATE"]);
  assert.deepEqual(g('{ datetime: { format: "%-d %b", timezone: UTC }, into: { var: x } }'), []);
});

Deno.test("use is accepted only in the raw pass", () => {
  const raw = run("{ use: { component: c.yaml, with: { a: b } } }", step, true);
  assert.deepEqual(raw.codes, []);
  assert.equal(raw.ctx.usesComponents, true);
  assert.equal(raw.value, undefined);
  assert.deepEqual(run("{ use: { component: c.yaml } }", step).codes, ["E_COMPONENT"]);
  assert.deepEqual(run("{ use: { component: c.yaml, with: { n: 1 } } }", step, true).codes, [
    "E_TYPE",
  ]);
});

Deno.test("capture rules' triggers name leaf actions only", async () => {
  const { captureRules } = await import("../../../src/scenario/validate/capture.ts");
  const rules = (yaml: string) => run(yaml, captureRules).codes;
  assert.deepEqual(rules("[{ on: { action: tapPoint }, capture: [screenshot] }]"), []);
  assert.deepEqual(rules("[{ on: { action: web }, capture: [screenshot] }]"), ["E_TRIGGER"]);
  assert.deepEqual(rules("[{ on: {}, capture: [screenshot] }]"), ["E_TRIGGER"]);
  assert.deepEqual(rules("[{ on: { event: tapped }, capture: [screenshot] }]"), ["E_TRIGGER"]);
  assert.deepEqual(rules("[{ on: { result: error }, capture: [screenshot.x.y] }]"), [
    "E_CAPTURE_TOKEN",
  ]);
});
