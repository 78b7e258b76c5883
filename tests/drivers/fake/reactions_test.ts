import assert from "node:assert/strict";
import { fakeFrom, ids } from "./helpers.ts";

const APP = `
initial: start
screens:
  start:
    - { id: go, label: Go, traits: [button], frame: [0, 0, 100, 40] }
    - { id: off, label: Off, traits: [button, notEnabled], frame: [0, 50, 100, 40] }
    - { id: flag, label: Flag, value: "no", traits: [switch], frame: [0, 100, 100, 40] }
    - { id: status, label: idle, traits: [staticText], frame: [0, 150, 100, 40] }
    - { id: count, label: "Taps: 0", traits: [staticText], frame: [0, 200, 100, 40] }
  next:
    - { id: BackButton, label: Back, traits: [button], frame: [0, 0, 80, 40] }
    - { id: title, label: Next, traits: [staticText], frame: [0, 50, 100, 40] }
reactions:
  - on: { tap: go }
    when: { id: flag, value: "yes" }
    then:
      - set: { target: status, label: flagged }
  - on: { tap: go }
    then:
      - set: { target: status, label: loading }
      - goto: next
        afterMs: 300
  - on: { tap: off }
    then:
      - set: { target: status, label: should-not-happen }
  - on: { doubleTap: { id: count } }
    then:
      - increment: count
  - on: { longPress: { label: Flag } }
    then:
      - set: { target: flag, value: "yes" }
`;

Deno.test("a delayed goto lands only once the virtual clock reaches its due time", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.tap({ id: "go" });
  // The immediate effect of the same rule is already there.
  const now = await driver.query();
  assert.equal(now.find((e) => e.identifier === "status")?.label, "loading");
  assert.equal(driver.screenName, "start");
  clock.advance(0.299);
  assert.deepEqual(await ids(driver), ["go", "off", "flag", "status", "count"]);
  clock.advance(0.001);
  assert.deepEqual(await ids(driver), ["BackButton", "title"]);
  assert.equal(driver.screenName, "next");
});

Deno.test("the first rule whose conditions hold wins", async () => {
  const { driver } = fakeFrom(APP);
  await driver.longPress({ id: "flag" }, 1);
  await driver.tap({ id: "go" });
  const status = (await driver.query()).find((e) => e.identifier === "status");
  assert.equal(status?.label, "flagged");
  assert.equal(driver.app.pending, 0, "the goto rule did not fire");
});

Deno.test("a disabled control ignores taps but the tap is still actuated", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "off" });
  const status = (await driver.query()).find((e) => e.identifier === "status");
  assert.equal(status?.label, "idle");
  assert.equal(driver.drainActuations().actuations[0].target, "off");
});

Deno.test("doubleTap reactions fire on doubleTap only; increment bumps the last number", async () => {
  const { driver } = fakeFrom(APP);
  await driver.tap({ id: "count" });
  await driver.doubleTap({ id: "count" });
  await driver.doubleTap({ id: "count" });
  const count = (await driver.query()).find((e) => e.identifier === "count");
  assert.equal(count?.label, "Taps: 2");
});

Deno.test("back pops the history stack; with no history it does nothing", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.back();
  assert.equal(driver.screenName, "start");
  await driver.tap({ id: "go" });
  clock.advance(0.3);
  assert.equal(driver.screenName, "next");
  await driver.back();
  assert.equal(driver.screenName, "start");
  assert.deepEqual(driver.actions.map(([m]) => m), ["back", "tap", "back"]);
});

Deno.test("a scripted back reaction replaces the default pop", async () => {
  const { driver } = fakeFrom(`
initial: a
screens:
  a:
    - { id: toB, traits: [button], frame: [0, 0, 10, 10] }
  b:
    - { id: note, label: here, frame: [0, 0, 10, 10] }
reactions:
  - on: { tap: toB }
    then: [ { goto: b } ]
  - on: { back: true }
    screen: b
    then: [ { set: { target: note, label: "back blocked" } } ]
`);
  await driver.tap({ id: "toB" });
  await driver.back();
  assert.equal(driver.screenName, "b");
  assert.equal((await driver.query())[0].label, "back blocked");
});

Deno.test("a reaction's unless condition blocks it", async () => {
  const { driver } = fakeFrom(`
initial: a
screens:
  a:
    - { id: b, traits: [button], frame: [0, 0, 10, 10] }
    - { id: lock, frame: [0, 20, 10, 10] }
    - { id: out, label: "0", frame: [0, 40, 10, 10] }
reactions:
  - on: { tap: b }
    unless: [ { id: lock } ]
    then: [ { increment: out } ]
  - on: { longPress: b }
    then: [ { hide: lock } ]
`);
  await driver.tap({ id: "b" });
  assert.equal((await driver.query())[2].label, "0");
  await driver.longPress({ id: "b" }, 0.5);
  await driver.tap({ id: "b" });
  const out = (await driver.query()).find((e) => e.identifier === "out");
  assert.equal(out?.label, "1");
});
