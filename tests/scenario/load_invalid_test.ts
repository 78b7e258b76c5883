import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import { expectations, INVALID_DIR, yamlFilesIn } from "./fixture_paths.ts";

const fixtures = yamlFilesIn(INVALID_DIR);

for (const name of fixtures) {
  Deno.test(`invalid fixture ${name} reports exactly its expected errors`, async () => {
    const file = join(INVALID_DIR, name);
    const expected = expectations(await Deno.readTextFile(file));
    assert.ok(expected.length > 0, `${name} has no "# expect:" header`);
    const outcome = await loadScenarioFile(file, { rootDir: INVALID_DIR });
    const got = outcome.errors.map((e) => ({ code: e.code, line: e.line, col: e.col }));
    assert.deepEqual(got, expected);
    assert.deepEqual(outcome.scenarios, [], "a file with errors yields no scenarios");
  });
}

Deno.test("the invalid corpus has at least 70 one-problem files", () => {
  assert.ok(fixtures.length >= 70, `only ${fixtures.length} invalid fixtures`);
});

Deno.test("the invalid corpus covers every load-error code of the catalogue", async () => {
  const catalogue = [
    "E_YAML",
    "E_IO",
    "E_FILE_SHAPE",
    "E_SCHEMA_TOO_NEW",
    "E_SCHEMA_INVALID",
    "E_UNKNOWN_KEY",
    "E_DUPLICATE_KEY",
    "E_REQUIRED",
    "E_TYPE",
    "E_STEP_ACTIONS",
    "E_STEP_NAME",
    "E_CONTROL_FLOW_MODIFIER",
    "E_SELECTOR_EMPTY",
    "E_ID_CANDIDATES",
    "E_REGEX",
    "E_SWIPE_FORM",
    "E_AMOUNT",
    "E_TAPPOINT_RANGE",
    "E_PINCH_SCALE",
    "E_COUNT_POSITIVE",
    "E_WAIT_FORM",
    "E_ASSERTION_KIND",
    "E_ONE_OP",
    "E_REQUEST_EMPTY",
    "E_EVENT_EMPTY",
    "E_TRIGGER",
    "E_CAPTURE_TOKEN",
    "E_DATA_XOR",
    "E_COMPONENT",
    "E_REF_OUTSIDE_ROOT",
    "E_ALERT_SEL",
    "E_ALERT_FORM",
    "E_PERMISSION",
    "E_GENERATE",
    "E_VISUAL_ENGINE",
    "E_ENUM",
    "E_INDEX_NO_EFFECT",
    "E_KEY",
  ];
  const seen = new Set<string>();
  for (const name of fixtures) {
    for (const e of expectations(await Deno.readTextFile(join(INVALID_DIR, name)))) {
      seen.add(e.code);
    }
  }
  assert.deepEqual(catalogue.filter((c) => !seen.has(c)), []);
});

Deno.test("load errors never carry a stack trace and always point at a real position", async () => {
  for (const name of fixtures) {
    const outcome = await loadScenarioFile(join(INVALID_DIR, name), { rootDir: INVALID_DIR });
    for (const e of outcome.errors) {
      assert.ok(e.line >= 1 && e.col >= 1, `${name}: ${e.line}:${e.col}`);
      assert.ok(!/\n\s+at /.test(e.message), `${name}: stack trace in ${e.message}`);
      assert.ok(e.message.length > 0);
    }
  }
});

Deno.test("an unknown key error names the key path and suggests the closest key", async () => {
  const file = join(INVALID_DIR, "unknown_key_capture_rule.yaml");
  const [e] = (await loadScenarioFile(file, { rootDir: INVALID_DIR })).errors;
  assert.equal(e.path, "scenarios[0].capturePolicy[0].captures");
  assert.match(e.message, /unknown key "captures" \(did you mean "capture"\?\)/);
});

Deno.test("E_STEP_ACTIONS lists the keys it saw", async () => {
  const file = join(INVALID_DIR, "step_two_actions.yaml");
  const [e] = (await loadScenarioFile(file)).errors;
  assert.match(e.message, /exactly one action required/);
  assert.match(e.message, /tap, doubleTap/);
});

Deno.test("E_SCHEMA_TOO_NEW names both versions and says to upgrade", async () => {
  const [e] = (await loadScenarioFile(join(INVALID_DIR, "schema_too_new.yaml"))).errors;
  assert.match(e.message, /schema 2/);
  assert.match(e.message, /schema 1/);
  assert.match(e.message, /upgrade bajutsu/);
});

Deno.test("a number in a string slot hints to quote it", async () => {
  const file = join(INVALID_DIR, "type_number_in_string_slot.yaml");
  const [e] = (await loadScenarioFile(file)).errors;
  assert.equal(e.path, "scenarios[0].expect[0].value.equals");
  assert.match(e.message, /quote it/);
});

Deno.test("a duplicate key error names the key", async () => {
  const [e] = (await loadScenarioFile(join(INVALID_DIR, "yaml_duplicate_key.yaml"))).errors;
  assert.match(e.message, /duplicate key "name"/);
});

Deno.test("a missing file is one E_IO error", async () => {
  const outcome = await loadScenarioFile(join(INVALID_DIR, "does-not-exist.yaml"));
  assert.deepEqual(outcome.errors.map((e) => e.code), ["E_IO"]);
});
