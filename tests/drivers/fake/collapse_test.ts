import assert from "node:assert/strict";
import { ElementNotFound } from "../../../src/drivers/driver.ts";
import { fakeFrom } from "./helpers.ts";

const APP = `
name: demo
size: [300, 600]
initial: home
screens:
  home:
    - { id: reload, traits: [button], frame: [0, 0, 100, 40] }
    - { id: blank, traits: [button], frame: [0, 50, 100, 40] }
  webview:
    elements:
      - { id: content, frame: [0, 0, 300, 600] }
    collapsed: root
reactions:
  - on: { tap: reload }
    then:
      - collapse: { forMs: 400 }
  - on: { tap: blank }
    then:
      - collapse: { forMs: 200, mode: root }
      - goto: webview
        afterMs: 100
`;

Deno.test("a collapse window empties the tree until it ends", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.tap({ id: "reload" });
  assert.deepEqual(await driver.query(), []);
  await assert.rejects(driver.tap({ id: "reload" }), ElementNotFound);
  clock.advance(0.4);
  assert.equal((await driver.query()).length, 2);
});

Deno.test("a root-mode collapse shows only the root element, sized to the screen", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "blank" });
  const tree = await driver.query();
  assert.deepEqual(tree, [{
    identifier: null,
    label: "demo",
    value: null,
    traits: ["other"],
    frame: [0, 0, 300, 600],
    nativeZ: null,
  }]);
});

Deno.test("a screen declared collapsed always reads as its root only", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.tap({ id: "blank" });
  clock.advance(1);
  assert.equal(driver.screenName, "webview");
  const tree = await driver.query();
  assert.equal(tree.length, 1);
  assert.equal(await driver.waitFor({ id: "content" }), false);
});
