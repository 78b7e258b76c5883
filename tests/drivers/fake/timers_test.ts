import assert from "node:assert/strict";
import { fakeFrom, ids } from "./helpers.ts";

const APP = `
initial: a
screens:
  a:
    - { id: toB, traits: [button], frame: [0, 0, 100, 40] }
    - { id: splash, label: Loading, frame: [0, 50, 100, 40] }
    - { id: ready, label: Ready, frame: [0, 100, 100, 40], hidden: true }
  b:
    - { id: BackButton, traits: [button], frame: [0, 0, 80, 40] }
    - { id: banner, label: Promo, frame: [0, 50, 100, 40], hidden: true }
reactions:
  - on: { tap: toB }
    then: [ { goto: b } ]
  - on: { tap: BackButton }
    then: [ { back: true } ]
timers:
  - atMs: 1000
    screen: a
    then:
      - hide: splash
      - reveal: ready
      - set: { target: ready, label: "Ready!" }
        afterMs: 500
  - afterEnterMs: 800
    screen: b
    then: [ { reveal: banner } ]
`;

Deno.test("a launch timer changes the tree at its virtual time, chained delays add up", async () => {
  const { driver, clock } = fakeFrom(APP);
  assert.deepEqual(await ids(driver), ["toB", "splash"]);
  clock.advance(0.999);
  assert.deepEqual(await ids(driver), ["toB", "splash"]);
  clock.advance(0.001);
  const at1 = await driver.query();
  assert.deepEqual(at1.map((e) => e.identifier), ["toB", "ready"]);
  assert.equal(at1[1].label, "Ready");
  clock.advance(0.5);
  assert.equal((await driver.query())[1].label, "Ready!");
});

Deno.test("a late read applies every due change in time order at once", async () => {
  const { driver, clock } = fakeFrom(APP);
  clock.advance(10);
  const tree = await driver.query();
  assert.deepEqual(tree.map((e) => [e.identifier, e.label]), [["toB", null], ["ready", "Ready!"]]);
});

Deno.test("a screen timer counts from entering the screen", async () => {
  const { driver, clock } = fakeFrom(APP);
  clock.advance(2);
  await driver.tap({ id: "toB" });
  clock.advance(0.7);
  assert.deepEqual(await ids(driver), ["BackButton"]);
  clock.advance(0.1);
  assert.deepEqual(await ids(driver), ["BackButton", "banner"]);
});

Deno.test("leaving a screen cancels its timer; re-entering arms a fresh one", async () => {
  const { driver, clock } = fakeFrom(APP);
  await driver.tap({ id: "toB" });
  clock.advance(0.5);
  await driver.tap({ id: "BackButton" });
  assert.equal(driver.screenName, "a");
  clock.advance(0.2);
  await driver.tap({ id: "toB" }); // entered again at t = 0.7
  clock.advance(0.4); // t = 1.1: the first timer would have fired at 0.8
  assert.deepEqual(await ids(driver), ["BackButton"]);
  clock.advance(0.4); // t = 1.5 = 0.7 + 0.8
  assert.deepEqual(await ids(driver), ["BackButton", "banner"]);
});

Deno.test("relaunch resets screens and state and re-arms timers from the relaunch time", async () => {
  const { driver, clock } = fakeFrom(APP);
  clock.advance(3);
  await driver.tap({ id: "toB" });
  await driver.relaunch();
  assert.equal(driver.screenName, "a");
  assert.deepEqual(await ids(driver), ["toB", "splash"]);
  clock.advance(1);
  assert.deepEqual(await ids(driver), ["toB", "ready"]);
  assert.equal(driver.app.history.length, 0);
  assert.deepEqual(driver.actions.at(-1), ["relaunch", null]);
});
