import assert from "node:assert/strict";
import { ElementNotFound } from "../../../src/drivers/driver.ts";
import { FakeFixtureError } from "../../../src/drivers/fake/mod.ts";
import { fakeFrom } from "./helpers.ts";

const APP = `
initial: s
screens:
  s:
    - { id: size, label: Size, value: M, traits: [button], frame: [0, 0, 100, 40], options: [S, M, L] }
    - { id: wheel, value: "1", traits: [pickerWheel], frame: [0, 50, 100, 40], options: ["1", "2", "3"] }
    - { id: plain, traits: [button], frame: [0, 100, 100, 40] }
    - { id: note, label: "", frame: [0, 150, 100, 40] }
reactions:
  - on: { selectOption: size }
    when: { id: size, value: L }
    then: [ { set: { target: note, label: large } } ]
  - on: { setPickerValue: wheel }
    then: [ { set: { target: note, label: wheel moved } } ]
`;

const byId = async (driver: ReturnType<typeof fakeFrom>["driver"], id: string) =>
  (await driver.query()).find((e) => e.identifier === id);

Deno.test("selectOption sets a declared option and fires its reaction", async () => {
  const { driver } = fakeFrom(APP);
  await driver.selectOption({ id: "size" }, "L");
  assert.equal((await byId(driver, "size"))?.value, "L");
  assert.equal((await byId(driver, "note"))?.label, "large");
  const [a] = driver.drainActuations().actuations;
  assert.deepEqual([a.gesture, a.via, a.target, a.points], ["selectOption", "handle", "size", []]);
  assert.equal(JSON.stringify(a).includes('"L"'), false, "the option value is not recorded");
});

Deno.test("a missing option is ElementNotFound and changes nothing", async () => {
  const { driver } = fakeFrom(APP);
  const err = await driver.selectOption({ id: "size" }, "XL").catch((e) => e);
  assert.ok(err instanceof ElementNotFound);
  assert.match(err.message, /no option "XL"/);
  assert.equal((await byId(driver, "size"))?.value, "M");
});

Deno.test("an element without declared options is a fixture error, not a step failure", async () => {
  const { driver } = fakeFrom(APP);
  await assert.rejects(driver.selectOption({ id: "plain" }, "x"), FakeFixtureError);
});

Deno.test("setPickerValue works the same way for wheels", async () => {
  const { driver } = fakeFrom(APP);
  await driver.setPickerValue({ id: "wheel" }, "3");
  assert.equal((await byId(driver, "wheel"))?.value, "3");
  assert.equal((await byId(driver, "note"))?.label, "wheel moved");
  await assert.rejects(driver.setPickerValue({ id: "wheel" }, "9"), ElementNotFound);
  assert.deepEqual(driver.actions, [["setPickerValue", [{ id: "wheel" }, "3"]]]);
});
