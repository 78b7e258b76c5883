/**
 * Synthetic runs for report tests and the report benchmark: a small mixed run (pass, fail,
 * phases, assertions, app-controlled text with markup) and a large generated one.
 *
 * @module
 */
import type { Actuation } from "../../src/drivers/driver.ts";
import type { Artifact, StepOutcome } from "../../src/orchestrator/types.ts";
import type { ScenarioRecord } from "../../src/report/model.ts";
import type { RunReportInput } from "../../src/report/model.ts";
import type { ActionName, Selector } from "../../src/scenario/types.ts";

/** A name with every character the writers must escape. */
export const HOSTILE_NAME = `<script>alert("x")</script> & 'co'`;
export const HOSTILE_REASON = `no match: {"id":"<b>&amp;"}`;

const START = 1_714_558_500; // 2024-05-01T10:15:00Z

export function shots(dir: string): Artifact[] {
  return [
    { name: `${dir}/before.png`, kind: "screenshot", provider: "driver" },
    { name: `${dir}/after.png`, kind: "screenshot", provider: "driver" },
    { name: `${dir}/elements.json`, kind: "elements", provider: "runner" },
  ];
}

export function tapActuation(x: number, y: number, target: string | null): Actuation {
  return {
    gesture: "tap",
    via: "coordinate",
    unit: "point",
    points: [[x, y]],
    frame: null,
    target,
    accepted: true,
    durationS: null,
    scale: null,
    radians: null,
    substitution: null,
  };
}

export function step(
  index: number,
  action: ActionName,
  extra: Partial<StepOutcome> = {},
): StepOutcome {
  return {
    index,
    action,
    stepId: `step${index}`,
    ok: true,
    reason: "",
    durationS: 0.25,
    actuations: [],
    droppedActuations: 0,
    assertionResults: [],
    artifacts: [],
    firedRules: [],
    ...extra,
  };
}

/**
 * Two scenarios: `login` passes (before phase, tap, assert); the hostile-named one fails at
 * step 1 with a reason carrying markup, has an after phase and one planned step left.
 */
export function smallRun(runId = "20240501-101500"): RunReportInput {
  const sel: Selector = { id: "login.submit" };
  const pass: ScenarioRecord = {
    result: {
      scenario: "login",
      ok: true,
      steps: [
        step(0, "tap", {
          selector: sel,
          startedAt: START + 1,
          actuations: [tapActuation(10, 20, "login.submit")],
          artifacts: shots("00-login/step0"),
          firedRules: [0],
        }),
        step(1, "assert", {
          stepId: "check",
          startedAt: START + 1.5,
          assertionResults: [{
            ok: true,
            kind: "exists",
            detail: `present: id="home.title"`,
            reason: "",
          }],
          artifacts: shots("00-login/check"),
        }),
      ],
      expectResults: [{ ok: true, kind: "exists", detail: `present: id="home"`, reason: "" }],
      failure: null,
      beforeOutcomes: [step(0, "tap", { stepId: "dismiss", startedAt: START + 0.5 })],
      afterOutcomes: [],
      afterVerdict: "",
      durationS: 1.75,
      vars: {},
    },
    sid: "00-login",
    backend: "fake",
    engine: "",
    device: "lane-0",
    deviceName: "iPhone 15",
    deviceRuntime: "iOS 17.2",
    artifacts: [{ name: "00-login/network.json", kind: "network", provider: "collector" }],
    skippedCaptures: [],
    videoAnchorS: 0,
    startedAt: START,
    description: "signs in",
  };
  const fail: ScenarioRecord = {
    result: {
      scenario: HOSTILE_NAME,
      ok: false,
      steps: [
        step(0, "type", {
          startedAt: START + 3,
          generated: "user-42",
          stepId: "enter password",
          detail: 'typed "[REDACTED]" + return',
        }),
        step(1, "tap", {
          ok: false,
          reason: HOSTILE_REASON,
          selector: { id: "<b>&amp;" },
          startedAt: START + 3.5,
          durationS: 2,
          artifacts: shots("01-script-alert-x-script-co/step1"),
          alerts: [{ label: "Allow notifications?" }],
          dialogs: [{ kind: "confirm", text: "Leave?", answer: "dismissed" }],
          autoWait: {
            selector: { id: "<b>&amp;" },
            seconds: 0.3,
            polls: 7,
            ready: true,
            enabled: true,
          },
        }),
      ],
      expectResults: [],
      failure: `step 1 (tap): ${HOSTILE_REASON}`,
      beforeOutcomes: [],
      afterOutcomes: [step(0, "tap", { stepId: "logout" })],
      afterVerdict: "error",
      durationS: 4.5,
      vars: {},
    },
    sid: "01-script-alert-x-script-co",
    backend: "fake",
    engine: "",
    device: "lane-1",
    deviceName: "",
    deviceRuntime: "",
    artifacts: [],
    skippedCaptures: [{ kind: "video", reason: "no recorder" }],
    videoAnchorS: 0,
    startedAt: START + 2,
    target: "shop",
    plannedSteps: [
      { action: "type", stepId: "step0" },
      { action: "tap", stepId: "step1" },
      { action: "wait", stepId: "step2", selector: { id: "done" } },
    ],
  };
  return {
    runId,
    results: [pass, fail],
    sourceName: "login.yaml",
    provenance: { scenarioHash: "sha256:" + "0".repeat(64), toolVersion: "0.1.0" },
    scenarioYaml: "name: login\nsteps: []\n",
  };
}

