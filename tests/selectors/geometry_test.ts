import assert from "node:assert/strict";
import { ElementNotTappable, type Frame } from "../../src/drivers/driver.ts";
import {
  assertReachable,
  coverOf,
  directionalEndpoints,
  frameCenter,
  frameInside,
  gestureAnchor,
  redirectCandidates,
  screenSize,
  topmostAtPoint,
} from "../../src/selectors/geometry.ts";
import { el } from "./fixture.ts";

Deno.test("frameCenter is the middle of the frame", () => {
  assert.deepEqual(frameCenter([10, 20, 30, 40]), [25, 40]);
});

Deno.test("screenSize is the max extent of the tree, zero when empty", () => {
  assert.deepEqual(screenSize([]), [0, 0]);
  assert.deepEqual(
    screenSize([el({ frame: [0, 0, 390, 100] }), el({ frame: [10, 700, 50, 144] })]),
    [390, 844],
  );
});

Deno.test("screenSize is the root's size when the tree starts with a root (the web page)", () => {
  const root = el({ identifier: "page", traits: ["window"], frame: [0, 0, 390, 844] });
  const belowFold = el({ frame: [0, 1208, 390, 44] });
  assert.deepEqual(screenSize([root, belowFold]), [390, 844]);
  // A window elsewhere than first is just an element.
  assert.deepEqual(screenSize([belowFold, root]), [390, 1252]);
});

Deno.test("frameInside is edge-inclusive", () => {
  assert.equal(frameInside([0, 0, 10, 10], [0, 0, 10, 10]), true);
  assert.equal(frameInside([5, 5, 5, 5], [0, 0, 10, 10]), true);
  assert.equal(frameInside([5, 5, 6, 5], [0, 0, 10, 10]), false);
  assert.equal(frameInside([-1, 0, 5, 5], [0, 0, 10, 10]), false);
});

Deno.test("a later overlapping element covers the target", () => {
  const target = el({ identifier: "buy", frame: [0, 0, 100, 40] });
  const toast = el({ identifier: "toast", label: "Saved", frame: [0, 10, 200, 40] });
  const tree = [target, toast];
  assert.equal(coverOf(tree, target), toast);
  assert.throws(
    () => assertReachable(tree, target),
    (e: unknown) =>
      e instanceof ElementNotTappable && e.code === "E_NOT_TAPPABLE" &&
      e.message === "not tappable: covered by id=toast@[0,10,200,40]" &&
      e.cover?.identifier === "toast",
  );
});

Deno.test("cover text falls back to the label of an unnamed cover", () => {
  const target = el({ identifier: "buy", frame: [0, 0, 100, 40] });
  const sheet = el({ label: "Cookies", frame: [0, 0, 400, 800] });
  assert.throws(
    () => assertReachable([target, sheet], target),
    { message: 'not tappable: covered by label="Cookies"@[0,0,400,800]' },
  );
});

Deno.test("earlier elements never cover the target (document order is paint order)", () => {
  const backdrop = el({ identifier: "backdrop", frame: [0, 0, 400, 800] });
  const target = el({ identifier: "buy", frame: [0, 0, 100, 40] });
  assert.equal(coverOf([backdrop, target], target), null);
  assert.doesNotThrow(() => assertReachable([backdrop, target], target));
});

Deno.test("descendants inside the target's frame do not cover it", () => {
  const target = el({ identifier: "row", frame: [0, 0, 100, 40] });
  const icon = el({ identifier: "row.icon", frame: [40, 10, 20, 20] });
  assert.equal(coverOf([target, icon], target), null);
});

Deno.test("a later element not containing the centre does not cover it", () => {
  const target = el({ identifier: "buy", frame: [0, 0, 100, 40] });
  const side = el({ identifier: "side", frame: [60, 0, 100, 40] });
  assert.equal(coverOf([target, side], target), null);
});

Deno.test("topmostAtPoint returns the last covering element", () => {
  const target = el({ identifier: "t", frame: [0, 0, 10, 10] });
  const a = el({ identifier: "a", frame: [0, 0, 50, 50] });
  const b = el({ identifier: "b", frame: [0, 0, 60, 60] });
  assert.equal(topmostAtPoint([target, a, b], [5, 5], target), b);
  assert.equal(topmostAtPoint([target, a, b], [55, 55], target), b);
  assert.equal(topmostAtPoint([target, a, b], [70, 70], target), null);
});

Deno.test("topmostAtPoint finds the target by identity; a stranger has nothing after it", () => {
  const target = el({ identifier: "t" });
  const cover = el({ identifier: "c", frame: [0, 0, 100, 100] });
  assert.equal(topmostAtPoint([target, cover], [5, 5], { ...target }), null);
});

Deno.test("redirectCandidates are later, contained, identified elements", () => {
  const row = el({ identifier: "row", frame: [0, 0, 100, 40] });
  const named = el({ identifier: "row.stepper", frame: [60, 5, 30, 30] });
  const unnamed = el({ frame: [5, 5, 10, 10] });
  const outside = el({ identifier: "next", frame: [0, 50, 10, 10] });
  assert.deepEqual(redirectCandidates([row, named, unnamed, outside], row), [named]);
});

Deno.test("gestureAnchor uses a quarter of the smaller side", () => {
  assert.deepEqual(gestureAnchor([0, 0, 100, 40]), [50, 20, 10]);
});

const screen: [number, number] = [400, 800];
const mid: Frame = [100, 300, 200, 200]; // centre (200, 400)

Deno.test("directional up starts on the centre and travels amount of the height", () => {
  assert.deepEqual(directionalEndpoints(mid, screen, "up"), [[200, 400], [200, 300]]);
  assert.deepEqual(directionalEndpoints(mid, screen, "down", 0.25), [[200, 400], [200, 600]]);
});

Deno.test("directional left/right use the width (with an edge shift)", () => {
  assert.deepEqual(directionalEndpoints(mid, screen, "left", 0.5), [[204, 400], [4, 400]]);
  assert.deepEqual(directionalEndpoints(mid, screen, "right"), [[200, 400], [250, 400]]);
});

Deno.test("directional start is clamped inside the margin", () => {
  const offTop: Frame = [100, -100, 200, 20]; // centre y = -90
  assert.deepEqual(directionalEndpoints(offTop, screen, "down"), [[200, 4], [200, 104]]);
  const offBottom: Frame = [100, 900, 200, 20]; // centre y = 910
  assert.deepEqual(directionalEndpoints(offBottom, screen, "up"), [[200, 796], [200, 696]]);
});

Deno.test("directional end past the top margin shifts both points down", () => {
  const nearTop: Frame = [100, 0, 200, 40]; // centre y = 20, span 100 → end -80
  assert.deepEqual(directionalEndpoints(nearTop, screen, "up"), [[200, 104], [200, 4]]);
});

Deno.test("directional end past the bottom margin shifts both points up", () => {
  const nearBottom: Frame = [100, 760, 200, 40]; // centre 780, span 100 → end 880
  assert.deepEqual(directionalEndpoints(nearBottom, screen, "down"), [[200, 696], [200, 796]]);
});

Deno.test("directional span is capped at the screen minus both margins", () => {
  assert.deepEqual(directionalEndpoints(mid, screen, "up", 1), [[200, 796], [200, 4]]);
});

Deno.test("directional gesture on an empty screen degenerates to a point at the margin", () => {
  const [from, to] = directionalEndpoints([0, 0, 0, 0], [0, 0], "up");
  assert.deepEqual(from, to);
});
