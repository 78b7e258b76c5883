import assert from "node:assert/strict";
import { AmbiguousSelector, ElementNotFound } from "../../src/drivers/driver.ts";
import { resolveUnique } from "../../src/selectors/resolve.ts";
import { InvalidSelectorPattern } from "../../src/selectors/errors.ts";
import { el } from "./fixture.ts";

Deno.test("resolveUnique returns the single match", () => {
  const ok = el({ identifier: "ok", traits: ["button"] });
  assert.equal(resolveUnique([el(), ok], { id: "ok" }), ok);
});

Deno.test("no match throws ElementNotFound with the rendered selector", () => {
  assert.throws(
    () => resolveUnique([el()], { traits: ["button"], label: "OK" }),
    (e: unknown) =>
      e instanceof ElementNotFound && e.code === "E_NOT_FOUND" &&
      e.message === 'no match: {"label":"OK","traits":["button"]}',
  );
});

Deno.test("identical duplicates collapse to the first", () => {
  const a = el({ identifier: "ok", label: "OK", traits: ["button", "selected"] });
  const twin = el({ identifier: "ok", label: "OK", traits: ["selected", "button", "button"] });
  assert.equal(resolveUnique([a, twin], { id: "ok" }), a);
});

Deno.test("duplicates differing in any field stay ambiguous", () => {
  const a = el({ identifier: "ok", label: "OK", traits: ["button"] });
  const moved = el({ identifier: "ok", label: "OK", traits: ["button"], frame: [0, 1, 10, 10] });
  const valued = el({ identifier: "ok", label: "OK", traits: ["button"], value: "1" });
  assert.throws(() => resolveUnique([a, moved], { id: "ok" }), AmbiguousSelector);
  assert.throws(() => resolveUnique([a, valued], { id: "ok" }), AmbiguousSelector);
});

Deno.test("other wrappers are dropped from a tie", () => {
  const wrapper = el({ label: "Save", traits: ["other"], frame: [0, 0, 100, 40] });
  const button = el({ label: "Save", traits: ["button"], frame: [10, 10, 80, 20] });
  assert.equal(resolveUnique([wrapper, button], { label: "Save" }), button);
});

Deno.test("other filter keeps the tie when every candidate is other", () => {
  const a = el({ label: "Row", traits: ["other"], frame: [0, 0, 10, 10] });
  const b = el({ label: "Row", traits: ["other"], frame: [0, 20, 10, 10] });
  assert.throws(() => resolveUnique([a, b], { label: "Row" }), AmbiguousSelector);
});

Deno.test("other in the selector's traits disables the other filter", () => {
  const wrapper = el({ label: "Save", traits: ["other"], frame: [0, 0, 100, 40] });
  const button = el({ label: "Save", traits: ["button", "other"], frame: [10, 10, 80, 20] });
  assert.throws(
    () => resolveUnique([wrapper, button], { label: "Save", traits: ["other"] }),
    AmbiguousSelector,
  );
  // Contrast: the same tie without `other` asked for drops the wrapper.
  const plain = el({ label: "Save", traits: ["button"], frame: [10, 10, 80, 20] });
  assert.equal(resolveUnique([wrapper, plain], { label: "Save" }), plain);
});

Deno.test("a single other candidate still resolves", () => {
  const only = el({ label: "Card", traits: ["other"] });
  assert.equal(resolveUnique([only], { label: "Card" }), only);
});

const rows = [0, 1, 2].map((i) =>
  el({ identifier: `row.${i}`, traits: ["cell"], frame: [0, i * 20, 100, 20] })
);

Deno.test("index picks positionally among candidates", () => {
  assert.equal(resolveUnique(rows, { traits: ["cell"], index: 0 }), rows[0]);
  assert.equal(resolveUnique(rows, { traits: ["cell"], index: 2 }), rows[2]);
});

Deno.test("negative index counts from the end", () => {
  assert.equal(resolveUnique(rows, { traits: ["cell"], index: -1 }), rows[2]);
  assert.equal(resolveUnique(rows, { traits: ["cell"], index: -3 }), rows[0]);
});

