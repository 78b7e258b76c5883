import assert from "node:assert/strict";
import { buildManifest } from "../../src/report/manifest.ts";
import { manifestText } from "../../src/report/manifest_text.ts";
import { matrixRun, smallRun } from "./fixtures.ts";

Deno.test("manifest text parses back to the same manifest with the same key order", () => {
  for (const input of [smallRun(), matrixRun(), { ...smallRun(), results: [] }]) {
    const m = buildManifest(input);
    const text = manifestText(m);
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(m)));
    assert.equal(JSON.stringify(JSON.parse(text)), JSON.stringify(m));
    assert.ok(text.endsWith("}\n"));
  }
});

Deno.test("manifest text puts each scenario on its own line", () => {
  const m = buildManifest(smallRun());
  const lines = manifestText(m).split("\n");
  assert.equal(lines[1], '  "schemaVersion": 10,');
  const rows = lines.filter((l) => l.startsWith('    {"scenario":'));
  assert.equal(rows.length, 2);
  assert.deepEqual(JSON.parse(rows[0].replace(/,$/, "")), m.scenarios[0]);
});
