import assert from "node:assert/strict";
import { ElementNotFound } from "../../../src/drivers/driver.ts";
import {
  clampOffset,
  dragOffset,
  framesIntersect,
  toScreenFrame,
} from "../../../src/drivers/fake/scroll_model.ts";
import { fakeFrom } from "./helpers.ts";

const rows = Array.from(
  { length: 20 },
  (_, i) =>
    `          - { id: row${i}, label: Row ${i}, traits: [cell], frame: [0, ${i * 50}, 300, 50] }`,
).join("\n");

const APP = `
initial: list
screens:
  list:
    - { id: header, label: Items, frame: [0, 0, 300, 100] }
    - scroll:
        id: items
        viewport: [0, 100, 300, 200]
        content:
${rows}
    - { id: footer, label: Footer, frame: [0, 300, 300, 50] }
reactions:
  - on: { tap: row15 }
    then: [ { set: { target: header, label: picked 15 } } ]
`;

const visibleRows = async (driver: ReturnType<typeof fakeFrom>["driver"]) =>
  (await driver.query())
    .filter((e) => e.identifier?.startsWith("row"))
    .map((e) => e.identifier);

Deno.test("only rows intersecting the viewport are visible, translated to screen coords", async () => {
  const { driver } = fakeFrom(APP);
  const tree = await driver.query();
  assert.deepEqual(tree.map((e) => e.identifier), [
    "header",
    "items",
    "row0",
    "row1",
    "row2",
    "row3",
    "footer",
  ]);
  assert.deepEqual(tree[1].traits, ["scrollView"]);
  assert.deepEqual(tree[3].frame, [0, 150, 300, 50]);
});

Deno.test("scrolling up reveals later rows and a tap on a revealed row lands", async () => {
  const { driver } = fakeFrom(APP);
  await assert.rejects(driver.tap({ id: "row15" }), ElementNotFound);
  await driver.scroll([150, 280], [150, 130]); // drag up 150 → offset 150
  assert.deepEqual(await visibleRows(driver), ["row3", "row4", "row5", "row6"]);
  for (let i = 0; i < 4; i++) await driver.scroll([150, 280], [150, 130]);
  const rows = await visibleRows(driver);
  assert.ok(rows.includes("row15"), `visible: ${rows}`);
  await driver.tap({ id: "row15" });
  assert.equal((await driver.query())[0].label, "picked 15");
});

Deno.test("the offset is clamped at both ends of the content (non-inertial)", async () => {
  const { driver } = fakeFrom(APP);
  await driver.scroll([150, 290], [150, 110]);
  await driver.swipe([150, 110], [150, 290]); // back down by the same amount
  await driver.swipe([150, 110], [150, 290]); // past the top: stays at 0
  assert.deepEqual(await visibleRows(driver), ["row0", "row1", "row2", "row3"]);
  for (let i = 0; i < 20; i++) await driver.scroll([150, 290], [150, 110]);
  const tree = await driver.query();
  const last = tree.find((e) => e.identifier === "row19");
  assert.deepEqual(last?.frame, [0, 250, 300, 50], "the last row sits at the viewport bottom");
});

Deno.test("a drag that starts outside every viewport moves nothing but is recorded", async () => {
  const { driver } = fakeFrom(APP);
  await driver.swipe([150, 50], [150, 0]);
  assert.deepEqual(await visibleRows(driver), ["row0", "row1", "row2", "row3"]);
  const [a] = driver.drainActuations().actuations;
  assert.deepEqual([a.gesture, a.points], ["swipe", [[150, 50], [150, 0]]]);
});

Deno.test("scroll model: drag moves by from−to, clamped to the content", () => {
  const viewport: [number, number, number, number] = [0, 100, 300, 200];
  assert.deepEqual(dragOffset([0, 0], [10, 300], [10, 200], viewport, [300, 1000]), [0, 100]);
  assert.deepEqual(dragOffset([0, 790], [10, 300], [10, 100], viewport, [300, 1000]), [0, 800]);
  assert.deepEqual(clampOffset([-5, -5], viewport, [100, 100]), [0, 0]);
  assert.deepEqual(toScreenFrame([0, 250, 300, 50], viewport, [0, 200]), [0, 150, 300, 50]);
  assert.equal(framesIntersect([0, 0, 10, 10], [0, 10, 10, 10]), false, "touching edges");
  assert.equal(framesIntersect([0, 0, 10, 11], [0, 10, 10, 10]), true);
});
