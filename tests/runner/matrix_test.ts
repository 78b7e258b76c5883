import assert from "node:assert/strict";
import { runMatrix } from "../../src/runner/matrix.ts";
import { runAll } from "../../src/runner/run_all.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { passing, recordingLeases, scenario } from "./doubles.ts";

Deno.test("matrix: engine passes run in order and tag every result with its engine", async () => {
  const clock = new FakeClock();
  const cancel = new CancelSource();
  const ran: string[] = [];
  const scenarios = [scenario("a"), scenario("b")];
  const out = await runMatrix(["chromium", "firefox"], scenarios, async (engine) => {
    ran.push(engine);
    const { lease } = recordingLeases(clock);
    return await runAll(scenarios, lease, {
      clock,
      runOptions: () => ({}),
      runScenario: (_d, s) => Promise.resolve(passing(s)),
    });
  }, { cancel, wallNow: () => clock.wallNow() });
  assert.deepEqual(ran, ["chromium", "firefox"]);
  assert.deepEqual(out.map((r) => `${r.engine}:${r.result.scenario}`), [
    "chromium:a",
    "chromium:b",
    "firefox:a",
    "firefox:b",
  ]);
  assert.ok(out.every((r) => r.result.ok));
});

Deno.test("matrix: a cancel between engine passes marks every scenario of the unrun engines cancelled", async () => {
  const clock = new FakeClock();
  const cancel = new CancelSource();
  const scenarios = [scenario("a"), scenario("b")];
  const ran: string[] = [];
  const out = await runMatrix(["chromium", "firefox", "webkit"], scenarios, (engine) => {
    ran.push(engine);
    cancel.cancel(); // arrives during the first pass, after its scenarios passed
    return Promise.resolve(scenarios.map((s, i) => ({
      index: i,
      sid: `0${i}-${s.name}`,
      scenario: s,
      result: {
        scenario: s.name,
        ok: true,
        steps: [],
        expectResults: [],
        failure: null,
        beforeOutcomes: [],
        afterOutcomes: [],
        afterVerdict: "" as const,
        durationS: 0,
        vars: {},
      },
      backend: "playwright",
      engine: "",
      device: "web-0",
      deviceName: "",
      deviceRuntime: "",
      skippedCaptures: [],
      artifacts: [],
      attempts: 1,
      recoveries: [],
      videoAnchorS: 0,
      startedAt: 0,
    })));
  }, { cancel, wallNow: () => clock.wallNow() });
  assert.deepEqual(ran, ["chromium"]);
  assert.equal(out.length, 6);
  assert.deepEqual(out.slice(2).map((r) => [r.engine, r.result.failure]), [
    ["firefox", "cancelled"],
    ["firefox", "cancelled"],
    ["webkit", "cancelled"],
    ["webkit", "cancelled"],
  ]);
  assert.equal(out.every((r) => r.result.ok), false);
});
