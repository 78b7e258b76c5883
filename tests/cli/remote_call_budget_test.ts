/**
 * The remote backend's wire-call budget (docs/backends.md#wire-calls-per-step): `bajutsu run`, a
 * real process with the default evidence, runs one scenario of every common step kind on the fake
 * Appium server (UiAutomator2 sessions on the driver contract's screen) behind a counting proxy;
 * no step may make more wire calls than `bench/call_budget.json` allows its kind. Counts, never
 * times: cheap and exact on a loaded machine.
 */
import assert from "node:assert/strict";
import { runConfigProcess } from "./run_fixture.ts";
import { join } from "node:path";
import { FakeAppium } from "../support/fake_appium/server.ts";
import {
  type CallBudget,
  countingProxy,
  loadBudget,
  overBudget,
  perKind,
  perStep,
  type WireCall,
} from "../support/wire_calls.ts";
import { CONTRACT_SCREEN } from "../drivers/contract.ts";
import { contractApk, PACKAGE } from "../drivers/remote/fixture.ts";

/** Every step kind the budget covers, each more than once (a later step reuses less). */
const SCENARIO = `- name: every kind
  steps:
    - wait: { for: { id: inc }, timeout: 5 }
    - tap: { id: inc }
    - type: { into: { id: name }, text: "ada" }
    - assert: [{ label: { sel: { id: taps }, equals: "1" } }]
    - doubleTap: { id: twice }
    - longPress: { sel: { id: hold }, duration: 0.2 }
    - swipe: { on: { id: list }, direction: up }
    - tapPoint: { x: 0.5, y: 0.05 }
    - wait: { for: { id: taps }, timeout: 5 }
    - tap: { id: inc }
    - type: { into: { id: name }, text: "x" }
    - assert: [{ exists: { id: missing, negate: true } }]
    - tap: { id: twice }
    - scroll: { to: { id: list.row12 }, within: { id: list } }
    - clear: { into: { id: name } }
    - delete: { into: { id: name }, count: 1 }
    - back: {}
`;

function config(endpoint: string): string {
  return `targets:
  phone:
    package: ${PACKAGE}
    scenarios: scenarios
    deviceProvider:
      kind: appium
      endpoint: "${endpoint}"
      capabilities:
        platformName: Android
        appium:automationName: UiAutomator2
`;
}

// deno-lint-ignore no-explicit-any
type Json = any;

/** One `bajutsu run` of the scenario through the proxy: its steps and the calls of each. */
async function countedRun(): Promise<{ kinds: string[]; steps: WireCall[][]; manifest: Json }> {
  const appium = new FakeAppium({ apk: contractApk(CONTRACT_SCREEN) });
  const proxy = countingProxy(appium.url);
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-budget-" });
  try {
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios", "kinds.yaml"), SCENARIO);
    await Deno.writeTextFile(join(dir, "bajutsu.config.yaml"), config(proxy.url));
    const runsDir = join(dir, "runs");
    const out = await runConfigProcess(join(dir, "bajutsu.config.yaml"), runsDir, [
      "--no-progress",
    ]);
    const manifest: Json = out.manifest;
    assert.ok(manifest, `${out.stdout.join("\n")}\n${out.stderr}`);
    assert.equal(out.code, 0, `${out.stderr}\n${JSON.stringify(manifest.scenarios[0].failure)}`);
    const steps: Json[] = manifest.scenarios[0].steps;
    const marks = steps.map((s): [number, number] => [s.started_at, s.started_at + s.duration_s]);
    return {
      kinds: steps.map((s) => s.action),
      steps: perStep(proxy.calls, marks).steps,
      manifest,
    };
  } finally {
    await proxy.close();
    await appium.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** The breaches of one counted run, and its calls per step for the failure message. */
async function breachesOfOneRun(budget: CallBudget) {
  const { kinds, steps } = await countedRun();
  const counts = perKind(kinds, steps, budget.firstStepExtra ?? 0);
  const detail = kinds.map((k, i) => `  ${i} ${k}: ${steps[i].map((c) => c.command).join(", ")}`)
    .join("\n");
  return { counts, breaches: overBudget("remote", counts, budget), detail };
}

Deno.test("remote call budget: no step of `bajutsu run` on the fake Appium server makes more wire calls than bench/call_budget.json allows its kind", async () => {
  const budget = await loadBudget("remote");
  let run = await breachesOfOneRun(budget);
  // A tree older than the reuse window is read again: a machine stalled for half a second between
  // two steps adds a read. A call the code makes on purpose is there on the second run too.
  if (run.breaches.length > 0) run = await breachesOfOneRun(budget);
  assert.deepEqual(run.breaches, [], `${run.breaches.join("\n")}\ncalls per step:\n${run.detail}`);
  // Every kind the scenario has was counted, and the budget names no kind it does not exercise.
  assert.deepEqual(
    [...run.counts.keys()].sort(),
    Object.keys(budget).filter((k) => k !== "firstStepExtra").sort(),
  );
});

Deno.test("remote call budget: a step over its kind's budget, or of a kind without one, is named with its count and the budget", () => {
  const call = (at: number, command: string): WireCall => ({ at, command });
  const calls = [
    call(0.5, "POST /session"),
    call(1.1, "GET /screenshot"),
    call(1.2, "POST /actions"),
    call(1.3, "GET /screenshot"),
    call(1.4, "GET /source"),
    call(2.1, "GET /source"),
    call(2.2, "POST /actions"),
    call(2.3, "GET /screenshot"),
    call(2.4, "GET /source"),
    call(3.1, "GET /source"),
    call(3.2, "POST /actions"),
    call(3.3, "GET /screenshot"),
    call(9, "DELETE /session/:id"),
  ];
  const { steps, outside } = perStep(calls, [[1, 1.5], [2, 2.5], [3, 3.5]]);
  assert.deepEqual(steps.map((s) => s.length), [4, 4, 3]);
  assert.deepEqual(outside.map((c) => c.command), ["POST /session", "DELETE /session/:id"]);
  // The first step's baseline screenshot is left out of its kind's count.
  const counts = perKind(["tap", "tap", "swipe"], steps, 1);
  assert.deepEqual(counts.get("tap"), { steps: 2, calls: 7, max: 4 });
  assert.deepEqual(overBudget("remote", counts, { tap: 3, firstStepExtra: 1 }), [
    "remote tap: 4 calls in one step, over its budget of 3",
    "remote swipe: 3 calls in one step, and no budget for swipe",
  ]);
  assert.deepEqual(overBudget("remote", counts, { tap: 4, swipe: 3 }), []);
});
