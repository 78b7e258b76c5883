/** `ScreenChange`, the comparison behind `until: screenChanged` (docs/scenario-language.md#wait). */
import assert from "node:assert/strict";
import type { Element } from "../../src/drivers/driver.ts";
import { ScreenChange } from "../../src/orchestrator/screen_change.ts";

const e = (label: string, y = 0): Element => ({
  identifier: null,
  label,
  value: null,
  traits: [],
  frame: [0, y, 100, 40],
  nativeZ: null,
});

const app = e("app");
const alert = e("alert", 100);
const button = e("Don't Allow", 200);

Deno.test("ScreenChange: before any watcher acted, any difference from the first read is a change", () => {
  const change = new ScreenChange([app]);
  assert.equal(change.changed([app], false), false);
  assert.equal(change.changed([app, e("new")], false), true);
  assert.equal(change.changed([], false), true);
});

Deno.test("ScreenChange: what a watcher removed is set aside, on both sides, for the rest of the wait", () => {
  const change = new ScreenChange([app, alert, button]);
  assert.equal(change.changed([app, alert, button], false), false); // the read the watcher acts on
  assert.equal(change.changed([app], true), false, "only the alert went");
  assert.equal(change.setAside, 2);
  assert.equal(change.changed([app, alert, button], false), false, "the same alert again");
  assert.equal(change.changed([app, e("new")], false), true);
  assert.equal(change.changed([], false), true, "the app itself went");
});

Deno.test("ScreenChange: a new screen shown by the watcher's action is a change against the first read", () => {
  const change = new ScreenChange([alert, button]);
  assert.equal(change.changed([alert, button], false), false);
  assert.equal(change.changed([e("next")], true), true);
});

Deno.test("ScreenChange: a read after a watcher acted with nothing removed compares as before", () => {
  const change = new ScreenChange([app]);
  assert.equal(change.changed([app], false), false);
  assert.equal(change.changed([app], true), false);
  assert.equal(change.setAside, 0);
  assert.equal(change.changed([app, e("later")], false), true);
});
