import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { buildManifest } from "../../src/report/manifest.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { ManifestReadError, ReportWriteError } from "../../src/report/errors.ts";
import { rerenderReport } from "../../src/report/rerender.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "./fixtures.ts";

async function withRuns(fn: (runs: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

const mode = async (p: string) => ((await Deno.stat(p)).mode ?? 0) & 0o777;

Deno.test("writeReport writes every file owner-only, no temp files, and the runs index", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    const input = smallRun();
    const { manifestPath, indexPath } = await writeReport(runDir, input);
    assert.equal(manifestPath, join(runDir, "manifest.json"));
    assert.deepEqual(await names(runDir), [
      "ctrf.json",
      "junit.xml",
      "manifest.json",
      "report.html",
      "scenario.yaml",
    ]);
    assert.deepEqual(await names(runs), ["20240501-101500", "index.html"]);
    assert.equal(indexPath, join(runs, "index.html"));
    assert.equal(await mode(runDir), 0o700);
    for (const f of await names(runDir)) assert.equal(await mode(join(runDir, f)), 0o600, f);
    const stored = JSON.parse(await Deno.readTextFile(manifestPath));
    assert.deepEqual(stored, JSON.parse(JSON.stringify(buildManifest(input))));
    assert.deepEqual(validateManifest(stored), []);
    assert.equal(await Deno.readTextFile(join(runDir, "scenario.yaml")), input.scenarioYaml);
    const index = await Deno.readTextFile(join(runs, "index.html"));
    assert.ok(index.includes('href="20240501-101500/report.html"'));
    const junit = await Deno.readTextFile(join(runDir, "junit.xml"));
    assert.ok(junit.includes(`[[ATTACHMENT|${runDir}/00-login/step0/after.png]]`));
  });
});

Deno.test("writeReport embeds readable element trees and links the others", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    await Deno.mkdir(join(runDir, "00-login/step0"), { recursive: true });
    await Deno.mkdir(join(runDir, "00-login/check"), { recursive: true });
    const tree = [{ identifier: "login.submit", label: "Sign in", frame: [0, 0, 10, 10] }];
    await Deno.writeTextFile(join(runDir, "00-login/step0/elements.json"), JSON.stringify(tree));
    await Deno.writeTextFile(join(runDir, "00-login/check/elements.json"), "{oops");
    await writeReport(runDir, smallRun());
    const html = await Deno.readTextFile(join(runDir, "report.html"));
    assert.ok(html.includes('id="bj-el-index">{"00-login/step0/elements.json":0}<'));
    assert.ok(html.includes('"identifier":"login.submit"'));
    assert.ok(!html.includes('id="bj-el-1"'));
    await writeReport(runDir, smallRun(), { treeBudget: 0 });
    const bare = await Deno.readTextFile(join(runDir, "report.html"));
    assert.ok(bare.includes('id="bj-el-index">{}<'));
  });
});

Deno.test("rerenderReport reproduces junit, ctrf and report.html from the manifest", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    await writeReport(runDir, smallRun());
    const before = await Promise.all(
      ["junit.xml", "ctrf.json", "report.html"].map((f) => Deno.readTextFile(join(runDir, f))),
    );
    for (const f of ["junit.xml", "ctrf.json", "report.html", "../index.html"]) {
      await Deno.remove(join(runDir, f));
    }
    const manifest = await rerenderReport(runDir);
    assert.equal(manifest.runId, "20240501-101500");
    const after = await Promise.all(
      ["junit.xml", "ctrf.json", "report.html"].map((f) => Deno.readTextFile(join(runDir, f))),
    );
    assert.deepEqual(after, before);
    assert.ok((await names(runs)).includes("index.html"));
    assert.ok(!(await names(runDir)).some((n) => n.endsWith(".tmp")));
  });
});

