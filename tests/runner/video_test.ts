import assert from "node:assert/strict";
import { scenarioWantsVideo } from "../../src/runner/video.ts";
import type { Scenario, Step } from "../../src/scenario/types.ts";
import { scenario } from "./doubles.ts";

const tap = (capture?: string[]): Step => ({ action: "tap", body: { id: "x" }, capture });

function withSteps(extra: Partial<Scenario>): Scenario {
  return { ...scenario("s"), ...extra };
}

Deno.test("video wanted: by the baseline, a capture rule, or any step of any phase", () => {
  assert.equal(scenarioWantsVideo(withSteps({ steps: [tap()] }), ["elements"]), false);
  assert.equal(scenarioWantsVideo(withSteps({ steps: [tap()] }), ["video"]), true);
  assert.equal(
    scenarioWantsVideo(
      withSteps({ capturePolicy: [{ on: { result: "error" }, capture: ["video.onError"] }] }),
      [],
    ),
    true,
  );
  assert.equal(scenarioWantsVideo(withSteps({ before: [tap(["video"])] }), []), true);
  assert.equal(
    scenarioWantsVideo(withSteps({ after: [{ on: "always", steps: [tap(["video"])] }] }), []),
    true,
  );
  const nested: Step = {
    action: "if",
    body: {
      condition: { kind: "exists", sel: { id: "a" }, negate: false },
      then: [],
      else: [tap(["video"])],
    },
  };
  assert.equal(scenarioWantsVideo(withSteps({ steps: [nested] }), []), true);
  assert.equal(scenarioWantsVideo(withSteps({ steps: [tap(["deviceLog"])] }), []), false);
});
