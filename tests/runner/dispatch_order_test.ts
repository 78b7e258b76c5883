import assert from "node:assert/strict";
import { dispatchOrder, estimatedSteps } from "../../src/runner/dispatch_order.ts";
import { runAll } from "../../src/runner/run_all.ts";
import type { Scenario, Step } from "../../src/scenario/types.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { passing, recordingLeases, scenario } from "./doubles.ts";

const tap: Step = { action: "tap", body: { id: "x" } } as Step;
const withSteps = (name: string, n: number): Scenario => ({
  ...scenario(name),
  steps: Array.from({ length: n }, () => tap),
});

Deno.test("estimatedSteps counts hooks, after rules and container bodies", () => {
  const s = {
    before: [tap],
    steps: [
      tap,
      { action: "if", body: { condition: {}, then: [tap, tap], else: [tap] } } as unknown as Step,
      { action: "forEach", body: { sel: { id: "r" }, as: "row", steps: [tap] } } as Step,
    ],
    after: [{ on: "always" as const, steps: [tap, tap] }],
  };
  // before 1 + tap 1 + if (1 + 3) + forEach (1 + 1) + after 2
  assert.equal(estimatedSteps(s), 10);
});

Deno.test("dispatchOrder: declaration order for one lane, longest first for several", () => {
  const list = [
    withSteps("short", 2),
    withSteps("long", 9),
    withSteps("mid", 5),
    withSteps("mid2", 5),
  ];
  assert.deepEqual(dispatchOrder(list, 1), [0, 1, 2, 3]);
  assert.deepEqual(dispatchOrder(list, 2), [1, 2, 3, 0]);
});

Deno.test("runAll with two lanes starts the longest scenario first; records keep declaration order", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const list = [withSteps("a", 1), withSteps("b", 3), withSteps("c", 8), withSteps("d", 2)];
  const out = await runAll(list, lease, {
    clock,
    workers: 2,
    runScenario: (_d, s) => Promise.resolve(passing(s)),
    runOptions: () => ({}),
  });
  assert.deepEqual(log.requests.map((r) => r.scenario.name), ["c", "b", "d", "a"]);
  assert.deepEqual(out.map((r) => r.result.scenario), ["a", "b", "c", "d"]);
  assert.deepEqual(out.map((r) => r.sid), ["00-a", "01-b", "02-c", "03-d"]);
});
