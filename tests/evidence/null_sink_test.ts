import assert from "node:assert/strict";
import { NullSink } from "../../src/evidence/null_sink.ts";
import { el, recordingDriver } from "./driver_double.ts";

Deno.test("NullSink returns empty results and never calls the driver", async () => {
  const { driver, calls } = recordingDriver({ bytes: true, intervals: { content: () => "x" } });
  const sink = new NullSink();
  sink.beginScenario("00-login");
  assert.deepEqual(await sink.before(driver, "step0", null), []);
  assert.deepEqual(await sink.afterShot(driver, "step0"), []);
  assert.deepEqual(await sink.capture(driver, "step0", ["elements", "screenshot.after"]), []);
  const trace = {
    target: "id=x",
    timeoutSeconds: 1,
    polls: 3,
    firstNonemptySeconds: null,
    elementsAtTimeout: 0,
    readiness: null,
  };
  assert.equal(await sink.waitDiagnostic("step0", trace, [el({})]), null);
  const started = await sink.startIntervals(driver, "step0", ["video", "deviceLog"]);
  assert.deepEqual(started, []);
  assert.deepEqual(await sink.stopIntervals("step0", started), []);
  assert.deepEqual(sink.skippedCaptures("00-login"), []);
  await sink.flush();
  assert.deepEqual(calls, []);
});

Deno.test("the recording double does record calls (guards the NullSink test)", async () => {
  const { driver, calls } = recordingDriver({ bytes: true });
  await driver.query();
  await driver.screenshotBytes!();
  assert.deepEqual(calls, ["query", "screenshotBytes"]);
});
