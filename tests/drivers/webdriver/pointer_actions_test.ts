import assert from "node:assert/strict";
import {
  doubleTapActions,
  dragActions,
  longPressActions,
  scrollActions,
  tapActions,
} from "../../../src/drivers/webdriver/pointer_actions.ts";
import { executeMobile, mobileCommandBody } from "../../../src/drivers/webdriver/mobile_command.ts";
import { createSession } from "../../../src/drivers/webdriver/session.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { ok } from "../../support/fake_w3c/replies.ts";
import { clientFor } from "./helpers.ts";

// The tap of the W3C client's wire example (docs/backends.md), byte for byte.
const SPEC_TAP =
  `{"actions":[{"type":"pointer","id":"finger1","parameters":{"pointerType":"touch"},"actions":[
 {"type":"pointerMove","duration":0,"origin":"viewport","x":196,"y":785},{"type":"pointerDown","button":0},
 {"type":"pause","duration":80},{"type":"pointerUp","button":0}]}]}`;

const moveTo = (x: number, y: number, duration: number) => ({
  type: "pointerMove",
  duration,
  origin: "viewport",
  x,
  y,
});
const down = { type: "pointerDown", button: 0 };
const up = { type: "pointerUp", button: 0 };
const pause = (duration: number) => ({ type: "pause", duration });
const steps = (body: { actions: [{ actions: unknown[] }] }) => body.actions[0].actions;

Deno.test("tap matches the wire example exactly, as text too", () => {
  const body = tapActions([196, 785]);
  assert.deepEqual(body, JSON.parse(SPEC_TAP));
  assert.equal(JSON.stringify(body), JSON.stringify(JSON.parse(SPEC_TAP)));
});

Deno.test("coordinates round to whole units; durations to whole ms", () => {
  assert.deepEqual(steps(tapActions([196.5, 784.4], 80.4))[0], moveTo(197, 784, 0));
  assert.deepEqual(steps(tapActions([1, 2], 80.4))[2], pause(80));
  assert.deepEqual(steps(longPressActions([1, 2], -1))[2], pause(0));
});

Deno.test("double tap: two press-release pairs 100 ms apart", () => {
  assert.deepEqual(steps(doubleTapActions([10, 20])), [
    moveTo(10, 20, 0),
    down,
    pause(80),
    up,
    pause(100),
    down,
    pause(80),
    up,
  ]);
});

Deno.test("long press holds for the duration", () => {
  assert.deepEqual(steps(longPressActions([10, 20], 1.5)), [
    moveTo(10, 20, 0),
    down,
    pause(1500),
    up,
  ]);
});

Deno.test("drag travels from→to over its duration, with an optional press first", () => {
  assert.deepEqual(steps(dragActions([100, 600], [100, 200], 0.5)), [
    moveTo(100, 600, 0),
    down,
    moveTo(100, 200, 500),
    up,
  ]);
  assert.deepEqual(steps(dragActions([1, 2], [3, 4], 0.25, 0.6)), [
    moveTo(1, 2, 0),
    down,
    pause(600),
    moveTo(3, 4, 250),
    up,
  ]);
});

Deno.test("scroll is non-inertial: ≥300 ms travel, 200 ms hold, then up", () => {
  assert.deepEqual(steps(scrollActions([196, 700], [196, 300])), [
    moveTo(196, 700, 0),
    down,
    moveTo(196, 300, 300),
    pause(200),
    up,
  ]);
  assert.deepEqual(steps(scrollActions([0, 0], [0, 1], 100))[2], moveTo(0, 1, 300));
  assert.deepEqual(steps(scrollActions([0, 0], [0, 1], 450))[2], moveTo(0, 1, 450));
});

Deno.test("mobile: bodies and execute/sync on a session", async () => {
  assert.deepEqual(mobileCommandBody("tap", { x: 100, y: 200 }), {
    script: "mobile: tap",
    args: [{ x: 100, y: 200 }],
  });
  assert.deepEqual(mobileCommandBody("mobile: terminateApp", { bundleId: "b" }), {
    script: "mobile: terminateApp",
    args: [{ bundleId: "b" }],
  });
  assert.deepEqual(mobileCommandBody("getDeviceTime"), {
    script: "mobile: getDeviceTime",
    args: [{}],
  });
  const server = new FakeW3CServer({
    routes: { "POST /session/:sid/execute/sync": (req) => ok(req.body) },
  });
  const { client } = clientFor(server);
  try {
    const session = await createSession(client, {});
    assert.deepEqual(await executeMobile(session, "doubleTap", { x: 1, y: 2 }), {
      script: "mobile: doubleTap",
      args: [{ x: 1, y: 2 }],
    });
  } finally {
    client.close();
    await server.close();
  }
});
