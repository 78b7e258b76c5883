/**
 * The frame merge and the frame reader without a browser (docs/backends.md#frames): rows of a
 * child frame follow its iframe's row, moved by its content box; the hit-test levels and the
 * frames under a point; a frame that fails its scan or its box (detached, navigating) is left out
 * of the read, with the frames inside it, and the read itself never fails.
 */
import assert from "node:assert/strict";
import type { Frame } from "playwright-core";
import type { ScanRow } from "../../../src/drivers/web/dom_scan.ts";
import {
  type FramePlace,
  FrameReader,
  framesAt,
  hitLevels,
  mergeFrames,
  type MovedRows,
  pageFrameBoxes,
} from "../../../src/drivers/web/frame_tree.ts";

const row = (
  id: string,
  x: number,
  y: number,
): ScanRow => [id, "button", id, null, 0, x, y, 10, 10];
const root = (id: string): ScanRow => [id, "window", null, null, 0, 0, 0, 100, 100];

function place(
  rows: ScanRow[],
  parent: FramePlace | null,
  at: Partial<FramePlace> = {},
): FramePlace {
  const p: FramePlace = {
    frame: {} as Frame,
    dx: 0,
    dy: 0,
    width: 100,
    height: 100,
    parent,
    holderIndex: -1,
    gen: 1,
    rows,
    children: [],
    ...at,
  };
  parent?.children.push(p);
  return p;
}

Deno.test("mergeFrames: frame rows follow their iframe row, moved, without the frame's root", () => {
  const main = place([root("page"), row("a", 0, 0), row("frame1", 5, 5), row("b", 0, 50)], null);
  const child = place([root("doc"), row("c", 1, 2)], main, { dx: 15, dy: 25, holderIndex: 2 });
  const leaf = place([root("doc2"), row("d", 3, 4)], child, { dx: 20, dy: 30, holderIndex: 1 });
  const cache: MovedRows = new WeakMap();
  const merged = mergeFrames(main, cache);
  assert.deepEqual(merged.rows.map((r) => [r[0], r[5], r[6]]), [
    ["page", 0, 0],
    ["a", 0, 0],
    ["frame1", 5, 5],
    ["c", 16, 27],
    ["d", 23, 34],
    ["b", 0, 50],
  ]);
  assert.deepEqual(merged.origins.map((o) => o.index), [0, 1, 2, 1, 1, 3]);
  assert.deepEqual(merged.places, [main, child, leaf]);
  // An unchanged row at an unchanged offset is the same object on the next read.
  assert.equal(mergeFrames(main, cache).rows[3], merged.rows[3]);
  child.dx = 16;
  assert.notEqual(mergeFrames(main, cache).rows[3], merged.rows[3]);

  assert.deepEqual(
    hitLevels(merged.origins[4]).map((
      l,
    ) => [l.place === main ? "main" : l.place === child ? "child" : "leaf", l.index]),
    [["main", 2], ["child", 1], ["leaf", 1]],
  );
  assert.deepEqual(framesAt(merged.places, 30, 40), [child, leaf]);
  assert.deepEqual(framesAt(merged.places, 17, 40), [child]);
  assert.deepEqual(framesAt(merged.places, 500, 40), []);
});

/** A fake Playwright frame: its scan answers `scan` (or rejects), its boxes answer `boxes`. */
function fakeFrame(
  children: Frame[],
  scan: string | Error,
  boxes: (number[] | null)[] = [],
): Frame {
  const f = {
    childFrames: () => children,
    isDetached: () => false,
    frameElement: () => Promise.resolve({ dispose: () => Promise.resolve() }),
    evaluate: (fn: unknown) => {
      if (fn === pageFrameBoxes) return Promise.resolve(boxes);
      // The scan is called by expression (the page-function registry's lookup, then definition).
      if (typeof fn === "string" && fn.includes("pageScan:")) {
        return scan instanceof Error ? Promise.reject(scan) : Promise.resolve(scan);
      }
      return Promise.reject(new Error("unexpected page function"));
    },
  };
  return f as unknown as Frame;
}

const fullReply = (rows: ScanRow[]) => JSON.stringify({ gen: 3, full: true, items: rows });

Deno.test("FrameReader: a frame detached or navigating during the read is skipped, with its children", async () => {
  const grandchild = fakeFrame([], fullReply([root("g"), row("inside-gone", 0, 0)]));
  const navigating = fakeFrame(
    [grandchild],
    new Error(
      "frame.evaluate: Execution context was destroyed, most likely because of a navigation",
    ),
    [[1, 0, 0, 10, 10]],
  );
  const detached = fakeFrame([], new Error("frame.evaluate: Frame was detached"));
  const loading = fakeFrame([], "");
  const fine = fakeFrame([], fullReply([root("doc"), row("ok", 1, 1)]));
  const main = place(
    [root("page"), row("f1", 0, 0), row("f2", 0, 20), row("f3", 0, 40), row("f4", 0, 60)],
    null,
    {
      frame: fakeFrame([navigating, detached, loading, fine], "", [
        [1, 0, 0, 50, 10],
        [2, 0, 20, 50, 10],
        [3, 0, 40, 50, 10],
        [4, 2, 63, 50, 10],
      ]),
    },
  );
  const reader = new FrameReader(() => ({ testId: "data-testid", maxLabel: 200, session: "s" }));
  const read = await reader.read(main);
  assert.equal(read, main);
  const merged = mergeFrames(main);
  assert.deepEqual(merged.rows.map((r) => [r[0], r[5], r[6]]), [
    ["page", 0, 0],
    ["f1", 0, 0],
    ["f2", 0, 20],
    ["f3", 0, 40],
    ["f4", 0, 60],
    ["ok", 3, 64],
  ]);
});

Deno.test("FrameReader: an iframe that is no row of the parent's scan (hidden) is skipped", async () => {
  const child = fakeFrame([], fullReply([root("doc"), row("x", 0, 0)]));
  const main = place([root("page")], null, { frame: fakeFrame([child], "", [null]) });
  const reader = new FrameReader(() => ({ testId: "data-testid", maxLabel: 200, session: "s" }));
  await reader.read(main);
  assert.deepEqual(mergeFrames(main).rows.map((r) => r[0]), ["page"]);
});

Deno.test("FrameReader: a page without child frames is not read at all", async () => {
  const main = place([root("page")], null, { frame: fakeFrame([], new Error("never called")) });
  const reader = new FrameReader(() => ({ testId: "data-testid", maxLabel: 200, session: "s" }));
  assert.equal(await reader.read(main), null);
});
