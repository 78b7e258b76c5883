import assert from "node:assert/strict";
import {
  elementRef,
  readElementRef,
  readElementRefs,
  W3C_ELEMENT_KEY,
} from "../../../src/drivers/webdriver/element_ref.ts";
import { MalformedReply } from "../../../src/drivers/webdriver/errors.ts";

Deno.test("element refs: W3C key, legacy ELEMENT fallback, W3C preferred when both", () => {
  assert.equal(readElementRef({ [W3C_ELEMENT_KEY]: "w3c-1" }), "w3c-1"); // Appium 4
  assert.equal(readElementRef({ ELEMENT: "legacy-1" }), "legacy-1"); // JSON Wire era
  assert.equal(readElementRef({ [W3C_ELEMENT_KEY]: "w", ELEMENT: "l" }), "w");
  assert.equal(W3C_ELEMENT_KEY, "element-6066-11e4-a52e-4f735466cecf");
});

Deno.test("element ref lists keep order and accept mixed shapes", () => {
  assert.deepEqual(readElementRefs([{ ELEMENT: "1" }, { [W3C_ELEMENT_KEY]: "2" }]), ["1", "2"]);
  assert.deepEqual(readElementRefs([]), []);
});

Deno.test("anything else is MalformedReply naming what came", () => {
  for (const junk of [null, "id", 42, [], {}, { ELEMENT: "" }, { id: "x" }]) {
    assert.throws(() => readElementRef(junk), MalformedReply, JSON.stringify(junk));
  }
  assert.throws(() => readElementRef({ id: "x" }), /an object with keys \[id\]/);
  assert.throws(() => readElementRefs({ ELEMENT: "1" }), /expected a list/);
});

Deno.test("an outgoing ref carries both keys", () => {
  assert.deepEqual(elementRef("42"), { [W3C_ELEMENT_KEY]: "42", ELEMENT: "42" });
  assert.equal(readElementRef(elementRef("42")), "42");
});
