import assert from "node:assert/strict";
import { recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";

for (const bytes of [true, false]) {
  const via = bytes ? "screenshotBytes" : "screenshot(path)";
  Deno.test(`file sink (${via}): a reused after-shot becomes the next before.png without a capture`, async () => {
    const f = await sinkFixture();
    const { driver, calls } = recordingDriver({ bytes });
    const shots = () => calls.filter((c) => c === "screenshot" || c === "screenshotBytes").length;
    try {
      f.sink.beginScenario("00-s");
      await f.sink.before(driver, "step0", [], { reuseAfterShot: true }); // nothing to reuse yet
      await f.sink.afterShot(driver, "step0");
      assert.equal(shots(), 2);
      const arts = await f.sink.before(driver, "step1", [], { reuseAfterShot: true });
      assert.equal(shots(), 2, "no capture for the reused before.png");
      assert.ok(arts.some((a) => a.name === "00-s/step1/before.png"));
      await f.sink.flush();
      assert.deepEqual(
        await Deno.readFile(f.path("00-s/step1/before.png")),
        await Deno.readFile(f.path("00-s/step0/after.png")),
      );
      assert.equal(await f.mode("00-s/step1/before.png"), 0o600);
      // Without the flag, or in another scenario, a fresh picture is taken.
      await f.sink.before(driver, "step2", []);
      assert.equal(shots(), 3);
      f.sink.beginScenario("01-t");
      await f.sink.before(driver, "step0", [], { reuseAfterShot: true });
      assert.equal(shots(), 4);
    } finally {
      await f.cleanup();
    }
  });
}

Deno.test("file sink: a failed after-shot is never reused", async () => {
  const f = await sinkFixture();
  const failing = recordingDriver({ bytes: true, failScreenshot: true });
  const ok = recordingDriver({ bytes: true });
  try {
    f.sink.beginScenario("00-s");
    await f.sink.afterShot(failing.driver, "step0");
    await f.sink.before(ok.driver, "step1", [], { reuseAfterShot: true });
    assert.deepEqual(ok.calls.filter((c) => c === "screenshotBytes"), ["screenshotBytes"]);
  } finally {
    await f.cleanup();
  }
});
