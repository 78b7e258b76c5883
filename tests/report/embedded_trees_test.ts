import assert from "node:assert/strict";
import { join } from "node:path";
import { loadElementTrees, treePaths } from "../../src/report/embedded_trees.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { smallRun } from "./fixtures.ts";

Deno.test("tree paths list failed scenarios first and never leave the run dir", () => {
  const input = smallRun();
  input.results[1].result.steps[0].artifacts = [
    { name: "../outside/elements.json", kind: "elements", provider: "runner" },
  ];
  assert.deepEqual(treePaths(buildManifest(input)), [
    "01-script-alert-x-script-co/step1/elements.json",
    "00-login/step0/elements.json",
    "00-login/check/elements.json",
  ]);
});

Deno.test("loadElementTrees stays within its byte budget, favouring failed scenarios", async () => {
  const runDir = await Deno.makeTempDir();
  try {
    const m = buildManifest(smallRun());
    const tree = JSON.stringify([{ identifier: "x".repeat(100) }]);
    for (const p of treePaths(m)) {
      await Deno.mkdir(join(runDir, p, ".."), { recursive: true });
      await Deno.writeTextFile(join(runDir, p), tree);
    }
    const two = await loadElementTrees(runDir, m, tree.length * 2);
    assert.deepEqual(Object.keys(two), [
      "01-script-alert-x-script-co/step1/elements.json",
      "00-login/step0/elements.json",
    ]);
    assert.equal(Object.keys(await loadElementTrees(runDir, m)).length, 3);
    assert.deepEqual(await loadElementTrees(runDir, m, tree.length - 1), {});
  } finally {
    await Deno.remove(runDir, { recursive: true });
  }
});
