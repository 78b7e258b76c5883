import assert from "node:assert/strict";
import type { Assertion } from "../../src/scenario/types.ts";
import { evaluate } from "../../src/assertions/evaluate.ts";
import { el } from "../selectors/fixture.ts";

const title = el({ identifier: "home.title", label: "Welcome back", traits: ["staticText"] });
const qty = el({ identifier: "qty", label: "Quantity", value: "2", traits: ["textField"] });
const empty = el({ identifier: "note", label: null, value: null, traits: ["textField"] });
const save = el({ identifier: "save", traits: ["button", "notEnabled"], frame: [0, 100, 80, 30] });
const tab = el({ identifier: "tab.home", traits: ["button", "selected"], frame: [0, 200, 80, 30] });
const cells = [0, 1].map((i) =>
  el({ identifier: `row.${i}`, value: "x", traits: ["cell"], frame: [0, 300 + i * 40, 80, 40] })
);
const tree = [title, qty, empty, save, tab, ...cells];

function one(a: Assertion) {
  const [r] = evaluate(tree, [a]);
  return r;
}

Deno.test("exists passes when at least one element matches", () => {
  const r = one({ kind: "exists", sel: { traits: ["cell"] }, negate: false });
  assert.deepEqual(r, { ok: true, kind: "exists", detail: 'present: traits=["cell"]', reason: "" });
});

Deno.test("exists fails with expected present but was absent", () => {
  const r = one({ kind: "exists", sel: { id: "missing" }, negate: false });
  assert.deepEqual(r, {
    ok: false,
    kind: "exists",
    detail: 'present: id="missing"',
    reason: 'exists {"id":"missing"}: expected present but was absent',
  });
});

Deno.test("exists negate passes when absent and fails when present", () => {
  const absent = one({ kind: "exists", sel: { id: "spinner" }, negate: true });
  assert.equal(absent.ok, true);
  assert.equal(absent.detail, 'absent: id="spinner"');
  const present = one({ kind: "exists", sel: { id: "home.title" }, negate: true });
  assert.equal(present.ok, false);
  assert.equal(present.reason, 'exists {"id":"home.title"}: expected absent but was present');
});

Deno.test("exists honours index: the indexed candidate must be there (26 buttons, index 99)", () => {
  const buttons = Array.from(
    { length: 26 },
    (_, i) => el({ identifier: `b.${i}`, traits: ["button"], frame: [0, i * 10, 10, 10] }),
  );
  const exists = (index: number, negate = false) =>
    evaluate(buttons, [{ kind: "exists", sel: { traits: ["button"], index }, negate }])[0];
  assert.equal(exists(99).ok, false);
  assert.equal(
    exists(99).reason,
    'exists {"traits":["button"],"index":99}: expected present but was absent',
  );
  assert.equal(exists(99, true).ok, true);
  assert.equal(exists(25).ok, true);
  assert.equal(exists(26).ok, false);
  assert.equal(exists(0).ok, true);
  assert.equal(exists(-26).ok, true);
  assert.equal(exists(-27).ok, false);
});

Deno.test("value equals passes and carries the op in detail", () => {
  const r = one({ kind: "value", sel: { id: "qty" }, op: { equals: "2" } });
  assert.deepEqual(r, {
    ok: true,
    kind: "value",
    detail: 'value equals="2": id="qty"',
    reason: "",
  });
});

Deno.test("value mismatch reports expected and actual as JSON", () => {
  const r = one({ kind: "value", sel: { id: "qty" }, op: { equals: "3" } });
  assert.equal(r.ok, false);
  assert.equal(r.reason, 'value {"id":"qty"}: expected equals="3" but actual="2"');
});

Deno.test("null actual fails every text operator and prints null", () => {
  for (const op of [{ equals: "" }, { contains: "" }, { matches: ".*" }]) {
    const r = one({ kind: "value", sel: { id: "note" }, op });
    assert.equal(r.ok, false);
    assert.match(r.reason, /but actual=null$/);
  }
  assert.equal(
    one({ kind: "label", sel: { id: "note" }, op: { equals: "x" } }).reason,
    'label {"id":"note"}: expected equals="x" but actual=null',
  );
});

Deno.test("label contains is a substring test", () => {
  assert.equal(
    one({ kind: "label", sel: { id: "home.title" }, op: { contains: "come b" } }).ok,
    true,
  );
  const r = one({ kind: "label", sel: { id: "home.title" }, op: { contains: "bye" } });
  assert.equal(
    r.reason,
    'label {"id":"home.title"}: expected contains="bye" but actual="Welcome back"',
  );
  assert.equal(r.detail, 'label contains="bye": id="home.title"');
});

