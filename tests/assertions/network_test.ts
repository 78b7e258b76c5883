import assert from "node:assert/strict";
import type { Assertion } from "../../src/scenario/types.ts";
import { evaluate } from "../../src/assertions/evaluate.ts";
import { assignDistinct } from "../../src/assertions/assign.ts";
import { ex } from "../selectors/fixture.ts";

const req = (match: Extract<Assertion, { kind: "request" }>["match"]): Assertion => ({
  kind: "request",
  match,
});

Deno.test("request without count passes on at least one match", () => {
  const [r] = evaluate([], [req({ method: "GET", path: "/items", status: 200 })], [
    ex({ path: "/items" }),
  ]);
  assert.deepEqual(r, {
    ok: true,
    kind: "request",
    detail: "request GET /items status=200",
    reason: "",
  });
});

Deno.test("request without count fails with the observed total", () => {
  const [r] = evaluate([], [req({ path: "/items" })], [ex({ path: "/a" }), ex({ path: "/b" })]);
  assert.equal(r.ok, false);
  assert.equal(r.reason, "request /items: no matching exchange (observed 2)");
});

Deno.test("request with count needs exactly count matches", () => {
  const exchanges = [ex({ path: "/ping" }), ex({ path: "/ping" })];
  assert.equal(evaluate([], [req({ path: "/ping", count: 2 })], exchanges)[0].ok, true);
  const [r] = evaluate([], [req({ path: "/ping", count: 1 })], exchanges);
  assert.equal(r.ok, false);
  assert.equal(r.reason, "request /ping count=1: expected count=1 but matched 2");
  assert.equal(r.detail, "request /ping count=1");
});

Deno.test("request with count 0 asserts absence", () => {
  assert.equal(evaluate([], [req({ path: "/track", count: 0 })], [ex({ path: "/a" })])[0].ok, true);
});

Deno.test("one-to-one: a broad matcher must not steal the specific one's exchange", () => {
  // Broad first in declaration order would greedily take exchange 0, the only one the specific
  // matcher accepts; Kuhn's augmenting path moves it to exchange 1.
  const exchanges = [ex({ path: "/items", status: 200 }), ex({ path: "/items", status: 500 })];
  const results = evaluate(
    [],
    [req({ path: "/items" }), req({ path: "/items", status: 200 })],
    exchanges,
  );
  assert.deepEqual(results.map((r) => r.ok), [true, true]);
});

Deno.test("one-to-one: two matchers cannot share a single exchange", () => {
  const results = evaluate([], [req({ path: "/items" }), req({ method: "GET" })], [
    ex({ path: "/items" }),
  ]);
  assert.deepEqual(results.map((r) => r.ok), [true, false]);
  assert.equal(
    results[1].reason,
    "request GET: matching exchange already taken by another request",
  );
});

Deno.test("one-to-one: an unmatched matcher reports no matching exchange", () => {
  const results = evaluate([], [req({ path: "/a" }), req({ path: "/z" })], [ex({ path: "/a" })]);
  assert.equal(results[1].reason, "request /z: no matching exchange (observed 1)");
});

Deno.test("count requests stay aggregates outside the one-to-one assignment", () => {
  const exchanges = [ex({ path: "/a" }), ex({ path: "/b" })];
  const results = evaluate(
    [],
    [req({ path: "/a" }), req({ path: "/b" }), req({ path: "/a", count: 1 })],
    exchanges,
  );
  assert.deepEqual(results.map((r) => r.ok), [true, true, true]);
});

Deno.test("a single count-less request is not assigned (shares exchanges freely)", () => {
  const results = evaluate([], [req({ path: "/a" }), req({ path: "/a", count: 1 })], [
    ex({ path: "/a" }),
  ]);
  assert.deepEqual(results.map((r) => r.ok), [true, true]);
});

Deno.test("assignDistinct finds a maximum matching via augmenting paths", () => {
  assert.deepEqual(assignDistinct([[0, 1], [0]], 2), [1, 0]);
  assert.deepEqual(assignDistinct([[0, 1, 2], [0, 1], [0]], 3), [2, 1, 0]);
  assert.deepEqual(assignDistinct([[0], [0]], 1), [0, -1]);
});

const event = (fields: Omit<Extract<Assertion, { kind: "event" }>, "kind">): Assertion => ({
  kind: "event",
  ...fields,
});

