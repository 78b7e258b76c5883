/**
 * `until: screenChanged` under a system alert, through `bajutsu run` on the fake backend as a real
 * process (docs/scenario-language.md#wait): the wait compares with its first read, so once the
 * mid-wait alert guard dismisses the alert and a new screen shows, it passes well before its
 * timeout; the alert's own disappearance is not a change.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runConfigProcess, tempDir } from "./run_fixture.ts";

/**
 * A fake app whose `start` raises the permission alert; its "Don't Allow" leads to `next` when
 * `dontAllowGoesOn`, else back to the unchanged screen. `hidesTree: false` with an anonymous-only
 * screen keeps the tree collapsed (so the guard fires) while the alert's removal is the only change.
 */
function appYaml(dontAllowGoesOn: boolean): string {
  return `name: alert-app
initial: main
screens:
  main:
    - { label: Banner, traits: [staticText], frame: [0, 0, 390, 100] }
    - { label: Start, traits: [button], frame: [20, 700, 350, 50] }
  next:
    - { id: next, label: Next, traits: [staticText], frame: [20, 100, 350, 40] }
reactions:
  - on: { tap: { label: Start } }
    then: [ { alert: permission } ]
alerts:
  permission:
    title: Allow notifications?
    hidesTree: ${dontAllowGoesOn}
    buttons:
      - label: "Don't Allow"
        then: [ ${dontAllowGoesOn ? "{ goto: next }" : ""} ]
`;
}

/** Taps Start, then waits `timeout` seconds for the screen to change. */
const scenario = (timeout: number) =>
  `schema: 1
scenarios:
  - name: start under an alert
    steps:
      - tap: { label: Start }
      - wait: { until: screenChanged, timeout: ${timeout} }
`;

async function runUnderAlert(dontAllowGoesOn: boolean, timeout: number) {
  const { dir, cleanup } = await tempDir();
  try {
    await Deno.writeTextFile(join(dir, "app.yaml"), appYaml(dontAllowGoesOn));
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios", "alert.yaml"), scenario(timeout));
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      "targets:\n  app:\n    platform: fake\n    app: app.yaml\n    scenarios: scenarios\n",
    );
    return await runConfigProcess(config, join(dir, "runs"));
  } finally {
    await cleanup();
  }
}

interface WaitStep {
  ok: boolean;
  reason: string | null;
  alerts: { label: string }[];
  waits: { ended_by: string; seconds: number; watcher_acts: number; watcher_removed: number }[];
}

Deno.test("run: a screenChanged wait that starts under an alert passes once the guard's dismissal shows a new screen", async () => {
  const r = await runUnderAlert(true, 10);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout.at(-1)!, /^PASS {2}/);
  const steps = r.manifest!.scenarios[0].steps as WaitStep[];
  const wait = steps[1];
  assert.equal(wait.ok, true);
  assert.deepEqual(wait.alerts, [{ label: "Don't Allow" }]);
  assert.equal(wait.waits.length, 1, "passed mid-wait, without the end-of-step retry");
  assert.equal(wait.waits[0].ended_by, "changed");
  assert.equal(wait.waits[0].watcher_acts, 1);
  assert.ok(wait.waits[0].seconds < 1, `passed after ${wait.waits[0].seconds}s of 10s`);
});

Deno.test("run: the alert's own disappearance does not pass a screenChanged wait", async () => {
  const r = await runUnderAlert(false, 1);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout.at(-1)!, /^FAIL {2}/);
  const wait = (r.manifest!.scenarios[0].steps as WaitStep[])[1];
  assert.equal(wait.ok, false);
  assert.equal(wait.reason, "wait timeout: screenChanged (1s)");
  assert.equal(wait.waits[0].ended_by, "timeout");
  assert.equal(wait.waits[0].watcher_removed, 2, "the alert's scrim and its button");
});