Deno.test("rerenderReport renders an older manifest missing newer fields", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20230101-000000");
    await Deno.mkdir(runDir, { recursive: true });
    const old = {
      schemaVersion: 5,
      runId: "20230101-000000",
      ok: false,
      backend: "xcuitest",
      sourceName: null,
      scenarios: [{
        scenario: "old",
        ok: false,
        failure: "step 0 (tap): gone",
        steps: [{ index: 0, action: "tap", ok: false, reason: "gone", duration_s: 1 }],
        expect_results: [],
        futureField: { x: 1 },
      }],
      someNewerTopLevel: true,
    };
    await Deno.writeTextFile(join(runDir, "manifest.json"), JSON.stringify(old));
    const m = await rerenderReport(runDir);
    assert.equal(m.scenarios[0].steps[0].step_id, "step0");
    assert.deepEqual(m.scenarios[0].before_outcomes, []);
    const junit = await Deno.readTextFile(join(runDir, "junit.xml"));
    assert.ok(junit.includes('<failure message="step 0 (tap): gone">step 0 tap: FAIL gone'));
    assert.ok((await Deno.readTextFile(join(runDir, "report.html"))).includes("Bajutsu run"));
  });
});

Deno.test("rerenderReport refuses a directory without a readable manifest", async () => {
  await withRuns(async (runs) => {
    await assert.rejects(() => rerenderReport(runs), ManifestReadError);
    await Deno.writeTextFile(join(runs, "manifest.json"), "[1,2]");
    await assert.rejects(() => rerenderReport(runs), (e: ManifestReadError) => {
      assert.equal(e.code, "E_MANIFEST");
      return true;
    });
  });
});

Deno.test("manifest goes first: a blocked manifest.json leaves no other report and no temp file", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    await Deno.mkdir(join(runDir, "manifest.json"), { recursive: true }); // rename target blocked
    await assert.rejects(() => writeReport(runDir, smallRun()), (e: ReportWriteError) => {
      assert.ok(e instanceof ReportWriteError, String(e));
      assert.equal(e.code, "E_REPORT_WRITE");
      assert.equal(e.manifestWritten, false);
      assert.match(e.message, /^cannot write .*manifest\.json \(.*\); no report was written$/);
      return true;
    });
    assert.deepEqual(await names(runDir), ["manifest.json"]); // only the blocking folder
    assert.deepEqual(await names(runs), ["20240501-101500"]); // no runs index either
  });
});

Deno.test("a later failed write keeps the manifest and says how to re-render", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    await Deno.mkdir(join(runDir, "junit.xml"), { recursive: true }); // rename target blocked
    await assert.rejects(() => writeReport(runDir, smallRun()), (e: ReportWriteError) => {
      assert.ok(e instanceof ReportWriteError, String(e));
      assert.equal(e.manifestWritten, true);
      assert.equal(e.path, join(runDir, "junit.xml"));
      assert.ok(e.message.includes(`re-render with \`bajutsu report ${runDir}\``), e.message);
      return true;
    });
    const left = await names(runDir);
    assert.ok(left.includes("manifest.json"), left.join(","));
    assert.ok(!left.includes("ctrf.json"), left.join(","));
    assert.deepEqual(left.filter((n) => n.endsWith(".tmp")), []);
  });
});

/** A disk that fails (like a full one) when a file named `name` is written; records the order. */
function failingDisk(name: string | null, written: string[]) {
  return async (path: string, data: string, mode: number) => {
    written.push(basename(path));
    if (name !== null && basename(path) === name) {
      throw new Error("No space left on device (os error 28)");
    }
    await Deno.writeTextFile(path, data, { mode });
  };
}

Deno.test("writeReport writes manifest.json before every other report file", async () => {
  await withRuns(async (runs) => {
    const written: string[] = [];
    await writeReport(join(runs, "20240501-101500"), smallRun(), {
      writeFile: failingDisk(null, written),
    });
    assert.deepEqual(written, [
      "manifest.json",
      "scenario.yaml",
      "junit.xml",
      "ctrf.json",
      "report.html",
      "index.html",
    ]);
  });
});

Deno.test("a full disk at manifest.json: no junit.xml or ctrf.json claims a result", async () => {
  await withRuns(async (runs) => {
    const runDir = join(runs, "20240501-101500");
    const written: string[] = [];
    await assert.rejects(
      () => writeReport(runDir, smallRun(), { writeFile: failingDisk("manifest.json", written) }),
      (e: ReportWriteError) => e instanceof ReportWriteError && !e.manifestWritten,
    );
    assert.deepEqual(written, ["manifest.json"]);
    assert.deepEqual(await names(runDir), []);
  });
});
