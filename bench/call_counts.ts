/**
 * Calls per step kind, the CI-cheap guard against a step that got slower by doing more
 * (docs/backends.md#page-calls-per-step): the page calls a web step makes on the demo app
 * (real Chromium, the 30-step flow with the demo's default evidence), and the driver calls a step
 * makes on the fake backend (the run loop's own share). Counts, not times: they do not depend on
 * the machine's load. `bench/call_budget.json` holds the budget per backend and step kind;
 * `tests/bench/call_budget_test.ts` fails when a kind makes more calls than that.
 *
 * @module
 */
import type { Browser, Page } from "playwright-core";
import type { Driver } from "../src/drivers/driver.ts";
import { createFakeDriver, fakeElement, singleScreenApp } from "../src/drivers/fake/mod.ts";
import { type PageCall, WebDriver } from "../src/drivers/web/web_driver.ts";
import { FileSink } from "../src/evidence/file_sink.ts";
import { Redactor } from "../src/evidence/redact.ts";
import { runScenario } from "../src/orchestrator/run_scenario.ts";
import { UNTIMED_CALLS } from "../src/orchestrator/latency_meter.ts";
import type { StepOutcome } from "../src/orchestrator/types.ts";
import { loadScenarioText } from "../src/scenario/load.ts";
import type { CaptureToken, Scenario } from "../src/scenario/types.ts";
import { FakeClock, realClock } from "../src/time/clock.ts";

/** The demo's default evidence (demos/web/bajutsu.config.yaml `defaults.capture`). */
export const DEMO_CAPTURE: CaptureToken[] = ["screenshot.after", "elements", "actionLog"];

/** The calls of one step: its kind and what it called, in order. */
export interface StepCalls {
  index: number;
  action: string;
  calls: PageCall[];
  durationS: number;
}

/**
 * The calls a step counts for: a run of the same call in a row is one (a wait's polls are re-reads
 * of one kind of work; their number follows the app's timing, not the step's cost).
 */
export function countedCalls(calls: readonly PageCall[]): number {
  let n = 0;
  for (let i = 0; i < calls.length; i++) if (i === 0 || calls[i].what !== calls[i - 1].what) n++;
  return n;
}

/**
 * The most calls a step of each kind made, leaving out the scenario's first step (it pays the
 * page's one-time set-up: the frame watch, the screen epoch's observer, the first before-shot).
 */
export function callsByKind(steps: readonly StepCalls[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) {
    if (s.index === 0) continue;
    out[s.action] = Math.max(out[s.action] ?? 0, countedCalls(s.calls));
  }
  return out;
}

/** The first steps of the demo flow: past onboarding, logged in with `password` (YAML text). */
function loginSteps(password: string): string[] {
  return [
    "    - tap: { id: onboarding.skip }",
    "    - wait: { for: { id: login.username }, timeout: 5 }",
    "    - type: { text: demo, into: { id: login.username } }",
    `    - type: { text: ${password}, into: { id: login.password }, submit: true }`,
    "    - wait: { for: { id: home.title }, timeout: 5 }",
    "    - tap: { id: home.counter }",
  ];
}

/** The 30-step demo flow (bench/demo.ts runs it too); `password` is YAML text. */
export function demoFlowYaml(password = "secret123", increments = 10): string {
  const count = Array.from({ length: increments }, (_, i) => [
    "    - tap: { id: counter.increment }",
    `    - assert: [{ value: { sel: { id: counter.value }, equals: "${i + 1}" } }]`,
  ]).flat();
  return [
    "- name: thirty step flow",
    "  steps:",
    ...loginSteps(password),
    "    - wait: { for: { id: counter.value }, timeout: 5 }",
    ...count,
    "    - tap: { id: nav.back }",
    "    - wait: { for: { id: home.title }, timeout: 5 }",
    '    - assert: [{ label: { sel: { id: home.title }, equals: "Welcome, demo" } }]',
    "",
  ].join("\n");
}

/** Parses scenario text (it must be valid). */
export async function scenarioOf(yaml: string): Promise<Scenario> {
  const loaded = await loadScenarioText(yaml, "call-counts.yaml");
  const { scenarios, errors } = loaded.outcome;
  if (errors.length > 0) throw new Error(`invalid scenario: ${JSON.stringify(errors)}`);
  return scenarios[0];
}

/**
 * Runs `scenario` on `driver` with a FileSink under `dir` and the demo's capture, giving each
 * step the calls `record` saw while it ran.
 */
