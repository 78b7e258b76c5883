/** `bajutsu export`: a run folder as one zip rooted at `<runId>/` (docs/cli.md#bajutsu-export). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "../report/fixtures.ts";
import { type ReadEntry, readZip } from "../support/zip_reader.ts";

const ID = "20240501-101500";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

/** A runs folder holding one written run (reports plus a screenshot), removed afterwards. */
async function withRun(fn: (runs: string, runDir: string) => Promise<void>) {
  const root = await Deno.makeTempDir({ prefix: "bajutsu-export-" });
  try {
    const runs = join(root, "runs");
    const runDir = join(runs, ID);
    await writeReport(runDir, smallRun(ID));
    await Deno.mkdir(join(runDir, "00-login", "step0"), { recursive: true });
    await Deno.writeFile(join(runDir, "00-login", "step0", "after.png"), new Uint8Array([1, 2, 3]));
    await fn(runs, runDir);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** Every regular file under `dir` (symlinks not followed), `/`-separated, sorted. */
async function regularFiles(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    const info = await Deno.lstat(join(dir, path));
    if (info.isDirectory) out.push(...await regularFiles(dir, path));
    else if (info.isFile) out.push(path);
  }
  return out.sort();
}

async function zipAt(path: string): Promise<ReadEntry[]> {
  return await readZip(await Deno.readFile(path));
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("export <id>: <runsDir>/<id>.zip holds exactly the run's files under <id>/, byte for byte", async () => {
  await withRun(async (runs, runDir) => {
    const c = capture();
    assert.equal(await runCli(["export", ID, "--runs-dir", runs], c.io), 0, c.err.join("\n"));
    const zipPath = join(runs, `${ID}.zip`);
    assert.deepEqual(c.out, [`wrote ${zipPath}`]);
    assert.deepEqual(c.err, []);
    const files = await regularFiles(runDir);
    for (const f of ["manifest.json", "report.html", "junit.xml", "00-login/step0/after.png"]) {
      assert.ok(files.includes(f), f);
    }
    const entries = await zipAt(zipPath);
    assert.deepEqual(entries.map((e) => e.name), files.map((f) => `${ID}/${f}`));
    for (const e of entries) {
      const onDisk = await Deno.readFile(join(runDir, e.name.slice(ID.length + 1)));
      assert.deepEqual(e.data, onDisk, e.name);
    }
    assert.equal((await Deno.stat(zipPath)).mode! & 0o777, 0o600);
    // Written through a temp file: nothing else is left beside the run.
    assert.deepEqual(await names(runs), [ID, `${ID}.zip`, "index.html"]);
  });
});

Deno.test("export: a symlink inside the run that points outside it is not archived", async () => {
  await withRun(async (runs, runDir) => {
    const outside = join(runs, "..", "secret");
    await Deno.mkdir(outside);
    await Deno.writeTextFile(join(outside, "token.txt"), "s3cret-token");
    await Deno.symlink(join(outside, "token.txt"), join(runDir, "leak.txt"));
    await Deno.symlink(outside, join(runDir, "00-login", "leakdir"));
    const c = capture();
    assert.equal(await runCli(["export", runDir], c.io), 0, c.err.join("\n"));
    const entries = await zipAt(join(runs, `${ID}.zip`));
    const listed = entries.map((e) => e.name);
    assert.ok(!listed.some((n) => n.includes("leak")), listed.join("\n"));
    assert.deepEqual(listed, (await regularFiles(runDir)).map((f) => `${ID}/${f}`));
    const text = new TextDecoder();
    assert.ok(!entries.some((e) => text.decode(e.data).includes("s3cret-token")));
  });
});

Deno.test("export: an existing zip is refused (exit 2, untouched), then replaced with --force", async () => {
  await withRun(async (runs) => {
    const zipPath = join(runs, `${ID}.zip`);
    await Deno.writeTextFile(zipPath, "an older export");
    const c = capture();
    assert.equal(await runCli(["export", ID, "--runs-dir", runs], c.io), 2);
    assert.deepEqual(c.out, []);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.match(
      c.err[0],
      /^export: E_EXPORT_TARGET .*\.zip exists; pass --force to overwrite it$/,
    );
    assert.equal(await Deno.readTextFile(zipPath), "an older export");

    const forced = capture();
    assert.equal(await runCli(["export", ID, "--runs-dir", runs, "--force"], forced.io), 0);
    assert.ok((await zipAt(zipPath)).some((e) => e.name === `${ID}/manifest.json`));
  });
});

Deno.test("export -o: the zip goes where asked; a folder there is refused even with --force", async () => {
  await withRun(async (runs, runDir) => {
    const out = join(runs, "..", "share.zip");
    const c = capture();
    assert.equal(await runCli(["export", runDir, "-o", out], c.io), 0, c.err.join("\n"));
    assert.deepEqual(c.out, [`wrote ${out}`]);
    assert.ok((await zipAt(out)).every((e) => e.name.startsWith(`${ID}/`)));

    const folder = join(runs, "..", "taken.zip");
    await Deno.mkdir(folder);
    const refused = capture();
    assert.equal(await runCli(["export", runDir, "-o", folder, "--force"], refused.io), 2);
    assert.deepEqual(refused.err, [`export: E_EXPORT_TARGET ${folder} is a folder`]);
  });
});

Deno.test("export: a zip written inside the run is never packed into the next export", async () => {
  await withRun(async (_runs, runDir) => {
    const inside = join(runDir, "export.zip");
    for (let i = 0; i < 2; i++) {
      const c = capture();
      assert.equal(await runCli(["export", runDir, "-o", inside, "--force"], c.io), 0);
    }
    const listed = (await zipAt(inside)).map((e) => e.name);
    assert.ok(!listed.includes(`${ID}/export.zip`), listed.join("\n"));
    assert.ok(listed.includes(`${ID}/manifest.json`));
  });
});

Deno.test("export: a link to a run is archived under the real run's id", async () => {
  await withRun(async (runs) => {
    await Deno.symlink(ID, join(runs, "latest"));
    const c = capture();
    assert.equal(await runCli(["export", "latest", "--runs-dir", runs], c.io), 0, c.err.join("\n"));
    const entries = await zipAt(join(runs, `${ID}.zip`));
    assert.ok(entries.length > 0 && entries.every((e) => e.name.startsWith(`${ID}/`)));
  });
});

Deno.test("export: a missing run, a folder that is not a run, a missing output folder: exit 2, one line, no file", async () => {
  await withRun(async (runs, runDir) => {
    const missing = capture();
    assert.equal(await runCli(["export", "20990101-000000", "--runs-dir", runs], missing.io), 2);
    assert.deepEqual(missing.out, []);
    assert.equal(missing.err.length, 1);
    assert.match(missing.err[0], /^export: E_RUN_NOT_FOUND no run folder at .*20990101-000000/);

    const notRun = join(runs, "scratch");
    await Deno.mkdir(notRun);
    await Deno.writeTextFile(join(notRun, "notes.txt"), "x");
    const bare = capture();
    assert.equal(await runCli(["export", notRun], bare.io), 2);
    assert.deepEqual(bare.err, [`export: E_NOT_A_RUN ${notRun} is not a run (no manifest.json)`]);

    const nowhere = join(runs, "no", "such", "dir", "x.zip");
    const unwritable = capture();
    assert.equal(await runCli(["export", runDir, "-o", nowhere], unwritable.io), 2);
    assert.equal(unwritable.err.length, 1);
    assert.match(unwritable.err[0], /^export: E_EXPORT_WRITE cannot write .*x\.zip: /);
    assert.deepEqual(await names(runs), [ID, "index.html", "scratch"]);

    const noArg = capture();
    assert.equal(await runCli(["export"], noArg.io), 2);
  });
});
