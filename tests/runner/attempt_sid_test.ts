import assert from "node:assert/strict";
import { attemptSid } from "../../src/runner/sid.ts";

Deno.test("attemptSid: the scenario's folder name plus its attempt", () => {
  assert.equal(attemptSid(0, "Log in", 2), "00-log-in-attempt-2");
  assert.equal(attemptSid(12, "Check out", 10), "12-check-out-attempt-10");
});

Deno.test("attemptSid: a long name stays within 100 bytes and apart from its other attempts", () => {
  const name = "a customer logs in from the data row with a long description ".repeat(3);
  const one = attemptSid(0, name, 1);
  const two = attemptSid(0, name, 2);
  assert.ok(new TextEncoder().encode(one).length <= 100, one);
  assert.notEqual(one, two);
});
