/**
 * The fake's own side of the tap family: its paint-order cover model, its raw-point hit test,
 * two-finger gestures recorded only, query copies. The tap contract shared with every backend
 * (resolution, covers, ambiguity, actuation records) is `tests/drivers/contract.ts`, run for the
 * fake by `contract_test.ts`.
 */
import assert from "node:assert/strict";
import { ElementNotFound } from "../../../src/drivers/driver.ts";
import { fakeFrom } from "./helpers.ts";

const APP = `
initial: s
screens:
  s:
    - { id: card, traits: [other], frame: [0, 0, 200, 200] }
    - { id: inner, label: Inner, traits: [button], frame: [50, 50, 100, 40] }
    - { id: under, label: Under, traits: [button], frame: [0, 300, 200, 60] }
    - { id: sheet, label: Sheet, traits: [sheet], frame: [0, 280, 390, 200] }
    - { label: Row, traits: [cell], frame: [0, 500, 100, 40] }
    - { label: Row, traits: [cell], frame: [0, 550, 100, 40] }
    - { id: photo, traits: [image], frame: [0, 600, 200, 200] }
reactions:
  - on: { tap: inner }
    then: [ { set: { target: card, value: tapped } } ]
`;

Deno.test("a later element inside the target does not cover it", async () => {
  const { driver } = fakeFrom(APP);
  assert.equal(await driver.isTappable({ id: "card" }), true);
  await driver.tap({ id: "card" });
  assert.deepEqual(driver.actions, [["tap", { id: "card" }]]);
});

Deno.test("tapPoint hits the topmost element at the point and fires its reactions", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tapPoint([60, 60]);
  const card = (await driver.query()).find((e) => e.identifier === "card");
  assert.equal(card?.value, "tapped");
  const [a] = driver.drainActuations().actuations;
  assert.deepEqual([a.gesture, a.via, a.points, a.target], ["tap", "coordinate", [[60, 60]], null]);
});

Deno.test("pinch and rotate resolve their target and are recorded only", async () => {
  const { driver } = fakeFrom(APP);
  const before = await driver.query();
  await driver.pinch({ id: "photo" }, 2);
  await driver.rotate({ id: "photo" }, Math.PI / 2);
  await assert.rejects(driver.pinch({ id: "nope" }, 2), ElementNotFound);
  assert.deepEqual(await driver.query(), before);
  const [p, r] = driver.drainActuations().actuations;
  assert.deepEqual([p.gesture, p.scale, p.points], ["pinch", 2, [[100, 700]]]);
  assert.deepEqual([r.gesture, r.radians, r.target], ["rotate", Math.PI / 2, "photo"]);
});

Deno.test("query returns a deep copy: mutating it changes nothing", async () => {
  const { driver } = fakeFrom(APP);
  const tree = await driver.query();
  tree[0].frame[0] = 999;
  tree[0].traits.push("selected");
  tree.pop();
  const again = await driver.query();
  assert.equal(again.length, 7);
  assert.deepEqual(again[0].frame, [0, 0, 200, 200]);
  assert.deepEqual(again[0].traits, ["other"]);
});
