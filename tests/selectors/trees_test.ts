import assert from "node:assert/strict";
import { treesEqual } from "../../src/selectors/trees.ts";
import { el } from "./fixture.ts";

Deno.test("trees with equal identity, state and frames are equal", () => {
  const a = [el({ identifier: "x", label: "X", value: "1", traits: ["button"] })];
  const b = [el({ identifier: "x", label: "X", value: "1", traits: ["button"] })];
  assert.equal(treesEqual(a, b), true);
});

Deno.test("nativeZ is excluded from tree equality", () => {
  assert.equal(treesEqual([el({ nativeZ: 1 })], [el({ nativeZ: 2 })]), true);
});

Deno.test("any field, trait order, frame or length difference makes trees unequal", () => {
  const base = el({ identifier: "x", label: "X", value: "1", traits: ["button", "selected"] });
  assert.equal(treesEqual([base], [{ ...base, identifier: "y" }]), false);
  assert.equal(treesEqual([base], [{ ...base, label: null }]), false);
  assert.equal(treesEqual([base], [{ ...base, value: "2" }]), false);
  assert.equal(treesEqual([base], [{ ...base, traits: ["selected", "button"] }]), false);
  assert.equal(treesEqual([base], [{ ...base, frame: [0, 0, 10, 11] }]), false);
  assert.equal(treesEqual([base], [base, base]), false);
});
