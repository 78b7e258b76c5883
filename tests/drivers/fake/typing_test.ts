import assert from "node:assert/strict";
import { isStepLevelError, NothingFocused } from "../../../src/drivers/driver.ts";
import { NoFocusedField } from "../../../src/drivers/fake/mod.ts";
import { fakeFrom } from "./helpers.ts";

const APP = `
initial: form
screens:
  form:
    - { id: name, label: Name, value: "", traits: [textField], frame: [0, 0, 300, 40] }
    - { id: pin, label: PIN, traits: [secureTextField], frame: [0, 50, 300, 40] }
    - { id: echo, label: "", frame: [0, 100, 300, 40] }
    - { id: go, label: Go, traits: [button], frame: [0, 150, 300, 40] }
  done:
    - { id: welcome, label: Welcome, frame: [0, 0, 300, 40] }
  auto:
    - { id: search, value: "", traits: [searchField], frame: [0, 0, 300, 40], focused: true }
reactions:
  - on: { submit: pin }
    when: { id: pin, value: "1234" }
    then: [ { goto: done, afterMs: 100 } ]
  - on: { submit: pin }
    then: [ { set: { target: echo, label: wrong pin } } ]
  - on: { type: name }
    then: [ { set: { target: echo, label: typing } } ]
  - on: { tap: go }
    then: [ { goto: auto } ]
`;

const valueOf = async (driver: ReturnType<typeof fakeFrom>["driver"], id: string) =>
  (await driver.query()).find((e) => e.identifier === id)?.value;

Deno.test("typing with no focused field fails as a step-level NothingFocused", async () => {
  const { driver } = fakeFrom(APP);
  const err = await driver.typeText("x").catch((e) => e);
  assert.ok(err instanceof NoFocusedField);
  assert.ok(err instanceof NothingFocused);
  assert.ok(isStepLevelError(err));
  assert.match(err.message, /^type: nothing is focused/);
  assert.deepEqual(driver.actions, []);
});

Deno.test("a tap focuses a text field and typing appends to its value", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "name" });
  await driver.typeText("Ada");
  await driver.typeText(" L");
  assert.equal(await valueOf(driver, "name"), "Ada L");
  assert.equal((await driver.query()).find((e) => e.identifier === "echo")?.label, "typing");
  await driver.deleteText(2);
  assert.equal(await valueOf(driver, "name"), "Ada");
  await driver.deleteText(10);
  assert.equal(await valueOf(driver, "name"), "");
});

Deno.test("selectAll makes the next typing replace and delete clear; copy fills the clipboard", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "name" });
  await driver.typeText("first");
  await driver.selectAll();
  await driver.copySelection();
  assert.equal(driver.app.clipboard, "first");
  await driver.typeText("second");
  assert.equal(await valueOf(driver, "name"), "second");
  await driver.selectAll();
  await driver.deleteText(1);
  assert.equal(await valueOf(driver, "name"), "");
});

Deno.test("a trailing newline submits the field; conditions see the typed value", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.tap({ id: "pin" });
  await driver.typeText("0000\n");
  assert.equal(await valueOf(driver, "pin"), "0000");
  assert.equal((await driver.query()).find((e) => e.identifier === "echo")?.label, "wrong pin");
  await driver.selectAll();
  await driver.typeText("1234\n");
  assert.equal(driver.screenName, "form");
  clock.advance(0.1);
  assert.equal(driver.screenName, "done");
});

Deno.test("typing actuations record the focused field's id, never the text", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "pin" });
  await driver.typeText("s3cret");
  const actuations = driver.drainActuations().actuations;
  const typed = actuations.find((a) => a.gesture === "typeText");
  assert.deepEqual([typed?.via, typed?.target, typed?.points], ["focused", "pin", []]);
  assert.equal(JSON.stringify(actuations).includes("s3cret"), false);
  assert.deepEqual(driver.actions.at(-1), ["typeText", "s3cret"]);
});

Deno.test("a field declared focused has focus on entering its screen; leaving drops it", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "name" });
  await driver.tap({ id: "go" });
  assert.equal(driver.app.focused?.identifier, "search");
  await driver.typeText("cats");
  assert.equal(await valueOf(driver, "search"), "cats");
});
