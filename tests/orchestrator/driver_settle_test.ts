/**
 * Settles a driver runs inside an action (the web driver's scroll settle) land on the step that
 * ran them as waits (docs/reports.md#waits).
 */
import assert from "node:assert/strict";
import type { DriverSettle } from "../../src/drivers/driver.ts";
import type { Step } from "../../src/scenario/types.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { fake, overrideDriver, scenario, tapStep } from "./helpers.ts";

Deno.test("driver settles: drained after each step onto that step's waits", async () => {
  const { clock, driver } = fake();
  const pending: DriverSettle[] = [];
  const settle: DriverSettle = {
    kind: "scroll-settle",
    endedBy: "timeout",
    reads: 31,
    seconds: 0.5,
    timeoutS: 2,
  };
  const settling = overrideDriver(driver, {
    tapPoint: async (p) => {
      await driver.tapPoint(p);
      pending.push(settle);
    },
    drainSettles: () => pending.splice(0),
  });
  const r = await runScenario(
    settling,
    scenario({
      steps: [{ action: "tapPoint", body: { x: 5, y: 5 } } as Step, tapStep("ok")],
    }),
    { clock },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  assert.deepEqual(r.steps[0].waits, [settle]);
  assert.equal(r.steps[1].waits, undefined);
});
