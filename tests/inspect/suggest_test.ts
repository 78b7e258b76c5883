import assert from "node:assert/strict";
import { suggestSelector } from "../../src/inspect/suggest.ts";
import { inspectTable, inspectTree } from "../../src/inspect/format.ts";
import { resolveUnique } from "../../src/selectors/mod.ts";
import { el } from "../selectors/fixture.ts";

const tree = [
  el({ identifier: "page", traits: ["window"], frame: [0, 0, 400, 800] }),
  el({ identifier: "login.submit", label: "Sign in", traits: ["button"], frame: [0, 0, 100, 40] }),
  el({ label: "Settings", traits: ["heading"], frame: [0, 50, 200, 30] }),
  el({ label: "Delete", traits: ["button"], frame: [0, 100, 40, 40] }),
  el({ label: "Delete", traits: ["staticText"], frame: [50, 100, 60, 20] }),
  el({ identifier: "row.1", traits: ["cell"], frame: [0, 200, 400, 50] }),
  el({ label: "Edit", traits: ["button"], frame: [300, 210, 40, 30] }),
  el({ identifier: "row.2", traits: ["cell"], frame: [0, 260, 400, 50] }),
  el({ label: "Edit", traits: ["button"], frame: [300, 270, 40, 30] }),
  el({ traits: ["other"], frame: [0, 400, 10, 10] }),
  el({ traits: ["other"], frame: [0, 420, 10, 10] }),
];

Deno.test("suggestions: id, then label, then label and type, then inside a container", () => {
  const s = (i: number) => suggestSelector(tree, i);
  assert.deepEqual(s(1), { selector: { id: "login.submit" }, stable: true });
  assert.deepEqual(s(2), { selector: { label: "Settings" }, stable: true });
  assert.deepEqual(s(3), { selector: { label: "Delete", traits: ["button"] }, stable: true });
  assert.deepEqual(s(6), {
    selector: { label: "Edit", within: { id: "row.1" } },
    stable: true,
  });
  assert.deepEqual(s(8), {
    selector: { label: "Edit", within: { id: "row.2" } },
    stable: true,
  });
});

Deno.test("suggestions: an index only as the last resort, marked positional", () => {
  assert.deepEqual(suggestSelector(tree, 10), {
    selector: { traits: ["other"], index: 1 },
    stable: false,
  });
  // Every suggestion resolves to its own element.
  tree.forEach((e, i) => assert.equal(resolveUnique(tree, suggestSelector(tree, i).selector), e));
});

Deno.test("the table: one line per element, padded columns, positional marked", () => {
  const lines = inspectTable(inspectTree(tree.slice(0, 2)));
  assert.deepEqual(lines, [
    "#  identifier    label    value  traits  frame          selector",
    '0  page          -        -      window  [0,0,400,800]  {"id":"page"}',
    '1  login.submit  Sign in  -      button  [0,0,100,40]   {"id":"login.submit"}',
  ]);
  assert.match(inspectTable(inspectTree(tree)).at(-1)!, /\(positional\)$/);
});
