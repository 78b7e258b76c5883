import assert from "node:assert/strict";
import {
  collectCaptures,
  firedRules,
  intervalKinds,
  normalizeToken,
} from "../../src/orchestrator/evidence_rules.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { primarySelector } from "../../src/orchestrator/primary_selector.ts";
import { primaryId } from "../../src/selectors/mod.ts";
import type { CaptureRule, Selector, Step } from "../../src/scenario/types.ts";
import { fake, scenario, tapStep, twoScreenApp, waitForStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

const facts = { action: "tap" as const, primaryId: "login.submit", ok: true, screenChanged: false };

Deno.test("rule firing: action, action + idMatches glob, screenChanged, result error", () => {
  const policy: CaptureRule[] = [
    { on: { action: "tap" }, capture: ["screenshot"] },
    { on: { action: "tap", idMatches: "login.*" }, capture: ["rawTree"] },
    { on: { action: "tap", idMatches: "home.*" }, capture: ["rawTree"] },
    { on: { action: "longPress" }, capture: ["elements"] },
    { on: { event: "screenChanged" }, capture: ["elements"] },
    { on: { result: "error" }, capture: ["screenshot"] },
  ];
  assert.deepEqual(firedRules(policy, facts), [0, 1]);
  assert.deepEqual(firedRules(policy, { ...facts, screenChanged: true, ok: false }), [0, 1, 4, 5]);
  assert.deepEqual(firedRules(policy, { ...facts, primaryId: null }), [0]);
});

Deno.test("capture list: elements first, inline, fired rules, baseline; normalized and deduped", () => {
  const policy: CaptureRule[] = [
    { on: { action: "tap" }, capture: ["elements.after", "rawTree", "video"] },
    { on: { result: "error" }, capture: ["network", "screenshot.onError"] },
  ];
  assert.deepEqual(
    collectCaptures(["screenshot", "actionLog", "deviceLog"], policy, [0, 1], [
      "screenshot.after",
      "elements",
      "actionLog",
      "rawTree",
    ]),
    ["elements", "actionLog", "rawTree", "network"],
  );
  assert.deepEqual(collectCaptures(undefined, [], [], []), ["elements"]);
  assert.equal(normalizeToken("screenshot"), "screenshot.after");
  assert.equal(normalizeToken("elements.before"), "elements");
});

Deno.test("interval kinds come only from the step itself: inline, action rules, baseline", () => {
  const policy: CaptureRule[] = [
    { on: { action: "tap", idMatches: "login.*" }, capture: ["deviceLog"] },
    { on: { result: "error" }, capture: ["video"] },
    { on: { event: "screenChanged" }, capture: ["video"] },
  ];
  assert.deepEqual(intervalKinds(["video.around"], policy, "tap", "login.x", ["appTrace"]), [
    "video",
    "deviceLog",
  ]);
  assert.deepEqual(intervalKinds(undefined, policy, "tap", "home.x", []), []);
});

Deno.test("idMatches uses the primary id after substitution", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("${vars.b}")],
      capturePolicy: [{ on: { action: "tap", idMatches: "o?" }, capture: ["rawTree"] }],
    }),
    { clock, vars: { b: "ok" } },
  );
  assert.deepEqual(r.steps[0].firedRules, [0]);
});

Deno.test("firing is recorded per step and the sink receives the fired tokens", async () => {
  const { clock, driver } = fake(twoScreenApp());
  const sink = new RecordingSink();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        waitForStep("home", 1, { capture: ["network"] }),
        tapStep("ok"),
        waitForStep("nope", 0),
      ],
      capturePolicy: [
        { on: { action: "wait" }, capture: ["actionLog"] },
        { on: { event: "screenChanged" }, capture: ["rawTree"] },
        { on: { result: "error" }, capture: ["elements", "screenshot"] },
      ],
    }),
    { clock, sink, baselineCapture: ["screenshot.after", "elements", "actionLog"] },
  );
  assert.deepEqual(r.steps.map((s) => s.firedRules), [[0], [1], [0, 2]]);
  assert.deepEqual(sink.of("capture").map((c) => c.tokens), [
    ["elements", "network", "actionLog"],
    ["elements", "rawTree", "actionLog"],
    ["elements", "actionLog"],
  ]);
});

Deno.test("primary selector per action (docs/scenario-language.md#capturepolicy-rules); primary id is entry 0 of an id list", () => {
  const sel = { id: ["a.x", "b"] };
  const cases: Array<[Step, Selector | null]> = [
    [{ action: "tap", body: sel }, sel],
    [{ action: "doubleTap", body: sel }, sel],
    [{ action: "longPress", body: { sel, duration: 1 } }, sel],
    [{ action: "pinch", body: { sel, scale: 2 } }, sel],
    [{ action: "rotate", body: { sel, radians: 1 } }, sel],
    [{ action: "selectOption", body: { sel, option: "o" } }, sel],
    [{ action: "setPickerValue", body: { sel, value: "v" } }, sel],
    [{ action: "type", body: { text: "t", into: sel, submit: false } }, sel],
    [{ action: "type", body: { text: "t", submit: false } }, null],
    [{ action: "clear", body: { into: sel } }, sel],
    [{ action: "delete", body: { into: sel, count: 1 } }, sel],
    [{ action: "select", body: { into: sel, mode: "all" } }, sel],
    [{ action: "swipe", body: { on: sel, direction: "up" } }, sel],
    [{ action: "swipe", body: { from: [0, 0], to: [1, 1] } }, null],
    [{ action: "drag", body: { on: sel, direction: "up" } }, sel],
    [{ action: "scroll", body: { to: sel, direction: "down", maxScrolls: 15 } }, sel],
    [{ action: "handleSystemAlert", body: { sel, timeout: 1 } }, sel],
    [{ action: "wait", body: { for: sel, timeout: 1 } }, null],
    [{ action: "assert", body: [] }, null],
    [{ action: "tapPoint", body: { x: 0.5, y: 0.5 } }, null],
  ];
  for (const [step, want] of cases) assert.equal(primarySelector(step), want, step.action);
  assert.equal(primaryId(sel), "a.x");
  assert.equal(primaryId({ idMatches: "a.*" }), null);
  assert.equal(primaryId({ label: "A" }), null);
});
