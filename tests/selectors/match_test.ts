import assert from "node:assert/strict";
import { SelectorError } from "../../src/drivers/driver.ts";
import { matches } from "../../src/selectors/match.ts";
import { InvalidSelectorPattern } from "../../src/selectors/errors.ts";
import { el } from "./fixture.ts";

Deno.test("id equals the identifier exactly", () => {
  assert.equal(matches(el({ identifier: "home.title" }), { id: "home.title" }), true);
  assert.equal(matches(el({ identifier: "home.title2" }), { id: "home.title" }), false);
});

Deno.test("id list matches any candidate (OR)", () => {
  const sel = { id: ["stable.refresh", "stable_refresh"] };
  assert.equal(matches(el({ identifier: "stable_refresh" }), sel), true);
  assert.equal(matches(el({ identifier: "stable.refresh" }), sel), true);
  assert.equal(matches(el({ identifier: "refresh" }), sel), false);
});

Deno.test("null identifier never matches id or idMatches", () => {
  assert.equal(matches(el(), { id: ["a", "b"] }), false);
  assert.equal(matches(el(), { idMatches: "*" }), false);
});

Deno.test("idMatches globs the identifier, list is OR", () => {
  assert.equal(matches(el({ identifier: "cart.row.9" }), { idMatches: "cart.*" }), true);
  assert.equal(matches(el({ identifier: "cart.row.9" }), { idMatches: ["x.*", "*.9"] }), true);
  assert.equal(matches(el({ identifier: "cart.row.9" }), { idMatches: ["x.*", "*.8"] }), false);
});

Deno.test("label is exact equality; empty label equals only empty", () => {
  assert.equal(matches(el({ label: "OK" }), { label: "OK" }), true);
  assert.equal(matches(el({ label: "OK " }), { label: "OK" }), false);
  assert.equal(matches(el({ label: "" }), { label: "" }), true);
  assert.equal(matches(el({ label: null }), { label: "" }), false);
});

Deno.test("labelMatches is an unanchored regex search on a non-null label", () => {
  assert.equal(matches(el({ label: "Total: 12 items" }), { labelMatches: "\\d+ items" }), true);
  assert.equal(matches(el({ label: "Sign in" }), { labelMatches: "gn" }), true);
  assert.equal(matches(el({ label: null }), { labelMatches: ".*" }), false);
});

Deno.test("labelMatches honours a leading (?i)", () => {
  assert.equal(matches(el({ label: "SIGN IN" }), { labelMatches: "(?i)^sign in$" }), true);
  assert.equal(matches(el({ label: "SIGN IN" }), { labelMatches: "^sign in$" }), false);
});

Deno.test("invalid labelMatches is a SelectorError naming the pattern", () => {
  assert.throws(
    () => matches(el({ label: "x" }), { labelMatches: "(" }),
    (e: unknown) =>
      e instanceof InvalidSelectorPattern && e instanceof SelectorError &&
      e.message.startsWith('invalid regex: "(":'),
  );
});

Deno.test("traits is a subset test; empty list matches everything", () => {
  const button = el({ traits: ["button", "selected"] });
  assert.equal(matches(button, { traits: ["selected", "button"] }), true);
  assert.equal(matches(button, { traits: ["button", "notEnabled"] }), false);
  assert.equal(matches(button, { traits: [] }), true);
});

Deno.test("value is exact equality", () => {
  assert.equal(matches(el({ value: "on" }), { value: "on" }), true);
  assert.equal(matches(el({ value: null }), { value: "" }), false);
});

Deno.test("fields are AND-ed and within/index are ignored per element", () => {
  const e = el({ identifier: "a", label: "A", traits: ["button"] });
  assert.equal(matches(e, { id: "a", label: "A", traits: ["button"] }), true);
  assert.equal(matches(e, { id: "a", label: "B" }), false);
  assert.equal(matches(e, { id: "a", within: { id: "nowhere" }, index: 7 }), true);
});
