/**
 * Scenarios, the config and the fake app file are read with one YAML toolkit: the same mistake
 * reads the same in all three (the config and the fake app file used to say "a sequence", "must
 * be one of", "(expected one of: …)" and gave no "did you mean" hint).
 */
import assert from "node:assert/strict";
import { parseYaml } from "../../src/yaml/parse.ts";
import { parseConfig } from "../../src/config/parse_config.ts";
import { parseFakeApp } from "../../src/drivers/fake/app_file.ts";
import { loadScenarioText } from "../../src/scenario/load.ts";
import type { LoadError } from "../../src/yaml/load_error.ts";

function configErrors(text: string): LoadError[] {
  const { node, errors } = parseYaml(text, "bajutsu.config.yaml");
  assert.deepEqual(errors, []);
  return parseConfig(node, "bajutsu.config.yaml", ".").errors;
}

function fakeAppErrors(text: string): LoadError[] {
  return parseFakeApp(text, "app.yaml").errors;
}

async function scenarioErrors(text: string): Promise<LoadError[]> {
  return (await loadScenarioText(text, "suite/x.yaml")).outcome.errors;
}

const SCREEN = "initial: a\nscreens:\n  a:\n    - { id: x, frame: [0, 0, 10, 10]";

Deno.test("a mapping where a list belongs: 'expected …(a) list…, got a mapping' in every file", async () => {
  const all = [
    ...configErrors("defaults:\n  secrets: { a: b }\n"),
    ...fakeAppErrors(`${SCREEN}, traits: { a: b } }\n`),
    ...await scenarioErrors("- name: x\n  tags: { a: b }\n  steps: []\n"),
  ];
  assert.equal(all.length, 3, JSON.stringify(all));
  for (const e of all) {
    assert.equal(e.code, "E_TYPE");
    assert.match(e.message, /^expected (a list|a list of strings), got a mapping$/, e.message);
  }
});

Deno.test("a misspelt key gets the same 'did you mean' hint in every file", async () => {
  const all = [
    ...configErrors("defaults:\n  secrts: [A]\n"),
    ...fakeAppErrors(`${SCREEN}, lable: Go }\n`),
    ...await scenarioErrors("- name: x\n  stpes: []\n"),
  ].filter((e) => e.code === "E_UNKNOWN_KEY");
  assert.deepEqual(all.map((e) => e.message.replace(/; allowed: .*$/, "")), [
    'unknown key "secrts" (did you mean "secrets"?)',
    'unknown key "lable" (did you mean "label"?)',
    'unknown key "stpes" (did you mean "steps"?)',
  ]);
});

Deno.test("a word outside a closed set reads 'expected one of …, got string \"…\"' in every file", async () => {
  const all = [
    ...configErrors("targets:\n  web:\n    baseUrl: http://x\n    browser: opera\n"),
    ...fakeAppErrors(`initial: a\nscreens:\n  a: { elements: [], collapsed: sometimes }\n`),
    ...await scenarioErrors(
      "- name: x\n  steps:\n    - scroll: { to: { id: a }, direction: sideways }\n",
    ),
  ].filter((e) => e.code === "E_ENUM");
  assert.equal(all.length, 3, JSON.stringify(all));
  for (const e of all) assert.match(e.message, /^expected one of .+, got string "\w+"$/, e.message);
});

Deno.test("a wrong scalar type reads 'expected a boolean (true or false), got …' in every file", async () => {
  const all = [
    ...configErrors("targets:\n  web:\n    baseUrl: http://x\n    headless: maybe\n"),
    ...fakeAppErrors(`${SCREEN}, hidden: maybe }\n`),
    ...await scenarioErrors("- name: x\n  preconditions: { erase: maybe }\n  steps: []\n"),
  ].filter((e) => e.code === "E_TYPE");
  assert.equal(all.length, 3, JSON.stringify(all));
  for (const e of all) {
    assert.equal(e.message, 'expected a boolean (true or false), got string "maybe"');
  }
});
