/**
 * Assertion failure text names its element (docs/scenario-language.md#evaluating-assertions),
 * through `bajutsu run` on the fake backend as a real process: several failed assertions in a step
 * `assert:` and in `expect:` each carry their selector, in the manifest, the JUnit file and the HTML
 * report, and a secret inside a selector stays masked.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { jsonForScript } from "../../src/report/html/escape.ts";
import { runConfigProcess, tempDir } from "./run_fixture.ts";

const APP = `name: counter-app
initial: main
screens:
  main:
    - { id: counterLabel, label: "Count: 0", traits: [staticText], frame: [20, 100, 350, 40] }
    - { id: totalLabel, label: "Total: 0", traits: [staticText], frame: [20, 160, 350, 40] }
    - { id: save, label: Save, traits: [button, notEnabled], frame: [20, 700, 350, 50] }
`;

const SCENARIOS = `schema: 1
scenarios:
  - name: step assert
    steps:
      - assert:
          - label: { sel: { id: counterLabel }, equals: "Count: 5" }
          - label: { sel: { id: totalLabel }, equals: "Count: 5" }
          - enabled: { id: save }
  - name: expect block
    steps:
      - wait: { for: { id: save }, timeout: 1 }
    expect:
      - value: { sel: { id: counterLabel }, equals: "5" }
      - count: { sel: { traits: [staticText] }, atLeast: 3 }
      - exists: { label: "\${secrets.PIN}" }
`;

const PIN = 'p"1\\\\n';

const ASSERT_FAILURE = 'step 0 (assert): label {"id":"counterLabel"}: ' +
  'expected equals="Count: 5" but actual="Count: 0"; ' +
  'label {"id":"totalLabel"}: expected equals="Count: 5" but actual="Total: 0"; ' +
  'enabled {"id":"save"}: not enabled: traits=["button","notEnabled"]';

const EXPECT_FAILURE =
  'expect: value {"id":"counterLabel"}: expected equals="5" but actual=null; ' +
  'count {"traits":["staticText"]}: expected count atLeast=3 but n=2; ' +
  'exists {"label":"[REDACTED]"}: expected present but was absent';

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) out.push(...await filesUnder(path));
    else if (e.isFile) out.push(path);
  }
  return out;
}

Deno.test("run: every failed assertion names its selector in the manifest, JUnit and report", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    await Deno.writeTextFile(join(dir, "app.yaml"), APP);
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios", "counter.yaml"), SCENARIOS);
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      "defaults:\n  secrets: [PIN]\ntargets:\n  app:\n    platform: fake\n" +
        "    app: app.yaml\n    scenarios: scenarios\n",
    );
    const r = await runConfigProcess(config, join(dir, "runs"), [], { PIN });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout.at(-1)!, /^FAIL {2}/);
    const [asserted, expected] = r.manifest!.scenarios;
    assert.equal(asserted.failure, ASSERT_FAILURE);
    assert.equal(expected.failure, EXPECT_FAILURE);

    const runDir = join(r.stdout.at(-1)!.replace(/^FAIL {2}/, ""), "..");
    const junit = new XMLParser({ ignoreAttributes: false }).parse(
      await Deno.readTextFile(join(runDir, "junit.xml")),
    );
    const cases = junit.testsuite.testcase as { failure: { "@_message": string } }[];
    assert.deepEqual(cases.map((c) => c.failure["@_message"]), [ASSERT_FAILURE, EXPECT_FAILURE]);

    const html = await Deno.readTextFile(join(runDir, "report.html"));
    for (const failure of [ASSERT_FAILURE, EXPECT_FAILURE]) {
      assert.ok(html.includes(jsonForScript(failure)), `report.html lacks ${failure}`);
    }
    // No spelling of the secret (raw or JSON-escaped) reaches any file of the run.
    for (const path of await filesUnder(runDir)) {
      const text = new TextDecoder().decode(await Deno.readFile(path));
      for (const form of [PIN, JSON.stringify(PIN).slice(1, -1)]) {
        assert.equal(text.includes(form), false, `${path} leaks the secret`);
      }
    }
  } finally {
    await cleanup();
  }
});
