import assert from "node:assert/strict";
import { join } from "node:path";
import { writeReport } from "../../src/report/write_report.ts";
import { mergeRuns } from "../../src/report/merge.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import type { RunReportInput, ScenarioRecord } from "../../src/report/model.ts";
import type { RunResult } from "../../src/orchestrator/types.ts";

function record(name: string, sid: string, ok: boolean): ScenarioRecord {
  const result: RunResult = {
    scenario: name,
    ok,
    steps: [{
      index: 0,
      action: "tap",
      stepId: "step0",
      ok,
      reason: ok ? "" : 'no match: {"id":"x"}',
      durationS: 0.1,
      actuations: [],
      droppedActuations: 0,
      assertionResults: [],
      artifacts: [{ name: `${sid}/step0/after.png`, kind: "screenshot", provider: "driver" }],
      firedRules: [],
    }],
    expectResults: [],
    failure: ok ? null : 'step 0 (tap): no match: {"id":"x"}',
    beforeOutcomes: [],
    afterOutcomes: [],
    afterVerdict: "",
    durationS: 0.1,
    vars: {},
  };
  return {
    result,
    sid,
    backend: "fake",
    engine: "",
    device: "fake-0",
    deviceName: "Fake",
    deviceRuntime: "fake",
    artifacts: [],
    skippedCaptures: [],
    videoAnchorS: 0,
    startedAt: 1_767_225_600,
  };
}

async function shardRun(root: string, id: string, recs: ScenarioRecord[]): Promise<string> {
  const dir = join(root, id);
  for (const r of recs) {
    await Deno.mkdir(join(dir, r.sid, "step0"), { recursive: true });
    await Deno.writeTextFile(join(dir, r.sid, "step0", "after.png"), `png of ${r.result.scenario}`);
  }
  const input: RunReportInput = { runId: id, results: recs, sourceName: null };
  await writeReport(dir, input);
  return dir;
}

Deno.test("report merge: shard runs become one run with renumbered sids and copied evidence", async () => {
  const root = await Deno.makeTempDir();
  try {
    const a = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    const b = await shardRun(root, "20260101-000001", [
      record("checkout", "00-checkout", false),
      record("search", "01-search", true),
    ]);
    const out = join(root, "merged");
    const m = await mergeRuns([a, b], out);
    assert.deepEqual(validateManifest(m), []);
    assert.equal(m.ok, false);
    assert.deepEqual(m.scenarios.map((s) => s.sid), ["00-login", "01-checkout", "02-search"]);
    const shot = m.scenarios[1].steps[0].artifacts[0].name;
    assert.equal(shot, "01-checkout/step0/after.png");
    assert.equal(await Deno.readTextFile(join(out, shot)), "png of checkout");
    for (const f of ["manifest.json", "junit.xml", "ctrf.json", "report.html"]) {
      assert.ok((await Deno.stat(join(out, f))).isFile, f);
    }
    const junit = await Deno.readTextFile(join(out, "junit.xml"));
    assert.match(junit, /tests="3" failures="1"/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