Deno.test("label matches is an unanchored regex search with (?i)", () => {
  assert.equal(
    one({ kind: "label", sel: { id: "home.title" }, op: { matches: "(?i)WELCOME" } }).ok,
    true,
  );
  const r = one({ kind: "label", sel: { id: "home.title" }, op: { matches: "^back" } });
  assert.equal(r.ok, false);
  assert.equal(
    r.reason,
    'label {"id":"home.title"}: expected matches="^back" but actual="Welcome back"',
  );
});

Deno.test("an invalid regex after substitution is a failed result, not a throw", () => {
  const r = one({ kind: "label", sel: { id: "home.title" }, op: { matches: "(" } });
  assert.equal(r.ok, false);
  assert.match(r.reason, /^label \{"id":"home\.title"\}: invalid regex: "\(": /);
});

Deno.test("text assertions fail with the selector error when nothing matches", () => {
  const r = one({ kind: "value", sel: { id: "gone" }, op: { equals: "1" } });
  assert.deepEqual(r, {
    ok: false,
    kind: "value",
    detail: 'value equals="1": id="gone"',
    reason: 'value: no match: {"id":"gone"}', // the selector error already names it
  });
});

Deno.test("ambiguity fails a value assertion even if every candidate would pass", () => {
  const r = one({ kind: "value", sel: { traits: ["cell"] }, op: { equals: "x" } });
  assert.equal(r.ok, false);
  assert.match(r.reason, /^value: ambiguous: 2 matches for \{"traits":\["cell"\]\}: id=row\.0@/);
});

Deno.test("count compares findAll length with each operator", () => {
  assert.equal(one({ kind: "count", sel: { traits: ["cell"] }, op: { equals: 2 } }).ok, true);
  assert.equal(one({ kind: "count", sel: { traits: ["cell"] }, op: { atLeast: 2 } }).ok, true);
  assert.equal(one({ kind: "count", sel: { traits: ["cell"] }, op: { atMost: 2 } }).ok, true);
  const r = one({ kind: "count", sel: { traits: ["cell"] }, op: { atLeast: 3 } });
  assert.deepEqual(r, {
    ok: false,
    kind: "count",
    detail: 'count atLeast=3: traits=["cell"]',
    reason: 'count {"traits":["cell"]}: expected count atLeast=3 but n=2',
  });
  assert.equal(
    one({ kind: "count", sel: { traits: ["cell"] }, op: { atMost: 1 } }).reason,
    'count {"traits":["cell"]}: expected count atMost=1 but n=2',
  );
});

Deno.test("count sees identical duplicates that resolveUnique would collapse", () => {
  const twin = { ...qty };
  const [r] = evaluate([qty, twin], [{ kind: "count", sel: { id: "qty" }, op: { equals: 2 } }]);
  assert.equal(r.ok, true);
});

Deno.test("enabled passes without notEnabled and fails with the traits", () => {
  assert.equal(one({ kind: "enabled", sel: { id: "tab.home" } }).ok, true);
  const r = one({ kind: "enabled", sel: { id: "save" } });
  assert.deepEqual(r, {
    ok: false,
    kind: "enabled",
    detail: 'enabled: id="save"',
    reason: 'enabled {"id":"save"}: not enabled: traits=["button","notEnabled"]',
  });
});

Deno.test("disabled passes with notEnabled and fails without it", () => {
  assert.equal(one({ kind: "disabled", sel: { id: "save" } }).ok, true);
  assert.equal(
    one({ kind: "disabled", sel: { id: "tab.home" } }).reason,
    'disabled {"id":"tab.home"}: not disabled: traits=["button","selected"]',
  );
});

Deno.test("selected passes with the selected trait and fails without it", () => {
  assert.equal(one({ kind: "selected", sel: { id: "tab.home" } }).ok, true);
  assert.equal(
    one({ kind: "selected", sel: { id: "save" } }).reason,
    'selected {"id":"save"}: not selected: traits=["button","notEnabled"]',
  );
});

Deno.test("state assertions fail with the selector error text", () => {
  const r = one({ kind: "enabled", sel: { traits: ["cell"] } });
  assert.equal(r.ok, false);
  assert.match(r.reason, /^enabled: ambiguous: 2 matches for \{"traits":\["cell"\]\}/);
  assert.equal(r.detail, 'enabled: traits=["cell"]');
});

Deno.test("an invalid labelMatches in a selector fails exists instead of throwing", () => {
  const r = one({ kind: "exists", sel: { labelMatches: "[" }, negate: false });
  assert.equal(r.ok, false);
  assert.match(r.reason, /^exists \{"labelMatches":"\["\}: invalid regex: "\[": /);
});
