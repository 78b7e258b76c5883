import assert from "node:assert/strict";
import type { Assertion } from "../../src/scenario/types.ts";
import { evaluate, passed } from "../../src/assertions/evaluate.ts";
import { el } from "../selectors/fixture.ts";

const tree = [el({ identifier: "home.title", label: "Home" })];

Deno.test("evaluate reports every assertion without short-circuiting", () => {
  const block: Assertion[] = [
    { kind: "exists", sel: { id: "missing" }, negate: false },
    { kind: "label", sel: { id: "home.title" }, op: { equals: "Home" } },
    { kind: "exists", sel: { id: "also.missing" }, negate: false },
  ];
  const results = evaluate(tree, block);
  assert.deepEqual(results.map((r) => [r.kind, r.ok]), [["exists", false], ["label", true], [
    "exists",
    false,
  ]]);
});

Deno.test("evaluate never throws, whatever the assertions hold", () => {
  const block: Assertion[] = [
    { kind: "label", sel: { labelMatches: "(" }, op: { equals: "x" } },
    { kind: "count", sel: { idMatches: "[", within: { labelMatches: "*" } }, op: { equals: 0 } },
    { kind: "request", match: { urlMatches: "(" } },
  ];
  const results = evaluate(tree, block);
  assert.equal(results.length, 3);
  assert.deepEqual(results.map((r) => [r.ok, r.reason.replace(/: invalid regex: .*/, "")]), [
    [false, 'label {"labelMatches":"("}'],
    [false, 'count {"idMatches":"[","within":{"labelMatches":"*"}}'],
    [false, "request url~("],
  ]);
});

Deno.test("passed is the AND of every result", () => {
  assert.equal(passed([]), true);
  assert.equal(
    passed(evaluate(tree, [{ kind: "exists", sel: { id: "home.title" }, negate: false }])),
    true,
  );
  assert.equal(
    passed(evaluate(tree, [
      { kind: "exists", sel: { id: "home.title" }, negate: false },
      { kind: "exists", sel: { id: "home.title" }, negate: true },
    ])),
    false,
  );
});
