import assert from "node:assert/strict";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { fake, loggingDriver, scenario, tapStep, twoScreenApp, waitForStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

/** The log lines of one step directory's sink calls and the driver calls between them. */
function stepSlice(log: string[], stepDir: string, next?: string): string[] {
  const from = log.findIndex((l) => l.endsWith(` ${stepDir}`));
  const to = next === undefined ? log.length : log.findIndex((l) => l.endsWith(` ${next}`));
  return log.slice(from, to).filter((l) => !l.startsWith("driver.capabilities"));
}

Deno.test("step order: baseline, intervals before the act, after.png, post read, stop, capture", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  const sink = new RecordingSink(log);
  const r = await runScenario(
    loggingDriver(driver, log),
    scenario({
      steps: [tapStep("ok")],
      capturePolicy: [{ on: { action: "tap" }, capture: ["video"] }],
    }),
    { clock, sink },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(stepSlice(log, "step0"), [
    "sink.before step0",
    "sink.startIntervals step0",
    "driver.tap",
    "sink.afterShot step0",
    "driver.query",
    "sink.stopIntervals step0",
    "sink.capture step0",
    "driver.drainActuations",
  ]);
  assert.deepEqual(sink.of("startIntervals")[0].kinds, ["video"]);
  assert.deepEqual(r.steps[0].artifacts.map((a) => a.name), [
    "step0/before.png",
    "step0/after.png",
    "step0/video",
    "step0/elements.json",
  ]);
});

Deno.test("no pre-action query without a screenChanged rule", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  await runScenario(loggingDriver(driver, log), scenario({ steps: [tapStep("ok")] }), {
    clock,
    sink: new RecordingSink(log),
  });
  assert.equal(log[0], "sink.before step0");
  assert.deepEqual(
    log.filter((l) => l === "driver.query"),
    ["driver.query"], // only the post-step read
  );
});

Deno.test("a screenChanged rule reads the pre-action tree, then reuses the previous post tree", async () => {
  const { clock, driver } = fake(twoScreenApp());
  const log: string[] = [];
  const sink = new RecordingSink(log);
  const r = await runScenario(
    loggingDriver(driver, log),
    scenario({
      steps: [tapStep("ok"), waitForStep("done", 1)],
      capturePolicy: [{ on: { event: "screenChanged" }, capture: ["elements"] }],
    }),
    { clock, sink },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(log.slice(0, 2), ["driver.query", "sink.before step0"]);
  const step1 = stepSlice(log, "step1");
  assert.equal(step1[0], "sink.before step1"); // no fresh pre read: step0's post tree is reused
  assert.deepEqual(sink.of("before")[1].elements, sink.of("capture")[0].elements);
  // The tap changed the screen; the wait did not.
  assert.deepEqual(r.steps.map((s) => s.firedRules), [[0], []]);
});

Deno.test("after.png is shot right after the action, ahead of the wait diagnostic and extract reads", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  const sink = new RecordingSink(log);
  const extractStep: Step = {
    action: "tap",
    body: { id: "ok" },
    extract: { v: { sel: { id: "home" }, prop: "identifier" } },
  };
  const r = await runScenario(
    loggingDriver(driver, log),
    scenario({ steps: [extractStep, waitForStep("missing", 0.1)] }),
    { clock, sink },
  );
  assert.equal(r.vars.v, "home");
  const s0 = stepSlice(log, "step0", "step1");
  assert.ok(s0.indexOf("sink.afterShot step0") < s0.indexOf("driver.query"));
  const s1 = stepSlice(log, "step1");
  const shot = s1.indexOf("sink.afterShot step1");
  assert.ok(shot > s1.lastIndexOf("driver.query"), "the wait's own polls come first");
  assert.ok(shot < s1.indexOf("sink.waitDiagnostic step1"));
});

