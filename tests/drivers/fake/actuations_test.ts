import assert from "node:assert/strict";
import { MAX_ACTUATIONS } from "../../../src/drivers/fake/mod.ts";
import { fakeFrom } from "./helpers.ts";

const APP = `
initial: s
screens:
  s:
    - { id: b, traits: [button], frame: [0, 0, 100, 40] }
`;

Deno.test("a drain returns at most 512 actuations and counts the rest as dropped", async () => {
  const { driver } = fakeFrom(APP);
  const total = MAX_ACTUATIONS + 8;
  for (let i = 0; i < total; i++) await driver.tapPoint([i % 100, 10]);
  const drain = driver.drainActuations();
  assert.equal(MAX_ACTUATIONS, 512);
  assert.equal(drain.actuations.length, 512);
  assert.equal(drain.dropped, 8);
  assert.deepEqual(drain.actuations[511].points, [[11, 10]], "the first 512 are kept");
  assert.equal(driver.actions.length, total, "the action log is not capped");
});

Deno.test("a drain empties the log and resets the dropped count", async () => {
  const { driver } = fakeFrom(APP);
  for (let i = 0; i < MAX_ACTUATIONS + 1; i++) await driver.back();
  assert.equal(driver.drainActuations().dropped, 1);
  assert.deepEqual(driver.drainActuations(), { actuations: [], dropped: 0 });
  await driver.back();
  const { actuations } = driver.drainActuations();
  assert.deepEqual(actuations.map((a) => [a.gesture, a.via, a.unit]), [
    ["back", "history", "point"],
  ]);
});
