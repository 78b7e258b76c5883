import assert from "node:assert/strict";
import type { Driver, Element } from "../../src/drivers/driver.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { RecordingSink } from "./recording_sink.ts";
import { assertExists, fake, scenario, tapStep } from "./helpers.ts";

/** Records the hold flag the loop hands to `sink.before`, per step dir. */
class HoldSink extends RecordingSink {
  readonly holds: [string, boolean][] = [];
  override before(
    d: Driver,
    stepDir: string,
    elements: Element[] | null,
    opts?: { reuseAfterShot?: boolean; holdWrites?: boolean },
  ) {
    this.holds.push([stepDir, opts?.holdWrites ?? false]);
    return super.before(d, stepDir, elements);
  }
}

Deno.test("an assert step holds the queued evidence writes; a step that acts lets them go", async () => {
  const { clock, driver } = fake();
  const sink = new HoldSink();
  const assertStep = assertExists("home");
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("home"), assertStep, assertStep, tapStep("home")] }),
    { clock, sink },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  assert.deepEqual(sink.holds, [
    ["step0", false],
    ["step1", true],
    ["step2", true],
    ["step3", false],
  ]);
});
