import assert from "node:assert/strict";
import { primaryId } from "../../src/selectors/ids.ts";

Deno.test("primaryId is the id or entry 0 of an id list", () => {
  assert.equal(primaryId({ id: "home.title" }), "home.title");
  assert.equal(primaryId({ id: ["stable.refresh", "stable_refresh"] }), "stable.refresh");
});

Deno.test("primaryId is null without an id (idMatches does not count)", () => {
  assert.equal(primaryId({ idMatches: "home.*", label: "x" }), null);
});
