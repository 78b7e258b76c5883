import assert from "node:assert/strict";
import { parseFakeApp } from "../../src/drivers/fake/app_file.ts";
import { createFakeDriver } from "../../src/drivers/fake/fake_driver.ts";
import {
  alertHandlingEnabled,
  dialogPolicy,
  DISMISSIVE_LABELS,
  guardLabels,
  nativeAlertGuard,
} from "../../src/runner/alert_guard.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import { FakeClock } from "../../src/time/clock.ts";

const APP = `
initial: home
screens:
  home:
    - { id: ask, label: Enable notifications, traits: [button], frame: [20, 100, 350, 44] }
    - { id: status, label: "Notifications: off", traits: [staticText], frame: [20, 200, 350, 30] }
    - { id: next, label: Next, traits: [button], frame: [20, 300, 350, 44] }
reactions:
  - on: { tap: ask }
    then: [ { alert: notifications } ]
  - on: { tap: next }
    then: [ { set: { target: status, label: "moved on" } } ]
alerts:
  notifications:
    title: Allow notifications?
    buttons: [ { label: "Don't Allow" }, { label: Allow } ]
`;

Deno.test("native alert guard: a step blocked by a system alert is retried after a dismissive tap", async () => {
  const clock = new FakeClock();
  const { app } = parseFakeApp(APP, "app.yaml");
  const driver = createFakeDriver(app!, { clock });
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/s.yaml`,
    "- name: s\n  steps:\n    - tap: { id: ask }\n    - tap: { id: next }\n  expect:\n    - label: { sel: { id: status }, equals: moved on }\n",
  );
  const { scenarios } = await loadScenarioFile(`${dir}/s.yaml`);
  const r = await runScenario(driver, scenarios[0], { clock, alertGuard: nativeAlertGuard() });
  assert.equal(r.ok, true, r.failure ?? "");
  assert.equal(r.steps[1].retried, true);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("native alert guard: no alert, or no dismissive button, dismisses nothing", async () => {
  const clock = new FakeClock();
  const { app } = parseFakeApp(APP, "app.yaml");
  const driver = createFakeDriver(app!, { clock });
  assert.equal(await nativeAlertGuard()(driver, null), null);
  await driver.tap({ id: "ask" });
  assert.equal(await nativeAlertGuard(["Later"])(driver, null), null);
  assert.equal(await nativeAlertGuard()(driver, null), "Don't Allow");
  assert.deepEqual(await driver.systemAlertLabels(), []);
});

Deno.test("alert handling: flag > scenario > target > on", () => {
  assert.equal(alertHandlingEnabled(undefined, undefined, undefined), true);
  assert.equal(alertHandlingEnabled(undefined, undefined, false), false);
  assert.equal(alertHandlingEnabled(undefined, { enabled: true }, false), true);
  assert.equal(alertHandlingEnabled(false, true, true), false);
});

Deno.test("alert guard labels: scenario labels > target labels > built-in", () => {
  assert.deepEqual(
    guardLabels({ enabled: true, labels: ["Later"] }, { enabled: true, labels: ["No"] }),
    ["Later"],
  );
  assert.deepEqual(guardLabels(true, { enabled: true, labels: ["No"] }), ["No"]);
  assert.equal(guardLabels(undefined, undefined), DISMISSIVE_LABELS);
});

Deno.test("dialogPolicy: off fails on a dialog; on dismisses unless a rule accepts its kind", () => {
  assert.deepEqual(dialogPolicy(false, undefined, undefined), { default: "fail", byKind: {} });
  assert.deepEqual(dialogPolicy(undefined, undefined, undefined), {
    default: "dismiss",
    byKind: {},
  });
  const target = {
    enabled: true,
    rules: [
      { prompt: "confirm" as const, choice: "grant" as const },
      { prompt: "prompt" as const, choice: "grant" as const },
      { prompt: "notifications" as const, choice: "deny" as const },
    ],
  };
  const scenario = {
    enabled: true,
    rules: [{ prompt: "prompt" as const, choice: "deny" as const }],
  };
  assert.deepEqual(dialogPolicy(undefined, scenario, target), {
    default: "dismiss",
    byKind: { confirm: "accept", prompt: "dismiss" },
  });
  // The flag wins: handling off on the command line fails on any dialog.
  assert.deepEqual(dialogPolicy(false, scenario, target).default, "fail");
});
