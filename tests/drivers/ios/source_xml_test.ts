import assert from "node:assert/strict";
import { decodeSourceXml } from "../../../src/drivers/ios/source_xml.ts";
import { decodeSource } from "../../../src/drivers/ios/source_tree.ts";
import { MalformedReply } from "../../../src/drivers/webdriver/mod.ts";

/** An XCUITest source as Appium's XCUITest driver sends it (WebDriverAgent's XML). */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<AppiumAUT>
  <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852" index="0">
    <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852" index="0">
      <XCUIElementTypeButton type="XCUIElementTypeButton" name="checkout" label="Checkout" enabled="false" visible="true" accessible="true" x="16" y="760" width="361" height="50" index="0"/>
      <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" accessible="false" x="0" y="100" width="393" height="600" index="1">
        <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" name="wifi" label="Wi-Fi" enabled="true" visible="true" accessible="true" x="1" y="2" width="3" height="4" index="0"/>
        <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="pw" label="Password" enabled="true" visible="true" accessible="true" x="5" y="6" width="7" height="8" index="1"/>
      </XCUIElementTypeOther>
      <XCUIElementTypeCell type="XCUIElementTypeCell" name="Row &amp; more" label="Row &amp; more" enabled="true" selected="true" visible="true" accessible="true" x="10" y="20.5" width="30" height="40" index="2"/>
    </XCUIElementTypeWindow>
  </XCUIElementTypeApplication>
</AppiumAUT>`;

Deno.test("XCUITest XML: the JSON tree's rules, node for node (no rawIdentifier: name unless it is the label)", () => {
  assert.deepEqual(
    decodeSourceXml(XML).map((e) => [e.identifier, e.label, e.value, e.traits, e.frame]),
    [
      [null, null, null, ["window"], [0, 0, 393, 852]],
      ["checkout", "Checkout", null, ["button", "notEnabled"], [16, 760, 361, 50]],
      [null, null, null, ["other"], [0, 100, 393, 600]],
      ["wifi", "Wi-Fi", "1", ["switch"], [1, 2, 3, 4]],
      ["pw", "Password", null, ["secureTextField", "textField"], [5, 6, 7, 8]],
      [null, "Row & more", null, ["cell", "selected"], [10, 20.5, 30, 40]],
    ],
  );
});

Deno.test("XCUITest XML and the JSON tree of the same screen give the same elements", () => {
  const json = decodeSource({
    type: "Application",
    name: "Shop",
    label: "Shop",
    rect: { x: 0, y: 0, width: 393, height: 852 },
    children: [{
      type: "Button",
      name: "buy",
      label: "Buy",
      rect: { x: 20, y: 600, width: 120, height: 44 },
      isEnabled: "1",
    }],
  });
  const xml = decodeSourceXml(
    `<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" x="0" y="0" width="393" height="852">` +
      `<XCUIElementTypeButton type="XCUIElementTypeButton" name="buy" label="Buy" enabled="true" x="20" y="600" width="120" height="44"/>` +
      `</XCUIElementTypeApplication></AppiumAUT>`,
  );
  assert.deepEqual(xml, json);
});

Deno.test("XCUITest XML: text that is not XML is a MalformedReply (a broken channel, never a step failure)", () => {
  assert.throws(
    () => decodeSourceXml("<AppiumAUT><unclosed></AppiumAUT>"),
    (e) =>
      e instanceof MalformedReply && e.code === "E_WEBDRIVER_REPLY" &&
      /^XCUITest source: not XML/.test(e.message),
  );
});
