import assert from "node:assert/strict";
import { WriteGate } from "../../src/evidence/write_gate.ts";

/** Lets every pending promise callback and timer of this turn run. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

Deno.test("an open gate lets a write start at once", async () => {
  const gate = new WriteGate();
  assert.equal(gate.holding, false);
  let started = false;
  gate.passage().then(() => started = true);
  await turns(1);
  assert.equal(started, true);
});

Deno.test("a held gate keeps writes waiting until it is released", async () => {
  const gate = new WriteGate();
  gate.hold();
  assert.equal(gate.holding, true);
  const started: number[] = [];
  gate.passage().then(() => started.push(1));
  gate.passage().then(() => started.push(2));
  await turns();
  assert.deepEqual(started, [], "nothing starts while the gate is held");
  gate.release();
  await turns(1);
  assert.deepEqual(started, [1, 2], "released writes start in the order they came");
  assert.equal(gate.holding, false);
});

Deno.test("a write waiting through a release and a new hold waits for that hold too", async () => {
  const gate = new WriteGate();
  gate.hold();
  gate.hold(); // a second hold keeps the first one's writes waiting for the same release
  let started = false;
  gate.passage().then(() => started = true);
  await turns();
  assert.equal(started, false);
  gate.release();
  gate.hold(); // held again before the waiting write could run
  await turns();
  assert.equal(started, false, "it starts only when the gate is open as it is about to start");
  gate.release();
  await turns(1);
  assert.equal(started, true);
});

Deno.test("the gate opens by itself past its bound of waiting writes", async () => {
  const gate = new WriteGate(2);
  gate.hold();
  const started: number[] = [];
  gate.passage().then(() => started.push(1));
  gate.passage().then(() => started.push(2));
  await turns();
  assert.equal(started.length, 0);
  gate.passage().then(() => started.push(3));
  await turns(1);
  assert.deepEqual(started.sort(), [1, 2, 3], "the third waiting write opened the gate");
  assert.equal(gate.holding, false);
});
