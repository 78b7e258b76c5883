/**
 * The shared actuation log: records in the backend's unit, accepted only once the backend
 * answered, capped per drain; and both backends that exist today keep to it.
 */
import assert from "node:assert/strict";
import { ActuationLog, MAX_ACTUATIONS } from "../../src/drivers/actuation_log.ts";

Deno.test("a record starts unaccepted in the log's unit and is returned for marking", () => {
  const log = new ActuationLog("cssPixel");
  const record = log.record({ gesture: "tap", via: "coordinate", points: [[1, 2]], target: "a" });
  assert.equal(record.accepted, false);
  assert.equal(record.unit, "cssPixel");
  record.accepted = true;
  assert.deepEqual(log.drain().actuations, [{
    gesture: "tap",
    via: "coordinate",
    unit: "cssPixel",
    points: [[1, 2]],
    frame: null,
    target: "a",
    accepted: true,
    durationS: null,
    scale: null,
    radians: null,
    substitution: null,
  }]);
});

Deno.test("the unit is the log's, and a caller that answered at once records it accepted", () => {
  const log = new ActuationLog("point");
  log.record({ gesture: "back", via: "history", accepted: true });
  log.record({ gesture: "longPress", via: "coordinate", durationS: 1.5 });
  const [back, press] = log.drain().actuations;
  assert.deepEqual([back.unit, back.accepted, back.points], ["point", true, []]);
  assert.deepEqual([press.unit, press.accepted, press.durationS], ["point", false, 1.5]);
});

Deno.test("records past the cap are counted as dropped, and a drain resets both", () => {
  const log = new ActuationLog("pixel");
  for (let i = 0; i < MAX_ACTUATIONS + 3; i++) log.record({ gesture: "selectAll", via: "key" });
  const drain = log.drain();
  assert.equal(MAX_ACTUATIONS, 512);
  assert.equal(drain.actuations.length, MAX_ACTUATIONS);
  assert.equal(drain.dropped, 3);
  assert.deepEqual(log.drain(), { actuations: [], dropped: 0 });
});

Deno.test("a record past the cap is still returned, so marking it accepted is harmless", () => {
  const log = new ActuationLog("cssPixel");
  for (let i = 0; i < MAX_ACTUATIONS; i++) log.record({ gesture: "tap", via: "coordinate" });
  const late = log.record({ gesture: "swipe", via: "coordinate" });
  late.accepted = true;
  const drain = log.drain();
  assert.equal(drain.dropped, 1);
  assert.ok(drain.actuations.every((a) => a.gesture === "tap" && !a.accepted));
});
