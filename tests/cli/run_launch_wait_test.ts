/**
 * `bajutsu run` on the fake target records the launch readiness gate on every scenario of the
 * manifest (docs/reports.md#waits).
 */
import assert from "node:assert/strict";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { runFake, tempDir } from "./run_fixture.ts";

Deno.test("run: each scenario's manifest entry says what ended its launch readiness gate", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const run = await runFake({ runsDir: dir, exclude: ["broken"] });
    assert.ok(run.manifest, run.err.join("\n"));
    assert.ok(run.manifest.scenarios.length > 0);
    for (const s of run.manifest.scenarios) {
      const launch = s.launch as Record<string, unknown>;
      assert.equal(launch.kind, "launch", String(s.scenario));
      assert.equal(launch.ended_by, "stable");
      assert.ok(["readyWhen", "namespace", "count"].includes(String(launch.signal)));
      assert.ok(Number(launch.reads) >= 2, `reads ${launch.reads}`);
      assert.ok(Number(launch.timeout_s) > 0);
    }
    assert.deepEqual(validateManifest(run.manifest), []);
  } finally {
    await cleanup();
  }
});
