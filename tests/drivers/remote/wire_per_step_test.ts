/**
 * Wire calls per step on a remote session, through the run loop with its always-on evidence
 * (before/after screenshots, the element tree): a step that needs geometry (a directional swipe,
 * `tapPoint`) or a "before" tree (the first step) uses the tree read just before when nothing was
 * sent since, instead of reading the screen again; a step whose body read the screen after its last
 * command (a scroll, a clear) keeps that read as its post-step tree, and a step that read nothing
 * still reads after it (docs/backends.md#wire-calls-per-step).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FileSink } from "../../../src/evidence/file_sink.ts";
import { Redactor } from "../../../src/evidence/redact.ts";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import { awaitReady } from "../../../src/runner/readiness.ts";
import type { Step } from "../../../src/scenario/types.ts";
import { realClock } from "../../../src/time/clock.ts";
import { FakeAppium } from "../../support/fake_appium/server.ts";
import { CONTRACT_SCREEN } from "../contract.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { contractApk, remoteEffective, remoteRun, startRemote } from "./fixture.ts";

const STEPS: Step[] = [
  { action: "tap", body: { id: "inc" } },
  { action: "swipe", body: { on: { id: "list" }, direction: "up" } },
  { action: "tapPoint", body: { x: 0.5, y: 0.1 } },
  { action: "wait", body: { for: { id: "taps" }, timeout: 5 } },
  { action: "scroll", body: { to: { id: "list.row12" }, within: { id: "list" } } },
  { action: "type", body: { into: { id: "name" }, text: "ab" } },
  { action: "clear", body: { into: { id: "name" } } },
  { action: "generate", body: { random: { int: { min: 1, max: 6 } }, into: { var: "n" } } },
] as Step[];

/** The calls of each step, session ids left out, and those sent before the first step. */
async function callsPerStep(): Promise<{ setup: string[]; steps: string[][]; ok: boolean }> {
  const appium = new FakeAppium({ apk: contractApk(CONTRACT_SCREEN) });
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-wire-" });
  const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
  try {
    const call = (i: number) => {
      const r = appium.server.requests[i];
      return `${r.method} ${
        r.pathname.replace(/^\/session\/[^/]+/, "").replace(/\/element\/[^/]+\//, "/element/:id/")
      }`;
    };
    const from = appium.server.requests.length;
    // The pool's readiness gate, as a lease runs it before the scenario.
    await awaitReady(driver, { clock: realClock });
    const setupEnd = appium.server.requests.length;
    const marks: number[] = [];
    const sink = new FileSink(join(dir, "run"), { redactor: new Redactor() });
    sink.beginScenario("00-wire");
    const result = await runScenario(driver, scenario({ steps: STEPS }), {
      clock: realClock,
      sink,
      scenarioId: "00-wire",
      onStepStart: () => marks.push(appium.server.requests.length),
    });
    await sink.flush();
    marks.push(appium.server.requests.length);
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, k) => call(a + k));
    return {
      setup: range(from, setupEnd),
      steps: marks.slice(0, -1).map((m, i) => range(m, marks[i + 1])),
      ok: result.ok,
    };
  } finally {
    await env.teardown();
    await appium.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("wire per step: swipe on an element and tapPoint resolve on the tree just read; the first step's before tree is the readiness read", async () => {
  const { setup, steps, ok } = await callsPerStep();
  assert.ok(ok);
  // Readiness: a read, then one more to see the screen settled.
  assert.deepEqual(setup, ["GET /source", "GET /source"]);
  // Within a step the after-shot and the post-step read go out side by side: order aside.
  assert.deepEqual(steps.map((calls) => [...calls].sort()), [
    // The before tree is the readiness read (no command since); the tap resolves on it too.
    ["GET /screenshot", "GET /screenshot", "GET /source", "POST /actions"],
    // The swipe's target and screen size come from the tap's post-step read.
    ["GET /screenshot", "GET /source", "POST /actions"],
    // tapPoint's screen size likewise.
    ["GET /screenshot", "GET /source", "POST /actions"],
    // A wait reads the screen itself; its read is the post-step tree.
    ["GET /screenshot", "GET /source"],
    // The target is not on the wait's tree: the screen is read again, scrolled once, re-read; that
    // last read is the post-step tree, and the screen size is the source's (no window/rect).
    ["GET /screenshot", "GET /source", "GET /source", "POST /actions"],
    // Tap the field, its reference, the text; then the after-shot and the post-step read.
    [
      "GET /element/active",
      "GET /screenshot",
      "GET /source",
      "POST /actions",
      "POST /element/:id/value",
    ],
    // The value to delete is on the typing step's post-step tree; the check read after deleting
    // (one key press per character on UiAutomator2) is the post-step tree.
    [
      "GET /screenshot",
      "GET /source",
      "POST /actions",
      "POST /execute/sync",
      "POST /execute/sync",
    ],
    // A step that sends nothing and reads nothing still reads the screen after it: the tree it
    // began with is not its own read (the app may have moved without the driver).
    ["GET /screenshot", "GET /source"],
  ]);
});