async function stepsWithCalls(
  driver: Driver,
  scenario: Scenario,
  dir: string,
  calls: PageCall[],
  clock = realClock,
): Promise<StepCalls[]> {
  const sink = new FileSink(dir, { redactor: new Redactor() });
  const marks: { index: number; at: number }[] = [];
  const outcomes: StepOutcome[] = [];
  const r = await runScenario(driver, scenario, {
    clock,
    sink,
    scenarioId: "00-call-counts",
    baselineCapture: DEMO_CAPTURE,
    onStepStart: (phase, index) => {
      if (phase === "steps") marks.push({ index, at: calls.length });
    },
    onStep: (phase, outcome) => {
      if (phase === "steps") outcomes.push(outcome);
    },
  });
  await sink.flush();
  if (!r.ok) throw new Error(`call-count flow failed: ${r.failure}`);
  return outcomes.map((o, i) => ({
    index: o.index,
    action: o.action,
    calls: calls.slice(marks[i].at, marks[i + 1]?.at ?? calls.length),
    durationS: o.durationS,
  }));
}

/**
 * The demo flow on a fresh context of `browser` at `baseUrl`, every page call recorded by step.
 * `prepare` may change the page before the flow (add frames, shadow roots).
 */
export async function webFlowCalls(
  browser: Browser,
  baseUrl: string,
  dir: string,
  yaml = demoFlowYaml(),
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<StepCalls[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const calls: PageCall[] = [];
    const driver = new WebDriver({
      page,
      engine: "chromium",
      onPageCall: (call) => calls.push(call),
    });
    await driver.navigate(`${baseUrl}/`);
    await prepare(page);
    calls.length = 0;
    return await stepsWithCalls(driver, await scenarioOf(yaml), dir, calls);
  } finally {
    await context.close();
  }
}

/** Driver members that are bookkeeping, not calls to the device. */
const NOT_CALLS: ReadonlySet<string> = new Set([...UNTIMED_CALLS, "name"]);

/** `driver` with every device call appended to `calls` (time 0: the fake answers at once). */
export function countingDriver<D extends Driver>(driver: D, calls: PageCall[]): D {
  return new Proxy(driver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      // Private fields need the real object as `this`.
      if (typeof prop !== "string" || NOT_CALLS.has(prop)) return value.bind(target);
      return (...args: unknown[]) => {
        calls.push({ what: prop, ms: 0 });
        return value.apply(target, args);
      };
    },
  });
}

/** A fake app with the demo flow's elements, all on one screen. */
function fakeFlowApp() {
  const button = (id: string, y: number, extra = {}) =>
    fakeElement({ identifier: id, frame: [20, y, 200, 40], traits: ["button"], ...extra });
  return singleScreenApp([
    button("onboarding.skip", 20),
    fakeElement({ identifier: "login.username", frame: [20, 80, 200, 40], traits: ["textField"] }),
    fakeElement({ identifier: "login.password", frame: [20, 140, 200, 40], traits: ["textField"] }),
    fakeElement({ identifier: "home.title", label: "Welcome, demo", frame: [20, 200, 200, 40] }),
    button("home.counter", 260),
    button("counter.increment", 320),
    fakeElement({ identifier: "counter.value", value: "0", frame: [20, 380, 200, 40] }),
    button("nav.back", 440),
  ]);
}

/** The flow's step kinds on the fake backend: taps, typing, waits and value-free assertions. */
export function fakeFlowYaml(): string {
  return [
    "- name: fake flow",
    "  steps:",
    ...loginSteps("secret123"),
    "    - tap: { id: counter.increment }",
    "    - assert: [{ exists: { id: counter.value } }]",
    "    - tap: { id: counter.increment }",
    "    - assert: [{ exists: { id: counter.value } }]",
    "    - tap: { id: nav.back }",
    '    - assert: [{ label: { sel: { id: home.title }, equals: "Welcome, demo" } }]',
    "",
  ].join("\n");
}

/** The fake flow with every driver call recorded by step. */
export async function fakeFlowCalls(dir: string): Promise<StepCalls[]> {
  const clock = new FakeClock();
  const calls: PageCall[] = [];
  const driver = countingDriver(createFakeDriver(fakeFlowApp(), { clock }), calls);
  return await stepsWithCalls(driver, await scenarioOf(fakeFlowYaml()), dir, calls, clock);
}
