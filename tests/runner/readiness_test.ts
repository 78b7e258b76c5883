import assert from "node:assert/strict";
import {
  awaitReady,
  launchWait,
  MAX_SETTLE_POLLS,
  SETTLE_POLL_S,
} from "../../src/runner/readiness.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { CancelSource, RunCancelled } from "../../src/time/cancel.ts";
import { el, timedDriver } from "./doubles.ts";
import { DeviceError, DeviceGone } from "../../src/drivers/driver.ts";

Deno.test("readiness: readyWhen rung fires when the selector matches, then confirms stability", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, (t) => t < 0.5 ? [el("root")] : [el("root"), el("home.title")]);
  const r = await awaitReady(driver, { clock, readyWhen: { id: "home.title" } });
  assert.equal(r.ready, true);
  assert.equal(r.signal, "readyWhen");
  assert.equal(r.settled, true);
  assert.ok(r.elapsedSeconds >= 0.5);
});

Deno.test("readiness: a readyWhen without a per-element key falls through to the count rung", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, () => [el("a"), el("b")]);
  const r = await awaitReady(driver, { clock, readyWhen: { index: 0 } });
  assert.equal(r.signal, "count");
});

Deno.test("readiness: idNamespaces rung needs an id whose first segment is declared", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(
    clock,
    (t) => t < 1 ? [el("x.y"), el("other.z")] : [el("x.y"), el("shop.cart")],
  );
  const r = await awaitReady(driver, { clock, idNamespaces: ["shop"] });
  assert.equal(r.signal, "namespace");
  assert.ok(r.elapsedSeconds >= 1);
});

Deno.test("readiness: the fallback rung wants more than the root element", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, (t) => t < 0.3 ? [el("root")] : [el("root"), el("child")]);
  const r = await awaitReady(driver, { clock });
  assert.equal(r.signal, "count");
  assert.equal(r.ready, true);
});

Deno.test("readiness: a screen that never holds still is ready with settled false after three extra polls", async () => {
  const clock = new FakeClock();
  let n = 0;
  const driver = timedDriver(clock, () => [el("root"), el("moving", [n++, 0, 10, 10])]);
  const r = await awaitReady(driver, { clock });
  assert.equal(r.ready, true);
  assert.equal(r.settled, false);
  assert.equal(driver.reads, 1 + MAX_SETTLE_POLLS);
});

Deno.test("readiness: stability confirmation costs one extra read when the screen is still", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, () => [el("a"), el("b")]);
  const r = await awaitReady(driver, { clock });
  assert.equal(r.settled, true);
  assert.equal(driver.reads, 2);
});

Deno.test("readiness: the confirmation read follows at the settle poll, not the rung's backoff", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, (t) => t < 1 ? [el("root")] : [el("root"), el("child")]);
  const r = await awaitReady(driver, { clock });
  assert.equal(r.settled, true);
  // Backoff 0.1, 0.2, 0.4, 0.5 reaches the rung at 1.2 s; the confirmation waits 0.05 s only.
  assert.deepEqual(clock.sleeps, [0.1, 0.2, 0.4, 0.5, SETTLE_POLL_S]);
});

Deno.test("readiness: timeout is reported, not thrown, and query errors are swallowed", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, (t) => t < 2 ? new Error("socket closed") : [el("root")]);
  const r = await awaitReady(driver, { clock, timeoutS: 5 });
  assert.equal(r.ready, false);
  assert.equal(r.signal, "timeout");
  assert.ok(Math.abs(r.elapsedSeconds - 5) < 1e-9);
});

Deno.test("readiness: polls back off from 0.1 s doubling to 0.5 s", async () => {
  const clock = new FakeClock();
  const driver = timedDriver(clock, () => [el("root")]);
  await awaitReady(driver, { clock, timeoutS: 2 });
  assert.deepEqual(clock.sleeps.slice(0, 5), [0.1, 0.2, 0.4, 0.5, 0.5]);
});

Deno.test("readiness: cancellation is read inside the poll loop", async () => {
  const clock = new FakeClock();
  const cancel = new CancelSource();
  const driver = timedDriver(clock, (t) => {
    if (t > 0.2) cancel.cancel();
    return [el("root")];
  });
  await assert.rejects(awaitReady(driver, { clock, cancel }), RunCancelled);
});

Deno.test("readiness: the gate records its reads and bound, and becomes a launch wait", async () => {
  const clock = new FakeClock();
  const still = timedDriver(clock, (t) => t < 0.5 ? [el("root")] : [el("root"), el("home.title")]);
  const ready = await awaitReady(still, { clock, readyWhen: { id: "home.title" }, timeoutS: 7 });
  assert.equal(ready.reads, still.reads);
  assert.equal(ready.timeoutS, 7);
  assert.deepEqual(launchWait(ready), {
    kind: "launch",
    signal: "readyWhen",
    endedBy: "stable",
    reads: still.reads,
    seconds: ready.elapsedSeconds,
    timeoutS: 7,
    stableReads: 2,
  });

  let n = 0;
  const moving = timedDriver(clock, () => [el("root"), el("moving", [n++, 0, 10, 10])]);
  const restless = launchWait(await awaitReady(moving, { clock }));
  assert.deepEqual([restless.signal, restless.endedBy, restless.reads], [
    "count",
    "condition",
    1 + MAX_SETTLE_POLLS,
  ]);
  assert.equal(restless.stableReads, undefined);

  const empty = timedDriver(clock, () => [el("root")]);
  const none = launchWait(await awaitReady(empty, { clock, timeoutS: 1 }));
  assert.deepEqual([none.signal, none.endedBy, none.reads], ["timeout", "timeout", empty.reads]);
  assert.ok(none.seconds >= 1);
});

Deno.test("readiness: an app still starting is polled through its errors; a device gone for good ends the gate at once", async () => {
  const clock = new FakeClock();
  const starting = timedDriver(
    clock,
    (t) => t < 1 ? new DeviceError("connection refused") : [el("root"), el("home.title")],
  );
  const r = await awaitReady(starting, { clock, readyWhen: { id: "home.title" } });
  assert.equal(r.ready, true);
  assert.ok(r.elapsedSeconds >= 1);

  const gone = timedDriver(clock, () => new DeviceGone("the browser process exited during query"));
  const start = clock.now();
  await assert.rejects(awaitReady(gone, { clock, timeoutS: 10 }), DeviceGone);
  assert.equal(clock.now() - start, 0, "no poll after the device is gone");
  assert.equal(gone.reads, 1);
});
