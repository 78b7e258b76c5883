/**
 * `run --zip`: after the verdict line, `<runsDir>/<runId>.zip` and one stderr note; a zip that
 * cannot be written is a warning and never changes the exit code (docs/cli.md#bajutsu-export).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { makeRunId } from "../../src/report/run_id.ts";
import { runCommand } from "../../src/runner/pipeline.ts";
import type { RunRequest } from "../../src/runner/run_request.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { filesUnder } from "../../src/archive/run_archive.ts";
import { readZip } from "../support/zip_reader.ts";
import { FAKE_TARGET, runTaskProcess, tempDir } from "./run_fixture.ts";

interface ZipRun {
  code: number;
  /** stdout and stderr in the order printed, as `out:` / `err:` lines. */
  lines: string[];
  runId: string;
}

/** A fake-target run with `--zip` into `runsDir`; `cancel` already cancelled = a cancelled run. */
async function zipRun(
  runsDir: string,
  req: Partial<RunRequest>,
  cancel = new CancelSource(),
): Promise<ZipRun> {
  const lines: string[] = [];
  const code = await runCommand({
    configPath: join(FAKE_TARGET, "bajutsu.config.yaml"),
    scenarios: [],
    tags: [],
    exclude: [],
    workers: 1,
    runsDir,
    zip: true,
    ...req,
  }, {
    stdout: (l) => lines.push(`out:${l}`),
    stderr: (l) => lines.push(`err:${l}`),
    progress: { line: () => {}, live: () => {} },
    env: (k) => ({ LOGIN_PASSWORD: "hunter2" } as Record<string, string>)[k],
    cwd: Deno.cwd(),
    color: false,
    cancel,
  });
  const verdict = lines.find((l) => /^out:(PASS|FAIL) {2}/.test(l));
  assert.ok(verdict, lines.join("\n"));
  const runId = /\/([^/]+)\/manifest\.json$/.exec(verdict)![1];
  return { code, lines, runId };
}

/** The zip of the run holds exactly its files, under `<runId>/`. */
async function assertZipOfRun(runsDir: string, runId: string) {
  const entries = await readZip(await Deno.readFile(join(runsDir, `${runId}.zip`)));
  const files = await filesUnder(join(runsDir, runId));
  assert.ok(files.includes("manifest.json") && files.includes("report.html"), files.join("\n"));
  assert.deepEqual(entries.map((e) => e.name), files.map((f) => `${runId}/${f}`));
}

/** The line index of the verdict and of the zip note: the note comes after. */
function assertNoteAfterVerdict(r: ZipRun, runsDir: string) {
  const verdict = r.lines.findIndex((l) => /^out:(PASS|FAIL) {2}/.test(l));
  const note = r.lines.indexOf(`err:zip: wrote ${join(runsDir, `${r.runId}.zip`)}`);
  assert.ok(note > verdict, r.lines.join("\n"));
  assert.equal(r.lines.filter((l) => l.startsWith("err:zip:")).length, 1);
}

Deno.test("run --zip: a passing run exits 0 and writes <runsDir>/<runId>.zip after the verdict", async () => {
  const t = await tempDir();
  try {
    const r = await zipRun(t.dir, { exclude: ["broken"] });
    assert.equal(r.code, 0, r.lines.join("\n"));
    assertNoteAfterVerdict(r, t.dir);
    await assertZipOfRun(t.dir, r.runId);
  } finally {
    await t.cleanup();
  }
});

Deno.test("run --zip: a failed run and a cancelled run are zipped too, exit 1 unchanged", async () => {
  const t = await tempDir();
  try {
    const failed = await zipRun(t.dir, { tags: ["broken"] });
    assert.equal(failed.code, 1, failed.lines.join("\n"));
    assertNoteAfterVerdict(failed, t.dir);
    await assertZipOfRun(t.dir, failed.runId);

    const cancel = new CancelSource();
    cancel.cancel();
    const cancelled = await zipRun(t.dir, {}, cancel);
    assert.equal(cancelled.code, 1, cancelled.lines.join("\n"));
    assertNoteAfterVerdict(cancelled, t.dir);
    await assertZipOfRun(t.dir, cancelled.runId);
  } finally {
    await t.cleanup();
  }
});

Deno.test("run --zip: a zip that cannot be written (a folder in its place) is one warning; the exit code stays", async () => {
  const t = await tempDir();
  try {
    // The run id is the start second (two runs in one second: -2): every id of the next two
    // minutes has a folder in the way.
    const now = Date.now();
    for (let s = -1; s < 120; s++) {
      const id = makeRunId(new Date(now + s * 1000));
      for (const suffix of ["", "-2", "-3"]) await Deno.mkdir(join(t.dir, `${id}${suffix}.zip`));
    }
    const cases: [Partial<RunRequest>, number][] = [[{ exclude: ["broken"] }, 0], [
      { tags: ["broken"] },
      1,
    ]];
    for (const [req, exit] of cases) {
      const r = await zipRun(t.dir, req);
      assert.equal(r.code, exit, r.lines.join("\n"));
      const zipPath = join(t.dir, `${r.runId}.zip`);
      const warnings = r.lines.filter((l) => l.includes("--zip"));
      assert.deepEqual(warnings, [
        `err:warning: --zip: ${zipPath} not written: E_EXPORT_TARGET ${zipPath} is a folder ` +
        `(the verdict stands)`,
      ]);
      assert.ok(!r.lines.some((l) => l.startsWith("err:zip:")));
      assert.ok((await Deno.stat(zipPath)).isDirectory);
    }
  } finally {
    await t.cleanup();
  }
});

Deno.test("run without --zip writes no zip", async () => {
  const t = await tempDir();
  try {
    const r = await zipRun(t.dir, { exclude: ["broken"], zip: false });
    assert.equal(r.code, 0);
    const names: string[] = [];
    for await (const e of Deno.readDir(t.dir)) names.push(e.name);
    assert.ok(!names.some((n) => n.endsWith(".zip")), names.join("\n"));
  } finally {
    await t.cleanup();
  }
});

Deno.test("bajutsu run --zip (the real process): the verdict alone on stdout, the note on stderr", async () => {
  const t = await tempDir();
  try {
    const { code, stdout, stderr } = await runTaskProcess(t.dir, ["--zip"]);
    assert.equal(code, 0, stderr);
    const runId = /^PASS {2}.*\/([^/]+)\/manifest\.json$/.exec(stdout.at(-1)!)?.[1];
    assert.ok(runId, stdout.join("\n"));
    assert.ok(stderr.includes(`zip: wrote ${join(t.dir, `${runId}.zip`)}`), stderr);
    await assertZipOfRun(t.dir, runId);
  } finally {
    await t.cleanup();
  }
});
