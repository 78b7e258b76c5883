import assert from "node:assert/strict";
import { el, PNG, recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";
import { REDACTED } from "../../src/evidence/redact.ts";

Deno.test("capture tokens covered by the pair write no extra file; elements is written", async () => {
  const f = await sinkFixture();
  try {
    const { driver, calls } = recordingDriver();
    f.sink.beginScenario("00-a");
    const out = await f.sink.capture(
      driver,
      "step0",
      ["elements", "screenshot.after", "screenshot", "actionLog", "network", "elements.before"],
      { elements: [el({ identifier: "x" })] },
    );
    assert.deepEqual(out, [
      { name: "00-a/step0/elements.json", kind: "elements", provider: "driver" },
    ]);
    assert.deepEqual(calls, [], "no screenshot, no re-read");
    await f.sink.flush();
    assert.deepEqual(await f.tree(), ["00-a", "00-a/step0", "00-a/step0/elements.json"]);
    assert.deepEqual(f.sink.skippedCaptures("00-a"), []);
  } finally {
    await f.cleanup();
  }
});

Deno.test("unknown and unsupported kinds are recorded as skipped, once per scenario", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    await f.sink.capture(driver, "step0", ["hologram.after", "rawTree"]);
    await f.sink.capture(driver, "step1", ["hologram", "rawTree"]);
    const skipped = f.sink.skippedCaptures("00-a");
    assert.deepEqual(skipped.map((s) => s.kind), ["hologram", "rawTree"]);
    assert.ok(skipped.every((s) => s.reason.length > 0));
    f.sink.beginScenario("01-b");
    await f.sink.capture(driver, "step0", ["hologram"]);
    assert.deepEqual(f.sink.skippedCaptures("01-b").map((s) => s.kind), ["hologram"]);
    assert.equal(f.sink.skippedCaptures("00-a").length, 2);
  } finally {
    await f.cleanup();
  }
});

Deno.test("elements.json is redacted through the writer", async () => {
  const f = await sinkFixture({ secrets: ["s3cret-42"] });
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "step0", [
      el({ identifier: "login.password", value: "hunter2" }),
      el({ label: "Hello s3cret-42", value: "x" }),
    ]);
    await f.sink.flush();
    const text = await Deno.readTextFile(f.path("00-a", "step0", "elements.json"));
    assert.ok(!text.includes("hunter2") && !text.includes("s3cret-42"));
    const tree = JSON.parse(text);
    assert.equal(tree[0].value, REDACTED);
    assert.equal(tree[1].label, `Hello ${REDACTED}`);
  } finally {
    await f.cleanup();
  }
});

Deno.test("screenshotBytes writes are queued off the step and completed by flush", async () => {
  const f = await sinkFixture();
  try {
    const { driver, calls } = recordingDriver({ bytes: true });
    f.sink.beginScenario("00-a");
    const out = await f.sink.afterShot(driver, "step0");
    assert.deepEqual(calls, ["screenshotBytes"], "the path-writing screenshot is not used");
    assert.deepEqual(out.map((a) => a.name), ["00-a/step0/after.png"]);
    await f.sink.flush();
    assert.deepEqual(await Deno.readFile(f.path("00-a", "step0", "after.png")), PNG);
    assert.equal(await f.mode("00-a/step0/after.png"), 0o600);
    assert.deepEqual(await f.tree(), ["00-a", "00-a/step0", "00-a/step0/after.png"]);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a failing screenshot is logged, drops its artifact and never throws", async () => {
  for (const bytes of [false, true]) {
    const f = await sinkFixture();
    try {
      const { driver } = recordingDriver({ bytes, failScreenshot: true });
      f.sink.beginScenario("00-a");
      const out = await f.sink.before(driver, "step0", [el({})]);
      assert.deepEqual(out.map((a) => a.name), ["00-a/step0/elements.json"]);
      assert.deepEqual(await f.sink.afterShot(driver, "step0"), []);
      await f.sink.flush();
      assert.equal(f.logs.length, 2);
      assert.match(f.logs[0], /screenshot 00-a\/step0\/before\.png failed: display is off/);
    } finally {
      await f.cleanup();
    }
  }
});

Deno.test("a queued screenshot write that fails is logged by flush, not thrown", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver({ bytes: true });
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "step0", []);
    await f.sink.flush();
    // Remove the step dir under the sink: the next queued write has nowhere to land.
    await Deno.remove(f.path("00-a", "step0"), { recursive: true });
    const out = await f.sink.afterShot(driver, "step0");
    assert.equal(out.length, 1);
    await f.sink.flush();
    assert.equal(f.logs.length, 1);
    assert.match(f.logs[0], /writing 00-a\/step0\/after\.png failed/);
  } finally {
    await f.cleanup();
  }
});

Deno.test("elements.json is written off the step; the post-step tree lands over the pre-step one", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "step0", [el({ identifier: "pre" })]);
    await f.sink.capture(driver, "step0", ["elements"], {
      elements: [el({ identifier: "post" })],
    });
    const path = f.path("00-a", "step0", "elements.json");
    assert.throws(() => Deno.statSync(path), Deno.errors.NotFound, "not written on the step");
    await f.sink.flush();
    const tree = JSON.parse(await Deno.readTextFile(path));
    assert.equal(tree[0].identifier, "post");
  } finally {
    await f.cleanup();
  }
});
