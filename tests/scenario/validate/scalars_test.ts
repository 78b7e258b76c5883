import assert from "node:assert/strict";
import { bool, int, num, oneOf, str, strMap } from "../../../src/yaml/scalars.ts";
import { run } from "./helpers.ts";

Deno.test("string slots accept only YAML strings and hint to quote numbers", () => {
  assert.deepEqual(run('"3"', str).value, "3");
  const r = run("3", str);
  assert.equal(r.value, undefined);
  assert.deepEqual(r.codes, ["E_TYPE"]);
  assert.match(r.ctx.errors[0].message, /quote it/);
  assert.deepEqual(run("true", str).codes, ["E_TYPE"]);
  assert.deepEqual(run("~", str).codes, ["E_TYPE"]);
});

Deno.test("number slots accept ints, floats and decimal strings", () => {
  assert.equal(run("2.5", num).value, 2.5);
  assert.equal(run('"2.5"', num).value, 2.5);
  assert.equal(run('"-1e3"', num).value, -1000);
  assert.deepEqual(run('"2.5s"', num).codes, ["E_TYPE"]);
  assert.deepEqual(run(".inf", num).codes, ["E_TYPE"]);
  assert.deepEqual(run("true", num).codes, ["E_TYPE"]);
});

Deno.test("integer slots accept ints, integral floats and integer strings", () => {
  assert.equal(run("7", int).value, 7);
  assert.equal(run("7.0", int).value, 7);
  assert.equal(run('"-7"', int).value, -7);
  assert.deepEqual(run("7.5", int).codes, ["E_TYPE"]);
  assert.deepEqual(run('"7.5"', int).codes, ["E_TYPE"]);
});

Deno.test("boolean slots accept true/false and their strings, not yes/no/on/off", () => {
  assert.equal(run("false", bool).value, false);
  assert.equal(run('"true"', bool).value, true);
  for (const word of ["yes", "no", "on", "off", "1", "0"]) {
    assert.deepEqual(run(word, bool).codes, ["E_TYPE"], word);
  }
});

Deno.test("a load-time token in a non-text slot is deferred in the raw pass only", () => {
  const raw = run('"${row.n}"', int, true);
  assert.equal(raw.value, undefined);
  assert.deepEqual(raw.codes, []);
  assert.equal(raw.ctx.deferred, true);
  const typed = run('"${row.n}"', int);
  assert.deepEqual(typed.codes, ["E_TYPE"]);
  const e = run('"${vars.d}"', (c, n, p) => oneOf(c, n, p, ["up", "down"]), true);
  assert.deepEqual(e.codes, []);
  assert.equal(e.ctx.deferred, true);
});

Deno.test("enum slots list the allowed values", () => {
  const r = run("sideways", (c, n, p) => oneOf(c, n, p, ["up", "down"]));
  assert.deepEqual(r.codes, ["E_ENUM"]);
  assert.match(r.ctx.errors[0].message, /up, down/);
});

Deno.test("string maps reject non-string values at the value's position", () => {
  const r = run("{ A: x, B: 1 }", strMap);
  assert.deepEqual(r.codes, ["E_TYPE"]);
  assert.equal(r.ctx.errors[0].path, "x.B");
  assert.equal(r.ctx.errors[0].col, 12);
});