Deno.test("event filters by endpoint and body fields compared as text", () => {
  const exchanges = [
    ex({ method: "POST", path: "/track", requestBody: '{"name":"view","n":1,"ok":true,"x":null}' }),
    ex({ method: "POST", path: "/track", requestBody: '{"name":"tap"}' }),
  ];
  const [r] = evaluate([], [
    event({ method: "post", path: "/track", body: { name: "view", n: 1, ok: true, x: null } }),
  ], exchanges);
  assert.equal(r.ok, true);
  assert.equal(r.detail, 'event POST /track body={"name":"view","n":1,"ok":true,"x":null}');
  const [s] = evaluate([], [event({ path: "/track", body: { n: "1", ok: "true" } })], exchanges);
  assert.equal(s.ok, true);
});

Deno.test("event body compares nested values as compact JSON", () => {
  const exchanges = [ex({ path: "/t", requestBody: '{"tags": ["a", "b"], "m": {"k": 1}}' })];
  assert.equal(
    evaluate([], [event({ path: "/t", body: { tags: '["a","b"]', m: '{"k":1}' } })], exchanges)[0]
      .ok,
    true,
  );
});

Deno.test("event body never matches a missing, non-JSON or non-object body", () => {
  const exchanges = [
    ex({ path: "/t", requestBody: null }),
    ex({ path: "/t", requestBody: "name=view" }),
    ex({ path: "/t", requestBody: '["name"]' }),
  ];
  const [r] = evaluate([], [event({ path: "/t", body: { name: "view" } })], exchanges);
  assert.equal(r.ok, false);
  assert.equal(
    r.reason,
    'event /t body={"name":"view"}: expected at least one, matched 0 (observed 3 exchanges)',
  );
});

Deno.test("event count operators and their failure text", () => {
  const exchanges = [ex({ path: "/t" }), ex({ path: "/t" }), ex({ path: "/other" })];
  assert.equal(evaluate([], [event({ path: "/t", count: { equals: 2 } })], exchanges)[0].ok, true);
  const [eq] = evaluate([], [event({ path: "/t", count: { equals: 1 } })], exchanges);
  assert.equal(eq.reason, "event /t count==1: expected count==1, matched 2 (observed 3 exchanges)");
  assert.equal(eq.detail, "event /t count==1");
  const [ge] = evaluate([], [event({ path: "/t", count: { atLeast: 3 } })], exchanges);
  assert.equal(ge.reason, "event /t count>=3: expected count>=3, matched 2 (observed 3 exchanges)");
  const [le] = evaluate([], [event({ path: "/t", count: { atMost: 1 } })], exchanges);
  assert.equal(le.reason, "event /t count<=1: expected count<=1, matched 2 (observed 3 exchanges)");
});

const seq = (matches: Extract<Assertion, { kind: "requestSequence" }>["matches"]): Assertion => ({
  kind: "requestSequence",
  matches,
});

Deno.test("requestSequence passes on an ordered subsequence with interleaved traffic", () => {
  const exchanges = [ex({ path: "/login" }), ex({ path: "/noise" }), ex({ path: "/home" })];
  const [r] = evaluate(
    [],
    [seq([{ method: "get", path: "/login" }, { path: "/home", count: 9 }])],
    exchanges,
  );
  assert.deepEqual(r, {
    ok: true,
    kind: "requestSequence",
    detail: "requestSequence GET /login → /home",
    reason: "",
  });
});

Deno.test("requestSequence fails when the order is wrong", () => {
  const exchanges = [ex({ path: "/home" }), ex({ path: "/login" })];
  const [r] = evaluate([], [seq([{ path: "/login" }, { path: "/home" }])], exchanges);
  assert.equal(r.ok, false);
  assert.equal(
    r.reason,
    "requestSequence /login → /home: step 1 (/home) not observed in order " +
      "(matched 1 of 2 so far; observed 2 exchanges)",
  );
});

Deno.test("requestSequence consumes each exchange once", () => {
  const [r] = evaluate([], [seq([{ path: "/a" }, { path: "/a" }])], [ex({ path: "/a" })]);
  assert.equal(
    r.reason,
    "requestSequence /a → /a: step 1 (/a) not observed in order " +
      "(matched 1 of 2 so far; observed 1 exchanges)",
  );
});

Deno.test("an invalid request regex fails the assertion instead of throwing", () => {
  const results = evaluate([], [req({ pathMatches: "(" }), req({ pathMatches: "[" })], [ex()]);
  assert.deepEqual(results.map((r) => r.ok), [false, false]);
  assert.match(results[0].reason, /^request ~\(: invalid regex: "\(": /);
  const [s] = evaluate([], [seq([{ pathMatches: "(" }])], [ex()]);
  assert.match(s.reason, /^requestSequence ~\(: invalid regex: /);
  const [e] = evaluate([], [event({ urlMatches: "(" })], [ex()]);
  assert.match(e.reason, /^event url~\(: invalid regex: /);
});