Deno.test("non-mutating steps reuse the tree they settled on instead of re-reading", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  const sink = new RecordingSink(log);
  await runScenario(
    loggingDriver(driver, log),
    scenario({
      steps: [waitForStep("ok", 1), {
        action: "assert",
        body: [{ kind: "exists", sel: { id: "home" }, negate: false }],
      }],
    }),
    { clock, sink },
  );
  for (const dir of ["step0", "step1"]) {
    const slice = stepSlice(log, dir, dir === "step0" ? "step1" : undefined);
    const shot = slice.indexOf(`sink.afterShot ${dir}`);
    assert.equal(slice.slice(shot).includes("driver.query"), false, `${dir} re-read its tree`);
    assert.equal(slice.filter((l) => l === "driver.query").length, 1);
  }
  assert.equal(sink.of("capture")[0].elements?.length, 2);
});

Deno.test("a for-wait timeout writes the wait diagnostic with its poll trace", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const r = await runScenario(driver, scenario({ steps: [waitForStep("missing", 0.2)] }), {
    clock,
    sink,
    readiness: { ready: true, signal: "count", elapsedSeconds: 0.1, settled: false },
  });
  assert.equal(r.failure, 'step 0 (wait): wait timeout: for {"id":"missing"} (0.2s)');
  const [diag] = sink.of("waitDiagnostic");
  assert.deepEqual(diag.trace, {
    target: '{"id":"missing"}',
    timeoutSeconds: 0.2,
    polls: 5,
    firstNonemptySeconds: 0,
    elementsAtTimeout: 2,
    readiness: { ready: true, signal: "count", elapsedSeconds: 0.1, settled: false },
  });
  assert.ok(r.steps[0].artifacts.some((a) => a.name === "step0/wait-timeout.json"));
});

Deno.test("a step that fails substitution keeps only the pre baseline", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const r = await runScenario(
    driver,
    scenario({ steps: [{ action: "tap", body: { labelMatches: "${vars.re}" } }] }),
    { clock, sink, vars: { re: "(" } },
  );
  assert.equal(r.ok, false);
  assert.match(
    r.failure!,
    /^step 0 \(tap\): invalid step after substitution: tap\.labelMatches: invalid regex: "\(": /,
  );
  assert.deepEqual(sink.calls.map((c) => c.method), ["before"]);
  assert.deepEqual(r.steps[0].artifacts.map((a) => a.name), ["step0/before.png"]);
});

Deno.test("actuations are drained once per step and land on that step", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), waitForStep("ok", 1), tapStep("home")] }),
    { clock },
  );
  assert.deepEqual(r.steps.map((s) => s.actuations.map((a) => `${a.gesture}:${a.target}`)), [
    ["tap:ok"],
    [],
    ["tap:home"],
  ]);
});

Deno.test("the outcome records the substituted primary selector and the source line", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "tap",
        body: { id: "${vars.target}" },
        pos: { file: "/s.yaml", line: 7, col: 5 },
      }],
    }),
    { clock, vars: { target: "ok" } },
  );
  assert.deepEqual(r.steps[0].selector, { id: "ok" });
  assert.equal(r.steps[0].line, 7);
  assert.equal(r.steps[0].file, "/s.yaml");
});

Deno.test("evidence dirs of hook phases are prefixed before/ and after/", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  await runScenario(
    driver,
    scenario({
      before: [tapStep("ok")],
      steps: [tapStep("ok")],
      after: [{ on: "always", steps: [tapStep("ok")] }],
    }),
    { clock, sink, scenarioId: "00-test" },
  );
  assert.deepEqual(sink.scenarios, ["00-test"]);
  assert.deepEqual(sink.of("afterShot").map((c) => c.stepDir), [
    "before/step0",
    "step0",
    "after/step0",
  ]);
});

