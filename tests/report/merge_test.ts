import assert from "node:assert/strict";
import { join } from "node:path";
import { writeReport } from "../../src/report/write_report.ts";
import { mergeRuns } from "../../src/report/merge.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import {
  ManifestPathError,
  ManifestVersionError,
  MergeTargetError,
  ReportWriteError,
} from "../../src/report/errors.ts";
import type { RunReportInput, ScenarioRecord } from "../../src/report/model.ts";
import type { RunResult } from "../../src/orchestrator/types.ts";

function record(name: string, sid: string, ok: boolean, engine = ""): ScenarioRecord {
  const prefix = engine ? `${engine}/` : "";
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
      artifacts: [
        { name: `${prefix}${sid}/step0/after.png`, kind: "screenshot", provider: "driver" },
        { name: `${prefix}${sid}/step0/elements.json`, kind: "elements", provider: "runner" },
      ],
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
    engine,
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
    const step = join(dir, r.engine, r.sid, "step0");
    await Deno.mkdir(step, { recursive: true });
    await Deno.writeTextFile(join(step, "after.png"), `png of ${r.result.scenario}`);
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

Deno.test("report merge: the merged report shows wall time and the target of each scenario", async () => {
  const root = await Deno.makeTempDir();
  try {
    // Two shards on two machines, at the same time: wall time is not the sum of durations.
    const web = { ...record("login", "00-login", true), target: "web", startedAt: 1000 };
    web.result = { ...web.result, durationS: 30 };
    const phone = { ...record("login", "00-login", true), target: "ios", startedAt: 1010 };
    phone.result = { ...phone.result, durationS: 40 };
    const a = await shardRun(root, "20260101-000000", [web]);
    const b = await shardRun(root, "20260101-000001", [phone]);
    const m = await mergeRuns([a, b], join(root, "merged"));
    assert.deepEqual(m.scenarios.map((s) => [s.target, s.started_at]), [["web", 1000], [
      "ios",
      1010,
    ]]);
    const html = await Deno.readTextFile(join(root, "merged", "report.html"));
    assert.ok(html.includes(">wall 50.0s</span>"), "from the first start to the last end");
    assert.ok(html.includes(">Σ 1m 10s</span>"));
    assert.ok(html.includes(">targets: web, ios</span>"));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

async function withRoot(fn: (root: string) => Promise<void>) {
  const root = await Deno.makeTempDir();
  try {
    await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** The parts of a stored manifest the hostile edits below touch. */
interface RawManifest {
  schemaVersion: unknown;
  scenarios: {
    sid: string;
    engine: string;
    steps: { artifacts: { name: string }[] }[];
    artifacts: unknown[];
    after_outcomes: unknown[];
  }[];
}

/** Rewrites a shard's manifest.json through `edit` (a hand-crafted or hostile shard). */
async function editManifest(dir: string, edit: (m: RawManifest) => void) {
  const path = join(dir, "manifest.json");
  const m = JSON.parse(await Deno.readTextFile(path));
  edit(m);
  await Deno.writeTextFile(path, JSON.stringify(m));
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

const OUTSIDE_SECRET = "outside-secret-7f3a";

Deno.test("report merge: a sid climbing out of its shard is refused before anything is read or written", async () => {
  await withRoot(async (root) => {
    // read: <shard>/00-a/../../victim = <root>/victim; write: <out>/00-a/../../victim = <root>/runs/victim
    await Deno.writeTextFile(join(root, "victim"), OUTSIDE_SECRET);
    const shard = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    await editManifest(shard, (m) => (m.scenarios[0].sid = "00-a/../../victim"));
    const out = join(root, "runs", "merged");
    await assert.rejects(() => mergeRuns([shard], out), (e: ManifestPathError) => {
      assert.ok(e instanceof ManifestPathError);
      assert.equal(e.code, "E_MANIFEST_PATH");
      assert.equal(e.field, "scenarios[0].sid");
      assert.ok(e.message.includes('scenarios[0].sid "00-a/../../victim"'), e.message);
      return true;
    });
    assert.equal(await exists(join(root, "runs", "victim")), false);
    assert.equal(await exists(out), false);
  });
});

Deno.test("report merge: engine and artifact paths are checked, naming the field", async () => {
  const cases: [string, (m: RawManifest) => void, string][] = [
    ["engine", (m) => (m.scenarios[0].engine = "../.."), "scenarios[0].engine"],
    ["sid", (m) => (m.scenarios[0].sid = ".."), "scenarios[0].sid"],
    ["empty sid", (m) => (m.scenarios[0].sid = ""), "scenarios[0].sid"],
    ["absolute sid", (m) => (m.scenarios[0].sid = "/etc"), "scenarios[0].sid"],
    [
      "step artifact",
      (m) => (m.scenarios[0].steps[0].artifacts[0].name = "00-login/../../x.png"),
      "scenarios[0].steps[0].artifacts[0].name",
    ],
    [
      "scenario artifact",
      (m) => (m.scenarios[0].artifacts = [{ name: "/etc/passwd", kind: "network" }]),
      "scenarios[0].artifacts[0].name",
    ],
    [
      "after hook artifact",
      (m) => (m.scenarios[0].after_outcomes = [{ index: 0, artifacts: [{ name: "a\\..\\b" }] }]),
      "scenarios[0].after_outcomes[0].artifacts[0].name",
    ],
  ];
  for (const [label, edit, field] of cases) {
    await withRoot(async (root) => {
      const shard = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
      await editManifest(shard, edit);
      await assert.rejects(() => mergeRuns([shard], join(root, "merged")), (e: Error) => {
        assert.ok(e instanceof ManifestPathError, `${label}: ${e}`);
        assert.equal(e.field, field, label);
        return true;
      });
      assert.equal(await exists(join(root, "merged")), false, label);
    });
  }
});

Deno.test("report merge: an engine folder symlinked out of the shard is skipped with a warning", async () => {
  await withRoot(async (root) => {
    const shard = await shardRun(root, "20260101-000000", [
      record("login", "00-login", true, "chromium"),
    ]);
    // The shard's chromium/ folder now leads to a folder elsewhere holding a secret tree.
    const elsewhere = join(root, "elsewhere");
    await Deno.mkdir(join(elsewhere, "00-login", "step0"), { recursive: true });
    await Deno.writeTextFile(
      join(elsewhere, "00-login", "step0", "elements.json"),
      JSON.stringify([{ identifier: OUTSIDE_SECRET }]),
    );
    await Deno.remove(join(shard, "chromium"), { recursive: true });
    await Deno.symlink(elsewhere, join(shard, "chromium"));
    const warnings: string[] = [];
    const out = join(root, "merged");
    await mergeRuns([shard], out, { warn: (l) => warnings.push(l) });
    assert.equal(await exists(join(out, "chromium", "00-login")), false);
    assert.ok(!(await Deno.readTextFile(join(out, "report.html"))).includes(OUTSIDE_SECRET));
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.ok(warnings[0].includes(join(shard, "chromium", "00-login")), warnings[0]);
    assert.ok(warnings[0].includes("outside"), warnings[0]);
  });
});

Deno.test("report merge: a symlink inside a scenario folder is not copied and is named", async () => {
  await withRoot(async (root) => {
    const shard = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    await Deno.writeTextFile(join(root, "secret.json"), JSON.stringify([OUTSIDE_SECRET]));
    const link = join(shard, "00-login", "step0", "elements.json");
    await Deno.symlink(join(root, "secret.json"), link);
    const warnings: string[] = [];
    const out = join(root, "merged");
    await mergeRuns([shard], out, { warn: (l) => warnings.push(l) });
    assert.equal(await exists(join(out, "00-login", "step0", "elements.json")), false);
    assert.ok(await exists(join(out, "00-login", "step0", "after.png")));
    assert.deepEqual(warnings.filter((w) => w.includes(link)).length, 1, warnings.join("\n"));
  });
});

Deno.test("report merge: a manifest.json symlinked out of its shard is refused", async () => {
  await withRoot(async (root) => {
    const shard = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    await Deno.rename(join(shard, "manifest.json"), join(root, "foreign.json"));
    await Deno.symlink(join(root, "foreign.json"), join(shard, "manifest.json"));
    await assert.rejects(() => mergeRuns([shard], join(root, "merged")), ManifestPathError);
    assert.equal(await exists(join(root, "merged")), false);
  });
});

Deno.test("report merge: an unknown schemaVersion is refused with a clear message", async () => {
  await withRoot(async (root) => {
    const a = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    const b = await shardRun(root, "20260101-000001", [record("search", "00-search", true)]);
    await editManifest(b, (m) => (m.schemaVersion = 99));
    await assert.rejects(() => mergeRuns([a, b], join(root, "merged")), (e: Error) => {
      assert.ok(e instanceof ManifestVersionError, String(e));
      assert.equal(e.code, "E_MANIFEST_VERSION");
      assert.ok(e.message.startsWith(join(b, "manifest.json")), e.message);
      assert.match(e.message, /schemaVersion 99 is not supported .*newer bajutsu/);
      return true;
    });
    assert.equal(await exists(join(root, "merged")), false);
  });
});

Deno.test("report merge: a write failing mid-merge removes the merged folder, manifest first", async () => {
  await withRoot(async (root) => {
    const a = await shardRun(root, "20260101-000000", [record("login", "00-login", false)]);
    const out = join(root, "merged");
    const written: string[] = [];
    const failAt = (name: string) => async (path: string, data: string, mode: number) => {
      written.push(path.slice(out.length + 1));
      if (path.endsWith(name)) throw new Deno.errors.Interrupted("No space left on device");
      await Deno.writeTextFile(path, data, { mode });
    };
    await assert.rejects(
      () => mergeRuns([a], out, { writeFile: failAt("report.html") }),
      (e: ReportWriteError) => {
        assert.ok(e instanceof ReportWriteError);
        assert.equal(e.path, join(out, "report.html"));
        return true;
      },
    );
    assert.deepEqual(written, ["manifest.json", "junit.xml", "ctrf.json", "report.html"]);
    assert.equal(await exists(out), false);
  });
});

Deno.test("report merge: a non-empty output folder is refused and left as it was", async () => {
  await withRoot(async (root) => {
    const a = await shardRun(root, "20260101-000000", [record("login", "00-login", true)]);
    const out = join(root, "merged");
    await Deno.mkdir(out);
    await Deno.writeTextFile(join(out, "keep.txt"), "mine");
    await assert.rejects(() => mergeRuns([a], out), MergeTargetError);
    assert.equal(await Deno.readTextFile(join(out, "keep.txt")), "mine");
  });
});
