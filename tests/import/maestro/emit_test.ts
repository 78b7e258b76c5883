import assert from "node:assert/strict";
import { emitScenario } from "../../../src/import/maestro/emit.ts";
import { loadScenarioText } from "../../../src/scenario/load.ts";
import { flow, translate } from "./helper.ts";

async function loads(text: string) {
  const loaded = await loadScenarioText(text, "/tmp/imported.yaml");
  assert.deepEqual(loaded.outcome.errors, [], text);
  return loaded.outcome.scenarios[0];
}

Deno.test("the written scenario loads, with the untranslated commands as comments in place", async () => {
  const s = translate(
    "appId: com.example.app\ntags: [smoke]\nonFlowComplete:\n  - runScript: cleanup.js\n---\n" +
      "- launchApp:\n    clearState: true\n- tapOn: Go\n- runScript: seed.js\n" +
      '- runFlow:\n    when:\n      visible: Promo\n    commands:\n      - hideKeyboard\n- inputText: "multi\\nline"\n',
  );
  const text = emitScenario(s);
  const scenario = await loads(text);
  assert.equal(scenario.steps.length, 3);
  assert.deepEqual(scenario.tags, ["smoke"]);
  assert.equal(scenario.preconditions.erase, true);
  const lines = text.split("\n");
  // The runScript stays where it stood, between the tap and the if, with its source.
  const at = lines.findIndex((l) => l.includes("W_MAESTRO_SCRIPT main.yaml:9: runScript"));
  assert.match(lines[at - 1], /- tap: \{ label: Go \}/);
  assert.equal(lines[at + 1], "    # - runScript: seed.js");
  assert.match(lines[at + 2], /- if:/);
  // A nested list of comments only is written as an empty list under its comments.
  const then = lines.findIndex((l) =>
    l.includes("W_MAESTRO_NO_EQUIVALENT main.yaml:14: hideKeyboard")
  );
  assert.match(lines[then + 2], /^ {8}then: \[\]$/);
  // The after rule keeps its comment and an empty step list.
  assert.ok(text.includes("# W_MAESTRO_SCRIPT main.yaml:4: runScript"), text);
  assert.deepEqual(scenario.after.map((r) => r.steps.length), [0]);
});

Deno.test("names read from the environment are listed in the header comment", () => {
  const text = emitScenario(translate(flow("- inputText: ${PASSWORD}\n- inputText: ${USER}\n")));
  assert.match(
    text,
    /^# Read from the environment: PASSWORD, USER \(list them under the config's secrets\)\.$/m,
  );
});

Deno.test("line breaks in the flow's text never end a comment line early", async () => {
  const s = translate(
    'appId: "com.a\\n- tap: {}"\n---\n- runScript: "x\\u2028- back: {}\\ny.js"\n- tapOn: Go\n',
  );
  const text = emitScenario(s);
  const scenario = await loads(text);
  assert.deepEqual(scenario.steps.map((st) => st.action), ["tap"]);
  assert.ok(!text.includes("\u2028"));
});
