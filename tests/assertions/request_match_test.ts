import assert from "node:assert/strict";
import { countMatching, requestLabel, requestMatches } from "../../src/assertions/request_match.ts";
import { InvalidRegex } from "../../src/selectors/errors.ts";
import { ex } from "../selectors/fixture.ts";

Deno.test("method matches case-insensitively", () => {
  assert.equal(requestMatches(ex({ method: "post" }), { method: "POST" }), true);
  assert.equal(requestMatches(ex({ method: "GET" }), { method: "get" }), true);
  assert.equal(requestMatches(ex({ method: "GET" }), { method: "POST" }), false);
});

Deno.test("url and path are exact; path excludes the query", () => {
  const e = ex({ url: "https://api.test/items?page=2", path: "/items" });
  assert.equal(requestMatches(e, { path: "/items" }), true);
  assert.equal(requestMatches(e, { path: "/items?page=2" }), false);
  assert.equal(requestMatches(e, { url: "https://api.test/items?page=2" }), true);
  assert.equal(requestMatches(e, { url: "https://api.test/items" }), false);
});

Deno.test("urlMatches and pathMatches are regex searches", () => {
  const e = ex({ url: "https://api.test/items/42?x=1", path: "/items/42" });
  assert.equal(requestMatches(e, { pathMatches: "/\\d+$" }), true);
  assert.equal(requestMatches(e, { urlMatches: "x=1" }), true);
  assert.equal(requestMatches(e, { pathMatches: "^/users" }), false);
});

Deno.test("status is exact and never matches a missing response", () => {
  assert.equal(requestMatches(ex({ status: 201 }), { status: 201 }), true);
  assert.equal(requestMatches(ex({ status: 200 }), { status: 201 }), false);
  assert.equal(requestMatches(ex({ status: null }), { status: 200 }), false);
});

Deno.test("bodyMatches searches the request body; a null body never matches", () => {
  assert.equal(
    requestMatches(ex({ requestBody: '{"q":"shoes"}' }), { bodyMatches: '"q":"sh' }),
    true,
  );
  assert.equal(requestMatches(ex({ requestBody: null }), { bodyMatches: ".*" }), false);
});

Deno.test("set fields are AND-ed and count is not a per-exchange field", () => {
  const e = ex({ method: "POST", path: "/cart", status: 201 });
  assert.equal(requestMatches(e, { method: "POST", path: "/cart", status: 201, count: 5 }), true);
  assert.equal(requestMatches(e, { method: "POST", path: "/cart", status: 200 }), false);
});

Deno.test("countMatching counts matching exchanges", () => {
  const all = [ex({ path: "/a" }), ex({ path: "/b" }), ex({ path: "/a" })];
  assert.equal(countMatching(all, { path: "/a" }), 2);
});

Deno.test("an invalid request regex throws InvalidRegex", () => {
  assert.throws(() => requestMatches(ex(), { urlMatches: "(" }), InvalidRegex);
});

Deno.test("requestLabel lists set fields in a fixed order", () => {
  assert.equal(
    requestLabel({ status: 200, path: "/items", method: "get" }),
    "GET /items status=200",
  );
  assert.equal(
    requestLabel({
      method: "post",
      url: "https://x/y",
      urlMatches: "x",
      path: "/y",
      pathMatches: "^/y",
      status: 201,
      bodyMatches: "id",
      count: 2,
    }),
    "POST https://x/y url~x /y ~^/y status=201 body~id count=2",
  );
  assert.equal(requestLabel({ path: "/y", count: 2 }, false), "/y");
});
