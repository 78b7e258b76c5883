import assert from "node:assert/strict";
import { selector } from "../../../src/scenario/validate/selector.ts";
import { run } from "./helpers.ts";

Deno.test("a selector keeps every field it was given", () => {
  const r = run(
    '{ id: [a.b, c.d], idMatches: "row.*", label: L, labelMatches: "(?i)x", traits: [button], ' +
      "value: v, within: { id: list }, index: -1 }",
    selector,
  );
  assert.deepEqual(r.codes, []);
  assert.deepEqual(r.value, {
    id: ["a.b", "c.d"],
    idMatches: "row.*",
    label: "L",
    labelMatches: "(?i)x",
    traits: ["button"],
    value: "v",
    within: { id: "list" },
    index: -1,
  });
});

Deno.test("an empty selector is E_SELECTOR_EMPTY, but empty traits count as a field", () => {
  assert.deepEqual(run("{}", selector).codes, ["E_SELECTOR_EMPTY"]);
  assert.deepEqual(run("{ traits: [] }", selector).codes, []);
});

Deno.test("id candidate lists must be non-empty, non-blank and dotted-first", () => {
  assert.deepEqual(run("{ id: [] }", selector).codes, ["E_ID_CANDIDATES"]);
  assert.deepEqual(run('{ id: "" }', selector).codes, ["E_ID_CANDIDATES"]);
  assert.deepEqual(run('{ idMatches: [a, " "] }', selector).codes, ["E_ID_CANDIDATES"]);
  assert.deepEqual(run("{ id: [plain, dotted.id] }", selector).codes, ["E_ID_CANDIDATES"]);
  assert.deepEqual(run("{ id: [dotted.id, plain] }", selector).codes, []);
});

Deno.test("labelMatches is compiled at load unless it holds a token", () => {
  assert.deepEqual(run('{ labelMatches: "(" }', selector).codes, ["E_REGEX"]);
  assert.deepEqual(run('{ labelMatches: "(?P<n>a)(?P=n)" }', selector).codes, []);
  assert.deepEqual(run('{ labelMatches: "(${vars.x}" }', selector).codes, []);
});

Deno.test("an index where it can have no effect is a load error at the key", () => {
  const within = run("{ id: x, within: { id: list, index: 2 } }", selector);
  assert.deepEqual(within.codes, ["E_INDEX_NO_EFFECT"]);
  assert.equal(within.ctx.errors[0].path, "x.within.index");
  assert.match(within.ctx.errors[0].message, /inside within/);
  assert.deepEqual(
    run("{ traits: [cell], index: 2 }", (c, n, p) => selector(c, n, p, "count")).codes,
    [
      "E_INDEX_NO_EFFECT",
    ],
  );
  assert.deepEqual(
    run("{ traits: [cell], index: 2 }", (c, n, p) => selector(c, n, p, "forEach")).codes,
    ["E_INDEX_NO_EFFECT"],
  );
  assert.deepEqual(run("{ id: x, index: 2 }", selector).codes, []);
  assert.deepEqual(run("{ id: x, index: 2 }", selector).ctx.warnings, []);
});

Deno.test("unknown selector fields point at the key", () => {
  const r = run("{ id: x, text: y }", selector);
  assert.deepEqual(r.codes, ["E_UNKNOWN_KEY"]);
  assert.deepEqual([r.ctx.errors[0].line, r.ctx.errors[0].col], [1, 10]);
});
