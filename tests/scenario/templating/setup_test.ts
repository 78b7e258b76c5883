import assert from "node:assert/strict";
import { join } from "node:path";
import { prependSetup } from "../../../src/scenario/templating/setup.ts";
import { getEntry, type PNode, toPlain } from "../../../src/yaml/pnode.ts";
import { withTree } from "./fixture_tree.ts";

const LOGIN = `- name: login prelude
  tags: [ignored]
  before: [{tap: {id: ignored}}]
  steps:
    - tap: {id: login}
    - use: {component: comps/creds.yaml}
- name: second scenario is ignored
  steps: [{tap: {id: nope}}]
`;

const steps = (n: PNode) => (toPlain(n) as { steps: unknown }).steps;

Deno.test("the first setup scenario's steps are prepended in order", async () => {
  await withTree({
    "setup/login.yaml": LOGIN,
    "main.yaml": `- name: s
  preconditions: {setup: setup/login.yaml}
  before: [{back: {}}]
  steps: [{tap: {id: mine}}]
`,
  }, async (t) => {
    const { node, errors } = await prependSetup(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(steps(node), [
      { tap: { id: "login" } },
      { use: { component: "comps/creds.yaml" } },
      { tap: { id: "mine" } },
    ]);
    // Only `steps` changes: the prelude's tags/before are ignored, the scenario's are kept.
    const plainNode = toPlain(node) as Record<string, unknown>;
    assert.deepEqual(plainNode.before, [{ back: {} }]);
    assert.ok(!("tags" in plainNode));
    // Prelude steps keep positions in the setup file.
    const list = getEntry(node, "steps")!.value;
    assert.ok(list.kind === "seq");
    assert.deepEqual(list.items[0].pos, {
      file: join(t.root, "setup/login.yaml"),
      line: 5,
      col: 7,
    });
    assert.equal(list.items[2].pos.file, t.ctx.topFile);
  });
});

Deno.test("a {scenarios: [...]} setup file works too", async () => {
  await withTree({
    "pre.yaml": "schema: 1\nscenarios:\n  - name: p\n    steps: [{tap: {id: p}}]\n",
    "main.yaml": "- name: s\n  preconditions: {setup: pre.yaml}\n  steps: []\n",
  }, async (t) => {
    const { node, errors } = await prependSetup(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(steps(node), [{ tap: { id: "p" } }]);
  });
});

Deno.test("the config setup applies when the scenario names none; the scenario's wins", async () => {
  await withTree({
    "cfg.yaml": "- name: c\n  steps: [{tap: {id: from-config}}]\n",
    "own.yaml": "- name: o\n  steps: [{tap: {id: from-scenario}}]\n",
    "main.yaml": `- name: plain
  steps: [{tap: {id: x}}]
- name: own
  preconditions: {setup: own.yaml}
  steps: [{tap: {id: x}}]
- name: empty
  preconditions: {setup: ""}
  steps: [{tap: {id: x}}]
`,
  }, async (t) => {
    const [plain, own, empty] = await Promise.all(
      t.scenarios.map((s) => prependSetup(s, t.ctx, "cfg.yaml")),
    );
    assert.deepEqual(steps(plain.node), [{ tap: { id: "from-config" } }, { tap: { id: "x" } }]);
    assert.deepEqual(steps(own.node), [{ tap: { id: "from-scenario" } }, { tap: { id: "x" } }]);
    assert.deepEqual(steps(empty.node), [{ tap: { id: "from-config" } }, { tap: { id: "x" } }]);
  });
});

Deno.test("without any setup the scenario is returned unchanged", async () => {
  await withTree({ "main.yaml": "- name: s\n  steps: [{tap: {id: x}}]\n" }, async (t) => {
    const r = await prependSetup(t.scenario, t.ctx);
    assert.deepEqual(r.errors, []);
    assert.equal(r.node, t.scenario);
  });
});

Deno.test("a missing setup file is E_IO at the setup reference", async () => {
  await withTree({
    "main.yaml": "- name: s\n  preconditions:\n    setup: gone.yaml\n  steps: []\n",
  }, async (t) => {
    const { node, errors } = await prependSetup(t.scenario, { ...t.ctx, scenarioPath: "[0]" });
    assert.deepEqual(errors.map((e) => [e.code, e.path, e.line]), [
      ["E_IO", "[0].preconditions.setup", 3],
    ]);
    assert.match(errors[0].message, /gone\.yaml.*not found/);
    assert.equal(node, t.scenario);
  });
});

Deno.test("a missing config setup file is E_IO naming it", async () => {
  await withTree({ "main.yaml": "- name: s\n  steps: []\n" }, async (t) => {
    const { errors } = await prependSetup(t.scenario, t.ctx, "nope.yaml");
    assert.deepEqual(errors.map((e) => e.code), ["E_IO"]);
    assert.match(errors[0].message, /config setup 'nope\.yaml'/);
  });
});

Deno.test("a scenario's setup must stay inside the suite root", async () => {
  await withTree({
    "../outside/pre.yaml": "- name: p\n  steps: [{tap: {id: p}}]\n",
    "main.yaml": "- name: s\n  preconditions: {setup: ../outside/pre.yaml}\n  steps: []\n",
  }, async (t) => {
    const { errors } = await prependSetup(t.scenario, t.ctx);
    assert.deepEqual(errors.map((e) => e.code), ["E_REF_OUTSIDE_ROOT"]);
    // The config's setup is trusted configuration, not scenario input.
    const fromConfig = await prependSetup(
      withoutPreconditions(t.scenario),
      t.ctx,
      "../outside/pre.yaml",
    );
    assert.deepEqual(fromConfig.errors, []);
    assert.deepEqual(steps(fromConfig.node), [{ tap: { id: "p" } }]);
  });
});

Deno.test("a setup file without scenarios or steps is reported", async () => {
  await withTree({
    "empty.yaml": "[]\n",
    "nosteps.yaml": "- name: p\n",
    "main.yaml": `- name: a
  preconditions: {setup: empty.yaml}
  steps: []
- name: b
  preconditions: {setup: nosteps.yaml}
  steps: []
`,
  }, async (t) => {
    const a = await prependSetup(t.scenarios[0], t.ctx);
    assert.deepEqual(a.errors.map((e) => [e.code, e.file]), [
      ["E_FILE_SHAPE", join(t.root, "empty.yaml")],
    ]);
    const b = await prependSetup(t.scenarios[1], t.ctx);
    assert.deepEqual(b.errors.map((e) => [e.code, e.path]), [["E_REQUIRED", "[0].steps"]]);
  });
});

/** The scenario without its preconditions, so the config setup applies. */
function withoutPreconditions(scenario: PNode): PNode {
  assert.ok(scenario.kind === "map");
  return { ...scenario, entries: scenario.entries.filter((e) => e.key !== "preconditions") };
}
