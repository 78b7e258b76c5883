import assert from "node:assert/strict";
import {
  AmbiguousSelector,
  ElementNotFound,
  ElementNotTappable,
} from "../../../src/drivers/driver.ts";
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

Deno.test("a covered target is ElementNotTappable naming the cover, and is not tapped", async () => {
  const { driver } = fakeFrom(APP);
  const err = await driver.tap({ id: "under" }).catch((e) => e);
  assert.ok(err instanceof ElementNotTappable);
  assert.equal(err.cover?.identifier, "sheet");
  assert.match(err.message, /^not tappable: covered by id=sheet@\[0,280,390,200\]$/);
  assert.deepEqual(driver.actions, []);
  assert.deepEqual(driver.drainActuations(), { actuations: [], dropped: 0 });
});

Deno.test("a later element inside the target does not cover it", async () => {
  const { driver } = fakeFrom(APP);
  assert.equal(await driver.isTappable({ id: "card" }), true);
  await driver.tap({ id: "card" });
  assert.deepEqual(driver.actions, [["tap", { id: "card" }]]);
});

Deno.test("isTappable: covered or missing is false, ambiguous throws", async () => {
  const { driver } = fakeFrom(APP);
  assert.equal(await driver.isTappable({ id: "under" }), false);
  assert.equal(await driver.isTappable({ id: "nope" }), false);
  assert.equal(await driver.isTappable({ id: "inner" }), true);
  await assert.rejects(driver.isTappable({ label: "Row" }), AmbiguousSelector);
});

Deno.test("resolution errors come from resolveUnique", async () => {
  const { driver } = fakeFrom(APP);
  await assert.rejects(driver.tap({ id: "nope" }), ElementNotFound);
  await assert.rejects(driver.tap({ label: "Row" }), AmbiguousSelector);
  await driver.tap({ label: "Row", index: 1 });
  const [a] = driver.drainActuations().actuations;
  assert.deepEqual(a.points, [[50, 570]]);
  assert.equal(a.target, null, "an anonymous element has no target id");
});

Deno.test("tap records a centre-point coordinate actuation with the resolved id only", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ label: "Inner" });
  const { actuations } = driver.drainActuations();
  assert.deepEqual(actuations, [{
    gesture: "tap",
    via: "coordinate",
    unit: "point",
    points: [[100, 70]],
    frame: [50, 50, 100, 40],
    target: "inner",
    accepted: true,
    durationS: null,
    scale: null,
    radians: null,
    substitution: null,
  }]);
  const card = (await driver.query()).find((e) => e.identifier === "card");
  assert.equal(card?.value, "tapped");
});

Deno.test("longPress and doubleTap record their own gestures", async () => {
  const { driver } = fakeFrom(APP);
  await driver.longPress({ id: "inner" }, 1.5);
  await driver.doubleTap({ id: "inner" });
  const [lp, dt] = driver.drainActuations().actuations;
  assert.equal(lp.gesture, "longPress");
  assert.equal(lp.durationS, 1.5);
  assert.equal(dt.gesture, "doubleTap");
  assert.deepEqual(driver.actions, [["longPress", [{ id: "inner" }, 1.5]], ["doubleTap", {
    id: "inner",
  }]]);
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
