import assert from "node:assert/strict";
import {
  BackendCrashError,
  ChannelError,
  DeviceError,
  NotImplementedByBackend,
  SelectorError,
  UnsupportedAction,
} from "../../src/drivers/driver.ts";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { el, fake, overrideDriver, scenario, tapStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

function failingTap(err: Error) {
  const { clock, driver } = fake();
  return { clock, driver: overrideDriver(driver, { tap: () => Promise.reject(err) }) };
}

for (
  const [name, err] of [
    ["SelectorError", new SelectorError("no match: {}", {})],
    ["UnsupportedAction", new UnsupportedAction("tap is not supported here")],
    ["NotImplementedByBackend", new NotImplementedByBackend("tap is not implemented yet")],
  ] as const
) {
  Deno.test(`body error conversion: ${name} becomes a failed step`, async () => {
    const { clock, driver } = failingTap(err);
    const r = await runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock });
    assert.equal(r.ok, false);
    assert.equal(r.failure, `step 0 (tap): ${err.message}`);
  });
}

for (
  const [name, err] of [
    ["BackendCrashError", new BackendCrashError("runner is gone")],
    ["DeviceError", new DeviceError("simctl failed")],
    ["ChannelError", new ChannelError("bad reply")],
    ["a plain Error (a bug)", new TypeError("oops")],
  ] as const
) {
  Deno.test(`crash propagation: ${name} escapes runScenario`, async () => {
    const { clock, driver } = failingTap(err);
    await assert.rejects(
      runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock }),
      (e) => e === err,
    );
  });
}

Deno.test("crash propagation: intervals the step started are still stopped", async () => {
  const { clock, driver } = failingTap(new BackendCrashError("gone"));
  const sink = new RecordingSink();
  await assert.rejects(
    runScenario(driver, scenario({ steps: [tapStep("ok", { capture: ["deviceLog"] })] }), {
      clock,
      sink,
    }),
    BackendCrashError,
  );
  assert.deepEqual(sink.calls.map((c) => c.method), ["before", "startIntervals", "stopIntervals"]);
});

Deno.test("crash propagation: the fake's injected crash escapes mid-scenario", async () => {
  const { clock, driver } = fake(fakeApp({
    screens: [fakeScreen("main", [el("ok")])],
    crashes: [{ atCall: 2, method: "tap", times: 1 }],
  }));
  await assert.rejects(
    runScenario(driver, scenario({ steps: [tapStep("ok"), tapStep("ok")] }), { clock }),
    BackendCrashError,
  );
});

const unsupported: Array<[string, Step, string]> = [
  [
    "manual with a bypass",
    { action: "manual", body: { label: "Solve the CAPTCHA", bypass: "TEST_CAPTCHA=off" } },
    "manual takeover step: Solve the CAPTCHA — wire a deterministic bypass: TEST_CAPTCHA=off",
  ],
  [
    "manual without a bypass",
    { action: "manual", body: { label: "Face ID" } },
    "manual takeover step: Face ID — no deterministic run-time equivalent",
  ],
  [
    "relaunch without a relauncher",
    { action: "relaunch", body: {} },
    "relaunch requires a real device environment",
  ],
  [
    "setLocation (device control)",
    { action: "setLocation", body: { lat: 1, lon: 2 } },
    "setLocation requires a real device environment",
  ],
  [
    "clearStatusBar (device control)",
    { action: "clearStatusBar", body: {} },
    "clearStatusBar requires a real device environment",
  ],
  [
    "email without a mailbox",
    {
      action: "email",
      body: { match: { to: "a@b" }, extract: { var: "code", bodyMatches: "\\d+" }, timeout: 5 },
    },
    "email: no mailbox configured (set targets.<name>.mailbox)",
  ],
  [
    "handleSystemAlert intent form",
    { action: "handleSystemAlert", body: { prompt: "notifications", choice: "deny", timeout: 1 } },
    "handleSystemAlert: the prompt/choice form requires localized alert labels (not available)",
  ],
];

for (const [name, step, reason] of unsupported) {
  Deno.test(`unsupported step fails with its reason: ${name}`, async () => {
    const { clock, driver } = fake();
    const r = await runScenario(driver, scenario({ steps: [step] }), { clock });
    assert.equal(r.failure, `step 0 (${step.action}): ${reason}`);
  });
}

Deno.test("web blocks fail: no WebView bridge configured", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{ action: "web", body: { within: { id: "wv" }, steps: [tapStep("ok")] } }],
    }),
    { clock },
  );
  assert.equal(r.failure, "step 0 (web): web: no WebView bridge configured");
});

Deno.test("pinch without the multiTouch capability fails", async () => {
  const { clock, driver } = fake();
  const limited = overrideDriver(driver, { capabilities: () => new Set(["query", "elements"]) });
  const r = await runScenario(
    limited,
    scenario({ steps: [{ action: "pinch", body: { sel: { id: "ok" }, scale: 2 } }] }),
    { clock },
  );
  assert.equal(r.failure, "step 0 (pinch): pinch requires a multi-touch capable backend");
});

Deno.test("relaunch goes through the injected relauncher with the step's overrides", async () => {
  const { clock, driver } = fake();
  const seen: unknown[] = [];
  const r = await runScenario(
    driver,
    scenario({ steps: [{ action: "relaunch", body: { env: { A: "1" }, args: ["-x"] } }] }),
    {
      clock,
      relauncher: async (o) => {
        seen.push(o);
        await driver.relaunch();
      },
    },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(seen, [{ env: { A: "1" }, args: ["-x"] }]);
  assert.equal(r.steps[0].waits, undefined, "no gate ran, no wait recorded");
});

Deno.test("a relaunch's readiness gate is recorded as the step's wait", async () => {
  const { clock, driver } = fake();
  const gate = {
    kind: "relaunch",
    endedBy: "timeout",
    reads: 7,
    seconds: 10,
    timeoutS: 10,
  } as const;
  const r = await runScenario(
    driver,
    scenario({ steps: [{ action: "relaunch", body: {} }] }),
    { clock, relauncher: () => Promise.resolve({ ...gate }) },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.steps[0].waits, [gate]);
});
