import assert from "node:assert/strict";
import { parseGenericSource } from "../../../src/drivers/remote/generic_source.ts";
import { XmlTreeError } from "../../../src/drivers/xml_tree.ts";

/** The Appium fake driver's app format, as its `/source` returns it (wrapped in AppiumAUT). */
const FAKE_APP = `<?xml version="1.0" encoding="UTF-8"?>
<AppiumAUT><app width="400" height="700">
  <MockNavBar id="nav" top="1" left="1" width="100" height="100">
    <MockTextField id="title" label="Mock App" />
  </MockNavBar>
  <MockButton id="inc" label="Add" left="20" top="20" width="120" height="44"/>
  <MockText id="taps" label="0" left="160" top="20" width="80" height="44"/>
  <MockInputField id="name" name="Name" left="20" top="260" width="260" height="44" value=""/>
  <MockButton id="off" label="Off" enabled="false" selected="true" left="0" top="400" width="10" height="10"/>
  <MockButton id="hidden" visible="false" left="0" top="0" width="10" height="10">
    <MockText id="inside" left="0" top="0" width="5" height="5"/>
  </MockButton>
  <MockSecureTextField id="pin" left="0" top="500" width="10" height="10"/>
  <MockListView id="lv" left="20.5" top="15.3" width="30.5" height="2">
    <MockListItem id="li" label="Row" left="20.5" top="15.3" width="30.5" height="1"/>
  </MockListView>
</app></AppiumAUT>`;

Deno.test("generic source: elements with a rectangle in document order, wrappers and hidden subtrees left out", () => {
  const tree = parseGenericSource(FAKE_APP);
  assert.deepEqual(tree.map((e) => [e.identifier, e.label, e.value, e.traits, e.frame]), [
    [null, null, null, ["app"], [0, 0, 400, 700]],
    ["nav", null, null, ["mockNavBar"], [1, 1, 100, 100]],
    ["inc", "Add", null, ["mockButton", "button"], [20, 20, 120, 44]],
    ["taps", "0", null, ["mockText", "staticText"], [160, 20, 80, 44]],
    ["name", "Name", null, ["mockInputField", "textField"], [20, 260, 260, 44]],
    ["off", "Off", null, ["mockButton", "button", "notEnabled", "selected"], [0, 400, 10, 10]],
    ["pin", null, null, ["mockSecureTextField", "secureTextField", "textField"], [0, 500, 10, 10]],
    ["lv", null, null, ["mockListView"], [20.5, 15.3, 30.5, 2]],
    ["li", "Row", null, ["mockListItem", "cell"], [20.5, 15.3, 30.5, 1]],
  ]);
  assert.ok(tree.every((e) => e.nativeZ === null));
});

Deno.test("generic source: x/y, left/top and bounds rectangles; resource ids shortened; label fallbacks", () => {
  const tree = parseGenericSource(`<root>
    <android.widget.Button resource-id="com.example:id/login" text="Log in" bounds="[42,2052][1038,2184]"/>
    <Edit AutomationId="user" Name="User name" x="1" y="2" width="3" height="4" value="ada"/>
    <View content-desc="Close" x="5" y="6" width="7" height="8" checked="true"/>
  </root>`);
  assert.deepEqual(tree.map((e) => [e.identifier, e.label, e.value, e.traits, e.frame]), [
    ["login", "Log in", null, ["button"], [42, 2052, 996, 132]],
    ["user", "User name", "ada", ["edit", "textField"], [1, 2, 3, 4]],
    [null, "Close", null, ["view", "selected"], [5, 6, 7, 8]],
  ]);
});

Deno.test("generic source: text that is not XML is an XmlTreeError", () => {
  assert.throws(() => parseGenericSource("not xml at all"), XmlTreeError);
});
