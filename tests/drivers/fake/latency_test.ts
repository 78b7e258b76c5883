import assert from "node:assert/strict";
import { fakeFrom } from "./helpers.ts";

const APP = `
initial: s
screens:
  s:
    - { id: b, traits: [button], frame: [0, 0, 10, 10] }
    - { id: late, frame: [0, 20, 10, 10], hidden: true }
timers:
  - { atMs: 250, then: [ { reveal: late } ] }
latency: { queryMs: 100, actionMs: 250 }
`;

Deno.test("latency advances the virtual clock per query and per action", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.query();
  assert.equal(clock.now(), 0.1);
  await driver.tap({ id: "b" });
  assert.equal(clock.now(), 0.35);
  await driver.waitFor({ id: "b" });
  assert.ok(Math.abs(clock.now() - 0.45) < 1e-9);
  assert.deepEqual(clock.sleeps, [0.1, 0.25, 0.1]);
});

Deno.test("a read sees the state at the end of its own latency", async () => {
  const { driver } = fakeFrom(APP);
  await driver.query(); // t = 0.1
  assert.equal(await driver.waitFor({ id: "late" }), false); // read at t = 0.2
  assert.equal(await driver.waitFor({ id: "late" }), true); // read at t = 0.3
});

Deno.test("no latency by default: the clock does not move", async () => {
  const { driver, clock } = fakeFrom(`
initial: s
screens:
  s: [ { id: b, frame: [0, 0, 1, 1] } ]
`);
  await driver.query();
  await driver.tap({ id: "b" });
  assert.equal(clock.now(), 0);
  assert.deepEqual(clock.sleeps, []);
});