Deno.test("index out of range throws ElementNotFound with the range text", () => {
  assert.throws(
    () => resolveUnique(rows, { traits: ["cell"], index: 3 }),
    (e: unknown) =>
      e instanceof ElementNotFound &&
      e.message === 'index 3 out of range for 3 candidates: {"traits":["cell"],"index":3}',
  );
  assert.throws(
    () => resolveUnique(rows, { traits: ["cell"], index: -4 }),
    (e: unknown) =>
      e instanceof ElementNotFound &&
      e.message.startsWith("index -4 out of range for 3 candidates"),
  );
});

Deno.test("index counts in the collapsed, other-filtered list", () => {
  const wrapper = el({ label: "Item", traits: ["other"], frame: [0, 0, 100, 100] });
  const a = el({ label: "Item", traits: ["cell"], frame: [0, 0, 100, 20] });
  const twin = el({ label: "Item", traits: ["cell"], frame: [0, 0, 100, 20] });
  const b = el({ label: "Item", traits: ["cell"], frame: [0, 20, 100, 20] });
  assert.equal(resolveUnique([wrapper, a, twin, b], { label: "Item", index: 1 }), b);
  assert.throws(
    () => resolveUnique([wrapper, a, twin, b], { label: "Item", index: 2 }),
    ElementNotFound,
  );
});

Deno.test("index on an empty match reports 0 candidates", () => {
  assert.throws(
    () => resolveUnique([], { id: "x", index: 0 }),
    (e: unknown) =>
      e instanceof ElementNotFound &&
      e.message === 'index 0 out of range for 0 candidates: {"id":"x","index":0}',
  );
});

Deno.test("ambiguity text names candidates by id, label or anonymous with frames", () => {
  const tree = [
    el({ identifier: "a.b", traits: ["button"], frame: [1, 2, 3, 4] }),
    el({ label: 'Say "hi"', traits: ["button"], frame: [0.5, 0, 10, 10] }),
    el({ traits: ["button"], frame: [5, 5, 5, 5] }),
  ];
  assert.throws(
    () => resolveUnique(tree, { traits: ["button"] }),
    (e: unknown) =>
      e instanceof AmbiguousSelector && e.code === "E_AMBIGUOUS" &&
      e.message ===
        'ambiguous: 3 matches for {"traits":["button"]}: id=a.b@[1,2,3,4], ' +
          'label="Say \\"hi\\""@[0.5,0,10,10], anonymous@[5,5,5,5] — add within or index' &&
      e.candidates.length === 3 && e.candidates[0].identifier === "a.b",
  );
});

Deno.test("ambiguity text lists at most 5 candidates but counts all", () => {
  const many = Array.from(
    { length: 7 },
    (_, i) => el({ identifier: `c${i}`, traits: ["cell"], frame: [0, i, 1, 1] }),
  );
  assert.throws(
    () => resolveUnique(many, { traits: ["cell"] }),
    (e: unknown) =>
      e instanceof AmbiguousSelector && e.message.startsWith("ambiguous: 7 matches") &&
      e.message.includes("id=c4@[0,4,1,1] — add within or index") && !e.message.includes("c5") &&
      e.candidates.length === 7,
  );
});

Deno.test("within disambiguates where the bare selector is ambiguous", () => {
  const listA = el({ identifier: "list.a", frame: [0, 0, 100, 100] });
  const listB = el({ identifier: "list.b", frame: [0, 100, 100, 100] });
  const a = el({ label: "Delete", traits: ["button"], frame: [0, 10, 50, 20] });
  const b = el({ label: "Delete", traits: ["button"], frame: [0, 110, 50, 20] });
  const tree = [listA, a, listB, b];
  assert.throws(() => resolveUnique(tree, { label: "Delete" }), AmbiguousSelector);
  assert.equal(resolveUnique(tree, { label: "Delete", within: { id: "list.b" } }), b);
});

Deno.test("ambiguous container in within is fine when the target is unique", () => {
  const c1 = el({ label: "Panel", frame: [0, 0, 100, 100] });
  const c2 = el({ label: "Panel", frame: [0, 100, 100, 100] });
  const target = el({ identifier: "save", traits: ["button"], frame: [10, 150, 10, 10] });
  assert.equal(resolveUnique([c1, c2, target], { id: "save", within: { label: "Panel" } }), target);
});

Deno.test("invalid labelMatches surfaces as a SelectorError from resolveUnique", () => {
  assert.throws(
    () => resolveUnique([el({ label: "x" })], { labelMatches: "[" }),
    InvalidSelectorPattern,
  );
});
