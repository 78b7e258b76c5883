import assert from "node:assert/strict";
import type { Driver, Element } from "../../src/drivers/driver.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { RecordingSink } from "./recording_sink.ts";
import { fake, scenario, tapStep } from "./helpers.ts";

/** Records the reuse flag the loop hands to `sink.before`, per step dir. */
class ReuseSink extends RecordingSink {
  readonly reuse: [string, boolean][] = [];
  override before(
    d: Driver,
    stepDir: string,
    elements: Element[] | null,
    opts?: { reuseAfterShot?: boolean },
  ) {
    this.reuse.push([stepDir, opts?.reuseAfterShot ?? false]);
    return super.before(d, stepDir, elements);
  }
}

Deno.test("after-shot reuse: offered only when the pre baseline is the previous leaf step's post state", async () => {
  const { clock, driver } = fake();
  const sink = new ReuseSink();
  const ifStep = {
    action: "if",
    body: {
      condition: { kind: "exists", sel: { id: "home" }, negate: false },
      then: [tapStep("home")],
    },
  } as Step;
  await runScenario(
    driver,
    scenario({ steps: [tapStep("home"), tapStep("home"), ifStep, tapStep("home")] }),
    { clock, sink },
  );
  assert.deepEqual(sink.reuse, [
    ["step0", false], // nothing before the first step
    ["step1", true], // straight after step0's after-shot
    ["step3", false], // the if's condition snapshot replaced the post state
    ["step4", true],
  ]);
});

Deno.test("a wait step's outcome names the selector it waited for (reports only; no primary id)", async () => {
  const { clock, driver } = fake();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "wait", body: { for: { id: "home" }, timeout: 1 } } as Step,
        {
          action: "wait",
          body: { until: { kind: "gone", sel: { id: "nope" } }, timeout: 1 },
        } as Step,
        { action: "wait", body: { until: { kind: "settled" }, timeout: 0 } } as Step,
      ],
    }),
    { clock },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  assert.deepEqual(r.steps.map((s) => s.selector), [{ id: "home" }, { id: "nope" }, undefined]);
});
