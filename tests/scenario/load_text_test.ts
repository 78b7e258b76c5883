/** `loadScenarioText`: unsaved text loads as if it sat at a path (serve's lint). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioText } from "../../src/scenario/load.ts";

const VALID = new URL("../fixtures/scenarios/valid/", import.meta.url).pathname;

Deno.test("text next to its components expands them; errors carry line and column", async () => {
  const text = [
    "- name: uses a component",
    "  steps:",
    "    - use: { component: components/login.yaml, with: { email: a, password: b } }",
    "",
  ].join("\n");
  const ok = await loadScenarioText(text, join(VALID, "draft.yaml"));
  assert.equal(ok.kind, "scenario");
  assert.deepEqual(ok.outcome.errors, []);
  assert.deepEqual(ok.outcome.scenarios[0].steps.map((s) => s.action), ["type", "type", "tap"]);

  const elsewhere = await loadScenarioText(text, join(VALID, "..", "nowhere", "draft.yaml"));
  assert.ok(elsewhere.outcome.errors.length > 0, "the component is not found from another folder");

  const bad = await loadScenarioText("- name: x\n  steps:\n    - tapp: { id: a }\n", "/tmp/x.yaml");
  assert.deepEqual(
    bad.outcome.errors.map((e) => [e.file, e.line, e.col, e.code]),
    [["/tmp/x.yaml", 3, 7, "E_UNKNOWN_KEY"]],
  );
  const component = await loadScenarioText(
    "params: [a]\nsteps:\n  - tap: { id: x }\n",
    "/tmp/c.yaml",
  );
  assert.equal(component.kind, "component");
  assert.deepEqual(component.outcome.errors, []);
});
