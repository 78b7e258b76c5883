import assert from "node:assert/strict";
import { findAll } from "../../src/selectors/find.ts";
import { el } from "./fixture.ts";

const listA = el({ identifier: "list.a", frame: [0, 0, 100, 100] });
const listB = el({ identifier: "list.b", frame: [0, 100, 100, 100] });
const rowA = el({ identifier: "row", label: "A", traits: ["cell"], frame: [0, 10, 100, 20] });
const rowB = el({ identifier: "row", label: "B", traits: ["cell"], frame: [0, 110, 100, 20] });
const outside = el({ identifier: "row", label: "C", traits: ["cell"], frame: [0, 210, 100, 20] });
const tree = [listA, rowA, listB, rowB, outside];

Deno.test("findAll returns every match in tree order", () => {
  assert.deepEqual(findAll(tree, { id: "row" }), [rowA, rowB, outside]);
});

Deno.test("findAll sees duplicates and other wrappers (no collapse, no filter)", () => {
  const twin = { ...rowA };
  const wrapper = el({ label: "A", traits: ["other"], frame: [0, 10, 100, 20] });
  assert.equal(findAll([rowA, twin, wrapper], { label: "A" }).length, 3);
});

Deno.test("within keeps candidates inside a container frame", () => {
  assert.deepEqual(findAll(tree, { id: "row", within: { id: "list.b" } }), [rowB]);
});

Deno.test("within with an ambiguous container accepts any container", () => {
  assert.deepEqual(findAll(tree, { id: "row", within: { idMatches: "list.*" } }), [rowA, rowB]);
});

Deno.test("within edges are inclusive", () => {
  const exact = el({ identifier: "edge", frame: [0, 0, 100, 100] });
  const corner = el({ identifier: "edge", frame: [90, 90, 10, 10] });
  const over = el({ identifier: "edge", frame: [91, 90, 10, 10] });
  const t = [listA, exact, corner, over];
  assert.deepEqual(findAll(t, { id: "edge", within: { id: "list.a" } }), [exact, corner]);
});

Deno.test("within ignores an index inside the container selector", () => {
  const scoped = findAll(tree, { id: "row", within: { idMatches: "list.*", index: 0 } });
  assert.deepEqual(scoped, [rowA, rowB]);
});

Deno.test("within nests recursively", () => {
  const screen = el({ identifier: "screen", frame: [0, 0, 100, 150] });
  const t = [screen, ...tree];
  // rows inside a list that is itself inside `screen`: only list.a (list.b overflows it).
  const sel = { id: "row", within: { idMatches: "list.*", within: { id: "screen" } } };
  assert.deepEqual(findAll(t, sel), [rowA]);
});

Deno.test("within with no container matches nothing", () => {
  assert.deepEqual(findAll(tree, { id: "row", within: { id: "missing" } }), []);
});

Deno.test("an element satisfies within by its own frame when it matches the container", () => {
  const box = el({ identifier: "box", traits: ["cell"], frame: [0, 0, 50, 50] });
  assert.deepEqual(findAll([box], { traits: ["cell"], within: { id: "box" } }), [box]);
});
