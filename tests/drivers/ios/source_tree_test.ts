import assert from "node:assert/strict";
import { decodeSource, SOURCE_QUERY } from "../../../src/drivers/ios/source_tree.ts";
import { MalformedReply } from "../../../src/drivers/webdriver/mod.ts";

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

Deno.test("source: pre-order below the Application node, every field mapped", () => {
  const tree = decodeSource({
    type: "Application",
    rawIdentifier: null,
    name: "Shop",
    label: "Shop",
    rect: rect(0, 0, 393, 852),
    children: [{
      type: "Window",
      rect: rect(0, 0, 393, 852),
      children: [
        {
          type: "Button",
          rawIdentifier: "checkout",
          name: "checkout",
          label: "Checkout",
          value: null,
          rect: rect(16, 760, 361, 50),
          isEnabled: "0",
          traits: "Button, NotEnabled",
        },
        {
          type: "Other",
          rawIdentifier: "",
          label: "",
          rect: rect(0, 100, 393, 600),
          children: [
            {
              type: "Switch",
              rawIdentifier: "wifi",
              label: "Wi-Fi",
              value: 1,
              rect: rect(1, 2, 3, 4),
            },
            {
              type: "SecureTextField",
              rawIdentifier: "pw",
              label: "Password",
              rect: rect(5, 6, 7, 8),
            },
          ],
        },
        {
          type: "Cell",
          rawIdentifier: "row",
          label: "Row",
          traits: "Selected",
          frame: "{{10, 20.5}, {30, 40}}",
        },
      ],
    }],
  });
  assert.deepEqual(tree.map((e) => [e.identifier, e.label, e.value, e.traits, e.frame]), [
    [null, null, null, ["window"], [0, 0, 393, 852]],
    ["checkout", "Checkout", null, ["button", "notEnabled"], [16, 760, 361, 50]],
    [null, null, null, ["other"], [0, 100, 393, 600]],
    ["wifi", "Wi-Fi", "1", ["switch"], [1, 2, 3, 4]],
    ["pw", "Password", null, ["secureTextField", "textField"], [5, 6, 7, 8]],
    ["row", "Row", null, ["cell", "selected"], [10, 20.5, 30, 40]],
  ]);
  assert.ok(tree.every((e) => e.nativeZ === null));
});

Deno.test("source: a server without rawIdentifier takes name as the identifier when it is not the label", () => {
  const tree = decodeSource({
    type: "Application",
    children: [
      { type: "Button", name: "buy", label: "Buy", rect: rect(0, 0, 1, 1) },
      { type: "StaticText", name: "Hello", label: "Hello", rect: rect(0, 0, 1, 1) },
    ],
  });
  assert.deepEqual(tree.map((e) => e.identifier), ["buy", null]);
});

Deno.test("source: a deep tree does not overflow the stack", () => {
  let node: Record<string, unknown> = {
    type: "Button",
    rawIdentifier: "leaf",
    rect: rect(0, 0, 1, 1),
  };
  for (let i = 0; i < 20_000; i++) {
    node = { type: "Other", rect: rect(0, 0, 1, 1), children: [node] };
  }
  const tree = decodeSource({ type: "Application", children: [node] });
  assert.equal(tree.length, 20_001);
  assert.equal(tree.at(-1)?.identifier, "leaf");
});

Deno.test("source: an XML or empty reply is MalformedReply, never an empty screen", () => {
  assert.throws(() => decodeSource('<?xml version="1.0"?><AppiumAUT/>'), MalformedReply);
  assert.throws(() => decodeSource(null), MalformedReply);
  assert.throws(() => decodeSource([]), MalformedReply);
});

Deno.test("the source query asks for JSON and leaves the costly attributes out", () => {
  assert.equal(
    SOURCE_QUERY,
    "?format=json&excluded_attributes=visible,accessible,focused,nativeFrame," +
      "nativeAccessibilityElement,placeholderValue,minValue,maxValue",
  );
});
