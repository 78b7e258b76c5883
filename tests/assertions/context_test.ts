import assert from "node:assert/strict";
import { evaluate } from "../../src/assertions/evaluate.ts";
import { ex } from "../selectors/fixture.ts";

Deno.test("visual without a context fails with no visual context provided", () => {
  const [r] = evaluate([], [{
    kind: "visual",
    baseline: "home.png",
    threshold: 0,
    colorTolerance: 0.1,
    antialiasing: true,
  }]);
  assert.deepEqual(r, {
    ok: false,
    kind: "visual",
    detail: "visual ≈ home.png",
    reason: "visual ≈ home.png: no visual context provided",
  });
});

Deno.test("golden without a context fails with no golden context provided", () => {
  const [r] = evaluate([], [{ kind: "golden", path: "home.json" }]);
  assert.equal(r.ok, false);
  assert.equal(r.reason, "golden ≈ home.json: no golden context provided");
  assert.equal(r.detail, "golden ≈ home.json");
});

Deno.test("clipboard without a read fails with device control unavailable", () => {
  const [r] = evaluate([], [{ kind: "clipboard", op: { equals: "x" } }]);
  assert.equal(r.reason, "clipboard: no clipboard read (device control unavailable)");
  assert.equal(r.detail, 'clipboard equals="x"');
});

Deno.test("clipboard compares the block's read with equals or matches", () => {
  const ctx = { clipboard: "ORDER-42" };
  assert.equal(
    evaluate([], [{ kind: "clipboard", op: { equals: "ORDER-42" } }], [], ctx)[0].ok,
    true,
  );
  assert.equal(
    evaluate([], [{ kind: "clipboard", op: { matches: "\\d+$" } }], [], ctx)[0].ok,
    true,
  );
  const [r] = evaluate([], [{ kind: "clipboard", op: { equals: "x" } }], [], ctx);
  assert.equal(r.reason, 'clipboard: expected equals="x" but was "ORDER-42"');
});

Deno.test("responseSchema fails with no matching exchange, else no schema context", () => {
  const a = { kind: "responseSchema" as const, request: { path: "/items" }, schema: "items.json" };
  const [none] = evaluate([], [a], [ex({ path: "/other" })]);
  assert.equal(
    none.reason,
    "responseSchema /items ~ items.json: no matching exchange (observed 1)",
  );
  assert.equal(none.detail, "responseSchema /items ~ items.json");
  const [some] = evaluate([], [a], [ex({ path: "/items" })]);
  assert.equal(some.ok, false);
  assert.equal(some.reason, "responseSchema /items ~ items.json: no schema context provided");
});
