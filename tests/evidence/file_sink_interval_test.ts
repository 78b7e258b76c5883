import assert from "node:assert/strict";
import { recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";
import { REDACTED } from "../../src/evidence/redact.ts";

Deno.test("intervals record segment.mp4 and a redacted device.log per step", async () => {
  const f = await sinkFixture({ secrets: ["tok-77"] });
  try {
    const { driver } = recordingDriver({
      intervals: { content: (kind) => kind === "video" ? "MP4" : "login tok-77 ok\n" },
    });
    f.sink.beginScenario("00-a");
    const started = await f.sink.startIntervals(driver, "step1", ["video", "deviceLog"]);
    assert.deepEqual(started.map((i) => i.kind), ["video", "deviceLog"]);
    const out = await f.sink.stopIntervals("step1", started);
    assert.deepEqual(out, [
      { name: "00-a/step1/segment.mp4", kind: "video", provider: "driver" },
      { name: "00-a/step1/device.log", kind: "deviceLog", provider: "driver" },
    ]);
    assert.equal(
      await Deno.readTextFile(f.path("00-a", "step1", "device.log")),
      `login ${REDACTED} ok\n`,
    );
    assert.equal(await Deno.readTextFile(f.path("00-a", "step1", "segment.mp4")), "MP4");
    assert.equal(await f.mode("00-a/step1/segment.mp4"), 0o600);
    assert.equal(await f.mode("00-a/step1/device.log"), 0o600);
    assert.deepEqual(f.sink.skippedCaptures("00-a"), []);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a driver without intervals records each kind as skipped once per scenario", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    assert.deepEqual(await f.sink.startIntervals(driver, "step0", ["video", "deviceLog"]), []);
    assert.deepEqual(await f.sink.startIntervals(driver, "step1", ["video"]), []);
    assert.deepEqual(f.sink.skippedCaptures("00-a"), [
      { kind: "video", reason: "the fake driver cannot record video" },
      { kind: "deviceLog", reason: "the fake driver cannot record deviceLog" },
    ]);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a backend that records the scenario video up front starts no video segment and skips nothing", async () => {
  const f = await sinkFixture({ recordsScenarioVideoUpFront: true });
  try {
    const { driver, calls } = recordingDriver({
      intervals: { content: (kind) => `${kind}\n` },
    });
    f.sink.beginScenario("00-a");
    const started = await f.sink.startIntervals(driver, "step0", ["video", "deviceLog"]);
    assert.deepEqual(started.map((i) => i.kind), ["deviceLog"]);
    assert.deepEqual(calls.filter((c) => c === "driverInterval"), ["driverInterval"]);
    await f.sink.stopIntervals("step0", started);
    assert.deepEqual(f.sink.skippedCaptures("00-a"), []);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a recording that fails to stop is dropped with a log line", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    const { driver } = recordingDriver();
    const broken = Object.assign(Object.create(driver), {
      driverInterval: (kind: string, path: string) =>
        Promise.resolve({ kind, path, stop: () => Promise.reject(new Error("encoder died")) }),
    });
    const started = await f.sink.startIntervals(broken, "step0", ["video"]);
    assert.equal(started.length, 1);
    assert.deepEqual(await f.sink.stopIntervals("step0", started), []);
    assert.equal(f.logs.length, 1);
    assert.match(f.logs[0], /video for 00-a\/step0 dropped: encoder died/);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a recording whose file never appeared is dropped with a log line", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    const { driver } = recordingDriver();
    const silent = Object.assign(Object.create(driver), {
      driverInterval: (kind: string, path: string) =>
        Promise.resolve({ kind, path, stop: () => Promise.resolve() }),
    });
    const started = await f.sink.startIntervals(silent, "step0", ["deviceLog", "video"]);
    assert.deepEqual(await f.sink.stopIntervals("step0", started), []);
    assert.equal(f.logs.length, 2);
    assert.match(f.logs[0], /deviceLog for 00-a\/step0 dropped/);
  } finally {
    await f.cleanup();
  }
});

Deno.test("non per-step interval kinds are skipped, not started", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    const { driver, calls } = recordingDriver({ intervals: { content: () => "" } });
    assert.deepEqual(await f.sink.startIntervals(driver, "step0", ["appTrace"]), []);
    assert.deepEqual(calls, []);
    assert.deepEqual(f.sink.skippedCaptures("00-a").map((s) => s.kind), ["appTrace"]);
  } finally {
    await f.cleanup();
  }
});
