/** The web actuation log: CSS-pixel records, accepted only once the browser answered, capped. */
import assert from "node:assert/strict";
import { ActuationLog, MAX_ACTUATIONS } from "../../../src/drivers/web/actuation_log.ts";

Deno.test("a record starts unaccepted in CSS pixels and is returned for marking", () => {
  const log = new ActuationLog();
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

Deno.test("records past the cap are counted as dropped, and a drain resets both", () => {
  const log = new ActuationLog();
  for (let i = 0; i < MAX_ACTUATIONS + 3; i++) log.record({ gesture: "selectAll", via: "key" });
  const drain = log.drain();
  assert.equal(drain.actuations.length, MAX_ACTUATIONS);
  assert.equal(drain.dropped, 3);
  assert.deepEqual(log.drain(), { actuations: [], dropped: 0 });
});
