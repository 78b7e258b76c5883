import assert from "node:assert/strict";
import {
  capabilityGaps,
  preflight,
  unsupportedFeatures,
} from "../../src/orchestrator/preflight.ts";
import { FAKE_CAPABILITIES } from "../../src/drivers/fake/mod.ts";
import type { Step } from "../../src/scenario/types.ts";
import { scenario, tapStep } from "./helpers.ts";

const pinch: Step = { action: "pinch", body: { sel: { id: "map" }, scale: 2 } };
const select: Step = { action: "selectOption", body: { sel: { id: "s" }, option: "a" } };
const copy: Step = { action: "copy", body: {} };

Deno.test("preflight: a MUST-only scenario passes", () => {
  assert.equal(
    preflight(scenario({ steps: [tapStep("ok")] }), new Set(FAKE_CAPABILITIES), "fake"),
    null,
  );
});

Deno.test("preflight: LATER features fail with `E_UNSUPPORTED: <path>: <what>` and 0-based paths", () => {
  const s = scenario({
    before: [{ action: "setLocation", body: { lat: 1, lon: 2 } }],
    steps: [
      tapStep("ok"),
      {
        action: "if",
        body: {
          condition: { kind: "clipboard", op: { equals: "x" } },
          then: [tapStep("a", { capture: ["rawTree"] }), copy],
        },
      },
      { action: "forEach", body: { sel: { id: "r" }, as: "r", steps: [tapStep("a"), copy] } },
      {
        action: "assert",
        body: [{ kind: "exists", sel: { id: "a" }, negate: false }, {
          kind: "golden",
          path: "g.json",
        }],
      },
    ],
    expect: [{
      kind: "visual",
      baseline: "home.png",
      threshold: 0,
      colorTolerance: 0.1,
      antialiasing: true,
    }],
    permissions: { camera: "grant" },
  });
  assert.deepEqual(unsupportedFeatures(s), [
    "before > step 0: setLocation is not supported yet",
    "step 1 > if > condition: clipboard assertion is not supported yet",
    "step 1 > if > then[0] > capture[0]: capture rawTree is not supported yet",
    "step 1 > if > then[1]: copy is not supported yet",
    "step 2 > forEach[1]: copy is not supported yet",
    "step 3 > assert[1]: golden assertion is not supported yet",
    "expect[0]: visual assertion is not supported yet",
    "scenario.permissions: permissions are not supported yet",
  ]);
  assert.match(
    preflight(s, new Set(FAKE_CAPABILITIES))!,
    /^E_UNSUPPORTED: before > step 0: setLocation/,
  );
});

Deno.test("preflight: pinch and rotate run where the backend has two fingers, and are a capability gap elsewhere", () => {
  const rotate: Step = { action: "rotate", body: { sel: { id: "map" }, radians: 1 } };
  const s = scenario({ steps: [pinch, rotate] });
  assert.deepEqual(unsupportedFeatures(s), []);
  assert.equal(preflight(s, new Set(FAKE_CAPABILITIES), "fake"), null);
  assert.equal(
    preflight(s, new Set(["query", "elements"]), "playwright"),
    "unsupported on backend 'playwright': step 0: pinch needs 'multiTouch'; " +
      "step 1: rotate needs 'multiTouch'",
  );
});

Deno.test("preflight: capability gaps name the backend and the missing capability", () => {
  const s = scenario({ steps: [tapStep("ok"), select] });
  assert.deepEqual(capabilityGaps(s, new Set(["query", "elements"])), [
    "step 1: selectOption needs 'selectOption'",
  ]);
  assert.equal(
    preflight(s, new Set(["screenshot"]), "adb"),
    "unsupported on backend 'adb': running needs 'query'; running needs 'elements'; " +
      "step 1: selectOption needs 'selectOption'",
  );
});
