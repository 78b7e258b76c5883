/**
 * `bajutsu report --all`: every run under the runs folder re-rendered; exit 0 all passed, 1 some
 * failed, 2 none to re-render (docs/cli.md#report---all).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { HOSTILE_NAME, smallRun } from "../report/fixtures.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

/** Writes a run `id` under `runs` whose verdict is `ok`; its report.html is then removed. */
async function storedRun(runs: string, id: string, ok: boolean): Promise<string> {
  const run = smallRun(id);
  const dir = join(runs, id);
  await writeReport(dir, { ...run, results: run.results.filter((r) => !ok || r.result.ok) });
  await Deno.remove(join(dir, "report.html"));
  return dir;
}

async function withRuns(fn: (runs: string) => Promise<void>) {
  const root = await Deno.makeTempDir({ prefix: "bajutsu-report-all-" });
  try {
    await fn(join(root, "runs"));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** The PASS/FAIL lines of `report --all` (the flip-rate lines follow them). */
const verdictLines = (out: string[]) => out.filter((l) => !l.startsWith("flip rate "));

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

Deno.test("report --all: every run re-rendered; exit 0 when all passed", async () => {
  await withRuns(async (runs) => {
    const a = await storedRun(runs, "20240501-101500", true);
    const b = await storedRun(runs, "20240502-090000", true);
    const c = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], c.io), 0, c.err.join("\n"));
    assert.deepEqual(verdictLines(c.out), [
      `PASS  ${join(a, "report.html")}`,
      `PASS  ${join(b, "report.html")}`,
    ]);
    assert.deepEqual(c.err, []);
    for (const dir of [a, b]) {
      for (const f of ["report.html", "junit.xml", "ctrf.json"]) {
        assert.ok(await exists(join(dir, f)), join(dir, f));
      }
    }
    assert.ok(await exists(join(runs, "index.html")));
  });
});

Deno.test("report --all: exit 1 when a run failed; the others are re-rendered as well", async () => {
  await withRuns(async (runs) => {
    const a = await storedRun(runs, "20240501-101500", true);
    const b = await storedRun(runs, "20240502-090000", false);
    const c = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], c.io), 1);
    assert.deepEqual(verdictLines(c.out), [
      `PASS  ${join(a, "report.html")}`,
      `FAIL  ${join(b, "report.html")}`,
    ]);
    // Then each scenario's flip rate across the runs, after the verdict lines.
    assert.deepEqual(c.out.slice(2), [
      `flip rate 0.00  ${HOSTILE_NAME} (0 flips over 1 run, 0 passed)`,
      "flip rate 0.00  login (0 flips over 2 runs, 2 passed)",
    ]);
    assert.ok(await exists(join(b, "report.html")));
  });
});

Deno.test("report --all: an unreadable run is skipped with one warning; the rest decide the exit code", async () => {
  await withRuns(async (runs) => {
    const good = await storedRun(runs, "20240501-101500", true);
    const bad = await storedRun(runs, "20240502-090000", false);
    await Deno.writeTextFile(join(bad, "manifest.json"), "{ not json");
    // Neither a run in progress (no manifest yet) nor the trash is a run.
    await Deno.mkdir(join(runs, "20240503-000000"));
    await storedRun(join(runs, ".trash"), "20240504-000000", false);
    const c = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], c.io), 0);
    assert.deepEqual(verdictLines(c.out), [`PASS  ${join(good, "report.html")}`]);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.match(c.err[0], /^warning: .*20240502-090000 not re-rendered: E_MANIFEST /);
  });
});

Deno.test("report --all: exit 2 when there is no run, or none could be read", async () => {
  await withRuns(async (runs) => {
    const missing = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], missing.io), 2);
    assert.deepEqual(missing.out, []);
    assert.deepEqual(missing.err, [
      `report: no runs under ${runs} (no folder holds a manifest.json)`,
    ]);

    await Deno.mkdir(join(runs, "scratch"), { recursive: true });
    const empty = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], empty.io), 2);

    const bad = await storedRun(runs, "20240502-090000", true);
    await Deno.writeTextFile(join(bad, "manifest.json"), "[]");
    const unreadable = capture();
    assert.equal(await runCli(["report", "--all", "--runs", runs], unreadable.io), 2);
    assert.equal(unreadable.err.length, 2, unreadable.err.join("\n"));
    assert.equal(
      unreadable.err[1],
      `report: none of the 1 run(s) under ${runs} could be re-rendered`,
    );
  });
});

Deno.test("report --all with a run folder as well is a usage error; report <dir> is unchanged", async () => {
  await withRuns(async (runs) => {
    const dir = await storedRun(runs, "20240501-101500", false);
    const both = capture();
    assert.equal(await runCli(["report", dir, "--all", "--runs", runs], both.io), 2);
    assert.deepEqual(both.err, ["report: give a run directory or --all, not both"]);
    assert.ok(!(await exists(join(dir, "report.html"))));

    const one = capture();
    assert.equal(await runCli(["report", dir], one.io), 0);
    assert.deepEqual(one.out, [`FAIL  ${join(dir, "report.html")}`]);
  });
});