/** The same two scenarios run on two engines (engine-major), for matrix output. */
export function matrixRun(): RunReportInput {
  const base = smallRun();
  const results = ["chromium", "firefox"].flatMap((engine) =>
    base.results.map((r) => ({
      ...r,
      engine,
      result: { ...r.result, ok: engine === "chromium" ? true : r.result.ok },
    }))
  );
  return { ...base, results };
}

/**
 * `scenarios` × `steps` scenarios without screenshots (benchmarks); every `failEvery`-th fails
 * at its last step. With `elements`, each step records an elements.json artifact.
 */
export function largeRun(
  scenarios: number,
  steps: number,
  opts: { failEvery?: number; elements?: boolean } = {},
): RunReportInput {
  const failEvery = opts.failEvery ?? 10;
  const results: ScenarioRecord[] = [];
  for (let i = 0; i < scenarios; i++) {
    const fails = failEvery > 0 && i % failEvery === failEvery - 1;
    const sid = `${String(i).padStart(2, "0")}-scenario-${i}`;
    const outcomes = Array.from(
      { length: steps },
      (_, k) =>
        step(k, k % 5 === 4 ? "assert" : "tap", {
          ok: !(fails && k === steps - 1),
          reason: fails && k === steps - 1 ? `no match: {"id":"item.${k}"}` : "",
          selector: { id: `item.${k}` },
          startedAt: START + i * 10 + k * 0.25,
          actuations: [tapActuation(k, k * 2, `item.${k}`)],
          artifacts: opts.elements
            ? [{ name: `${sid}/step${k}/elements.json`, kind: "elements", provider: "runner" }]
            : [],
          assertionResults: k % 5 === 4
            ? [{ ok: true, kind: "exists", detail: `present: id="item.${k}"`, reason: "" }]
            : [],
        }),
    );
    results.push({
      result: {
        scenario: `scenario ${i}`,
        ok: !fails,
        steps: outcomes,
        expectResults: [],
        failure: fails ? `step ${steps - 1} (tap): no match` : null,
        beforeOutcomes: [],
        afterOutcomes: [],
        afterVerdict: "",
        durationS: steps * 0.25,
        vars: {},
      },
      sid,
      backend: "playwright",
      engine: "",
      device: "lane-0",
      deviceName: "",
      deviceRuntime: "",
      artifacts: [],
      skippedCaptures: [],
      videoAnchorS: 0,
      startedAt: START + i * 10,
    });
  }
  return { runId: "20240501-101500", results, sourceName: "large.yaml" };
}