Deno.test("step order with interrupts: baseline, intervals, interrupt read, act, after.png, post read", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  const sink = new RecordingSink(log);
  const r = await runScenario(
    loggingDriver(driver, log),
    scenario({
      steps: [tapStep("ok", { capture: ["deviceLog"] })],
      interrupts: [{
        condition: { kind: "exists", sel: { id: "promo" }, negate: false },
        steps: [],
      }],
    }),
    { clock, sink },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(stepSlice(log, "step0"), [
    "sink.before step0",
    "sink.startIntervals step0",
    "driver.query", // the interrupts pre-check
    "driver.exchanges",
    "driver.tap",
    "sink.afterShot step0",
    "driver.query", // the post tree
    "sink.stopIntervals step0",
    "sink.capture step0",
    "driver.drainActuations",
  ]);
});

Deno.test("step order of a timed-out for-wait: polls, after.png, diagnostic, stop, capture", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  const sink = new RecordingSink(log);
  const r = await runScenario(
    loggingDriver(driver, log),
    scenario({
      steps: [waitForStep("missing", 0.1)],
      capturePolicy: [{ on: { result: "error" }, capture: ["rawTree"] }],
    }),
    { clock, sink, baselineCapture: ["video"] },
  );
  assert.equal(r.ok, false);
  assert.deepEqual(stepSlice(log, "step0"), [
    "sink.before step0",
    "sink.startIntervals step0",
    "driver.query",
    "driver.query",
    "driver.query", // t = 0, 0.05, 0.1
    "sink.afterShot step0",
    "sink.waitDiagnostic step0",
    "sink.stopIntervals step0",
    "sink.capture step0",
    "driver.drainActuations",
  ]);
  // The diagnostic and elements.json both use the wait's last poll, not a fresh read.
  assert.equal(sink.of("waitDiagnostic")[0].elements, sink.of("capture")[0].elements);
  assert.deepEqual(sink.of("capture")[0].tokens, ["elements", "rawTree"]);
  assert.deepEqual(r.steps[0].firedRules, [0]);
});

Deno.test("container steps produce no evidence of their own; their children do", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        {
          action: "if",
          body: {
            condition: { kind: "exists", sel: { id: "home" }, negate: false },
            then: [tapStep("ok")],
          },
        },
        { action: "forEach", body: { sel: { id: "home" }, as: "x", steps: [tapStep("home")] } },
      ],
    }),
    { clock, sink },
  );
  assert.equal(r.ok, true);
  assert.deepEqual([...new Set(sink.calls.map((c) => c.stepDir))], ["step1", "step3"]);
  const containers = r.steps.filter((s) => s.action === "if" || s.action === "forEach");
  assert.deepEqual(containers.map((s) => [s.index, s.artifacts, s.actuations]), [
    [0, [], []],
    [2, [], []],
  ]);
});

Deno.test("an empty step name behaves as unset", async () => {
  const { clock, driver } = fake();
  const sink = new RecordingSink();
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok", { name: "" })] }), {
    clock,
    sink,
  });
  assert.equal(r.steps[0].stepId, "step0");
  assert.deepEqual(sink.of("afterShot").map((c) => c.stepDir), ["step0"]);
});

Deno.test("screenChanged fires for a wait step whose settled tree differs from the previous post tree", async () => {
  const { clock, driver } = fake(twoScreenApp(100));
  const sink = new RecordingSink();
  const r = await runScenario(
    driver,
    scenario({
      steps: [tapStep("ok"), {
        action: "wait",
        body: { until: { kind: "screenChanged" }, timeout: 1 },
      }],
      capturePolicy: [{ on: { event: "screenChanged" }, capture: ["rawTree"] }],
    }),
    { clock, sink },
  );
  assert.equal(r.ok, true);
  // The tap's effect lands 100 ms later: its own post read still shows `main`, so the change is
  // the wait's (pre = the tap's post tree).
  assert.deepEqual(r.steps.map((s) => s.firedRules), [[], [0]]);
  assert.deepEqual(sink.of("capture").map((c) => c.tokens), [["elements"], [
    "elements",
    "rawTree",
  ]]);
});
