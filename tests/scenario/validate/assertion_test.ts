import assert from "node:assert/strict";
import { assertion } from "../../../src/scenario/validate/assertion.ts";
import { run } from "./helpers.ts";

Deno.test("exists takes an inline selector with negate, or {sel, negate}", () => {
  assert.deepEqual(run("{ exists: { id: a, negate: true } }", assertion).value, {
    kind: "exists",
    sel: { id: "a" },
    negate: true,
  });
  assert.deepEqual(run("{ exists: { sel: { label: B } } }", assertion).value, {
    kind: "exists",
    sel: { label: "B" },
    negate: false,
  });
  assert.deepEqual(run("{ exists: { sel: { id: a }, id: b } }", assertion).codes, [
    "E_UNKNOWN_KEY",
  ]);
});

Deno.test("value/label/count need exactly one operator", () => {
  assert.deepEqual(run("{ value: { sel: { id: a }, contains: x } }", assertion).value, {
    kind: "value",
    sel: { id: "a" },
    op: { contains: "x" },
  });
  assert.deepEqual(run("{ label: { sel: { id: a } } }", assertion).codes, ["E_ONE_OP"]);
  assert.deepEqual(run("{ count: { sel: { id: a }, equals: 1, atMost: 2 } }", assertion).codes, [
    "E_ONE_OP",
  ]);
  assert.deepEqual(run('{ count: { sel: { id: a }, atLeast: "2" } }', assertion).value, {
    kind: "count",
    sel: { id: "a" },
    op: { atLeast: 2 },
  });
});

Deno.test("an assertion has exactly one kind; from rides along", () => {
  assert.deepEqual(run("{ from: note }", assertion).codes, ["E_ASSERTION_KIND"]);
  assert.deepEqual(run("{ enabled: { id: a }, selected: { id: a } }", assertion).codes, [
    "E_ASSERTION_KIND",
  ]);
  assert.deepEqual(run("{ selected: { id: a }, from: why }", assertion).value, {
    kind: "selected",
    sel: { id: "a" },
    from: "why",
  });
  // A misspelt kind is reported once, as the unknown key it is.
  assert.deepEqual(run("{ exsts: { id: a } }", assertion).codes, ["E_UNKNOWN_KEY"]);
});

Deno.test("request matchers need a match field; count alone is empty", () => {
  assert.deepEqual(run("{ request: { count: 1 } }", assertion).codes, ["E_REQUEST_EMPTY"]);
  assert.deepEqual(run("{ request: { status: 500 } }", assertion).codes, []);
  assert.deepEqual(run('{ request: { pathMatches: "[" } }', assertion).codes, ["E_REGEX"]);
});

Deno.test("event needs an endpoint field or a non-empty body", () => {
  assert.deepEqual(run("{ event: { body: {} } }", assertion).codes, ["E_EVENT_EMPTY"]);
  assert.deepEqual(run("{ event: { body: { a: 1 } } }", assertion).value, {
    kind: "event",
    body: { a: 1 },
  });
  assert.deepEqual(run("{ event: { path: /x, count: { atLeast: 2 } } }", assertion).value, {
    kind: "event",
    path: "/x",
    count: { atLeast: 2 },
  });
});

Deno.test("visual rejects engine knobs for the exact engine and out-of-range tolerance", () => {
  assert.deepEqual(
    run("{ visual: { baseline: a.png, compare: exact, antialiasing: false } }", assertion).codes,
    ["E_VISUAL_ENGINE"],
  );
  assert.deepEqual(run("{ visual: { baseline: a.png, colorTolerance: -0.1 } }", assertion).codes, [
    "E_VISUAL_ENGINE",
  ]);
  assert.deepEqual(run("{ visual: { baseline: a.png, exclude: [{ x: 1 }] } }", assertion).codes, [
    "E_REQUIRED",
    "E_REQUIRED",
    "E_REQUIRED",
  ]);
});

Deno.test("clipboard takes equals or matches; golden needs a path", () => {
  assert.deepEqual(run("{ clipboard: { contains: a } }", assertion).codes, [
    "E_UNKNOWN_KEY",
    "E_ONE_OP",
  ]);
  assert.deepEqual(run('{ golden: { path: "" } }', assertion).codes, ["E_REQUIRED"]);
  assert.deepEqual(run("{ requestSequence: [] }", assertion).codes, ["E_REQUIRED"]);
});
