import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "../report/fixtures.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

async function withShard(fn: (root: string, shard: string) => Promise<void>) {
  const root = await Deno.makeTempDir();
  try {
    const shard = join(root, "shards", "20240501-101500");
    await writeReport(shard, smallRun());
    await fn(root, shard);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

async function editManifest(dir: string, edit: (m: { [k: string]: unknown }) => void) {
  const path = join(dir, "manifest.json");
  const m = JSON.parse(await Deno.readTextFile(path));
  edit(m);
  await Deno.writeTextFile(path, JSON.stringify(m));
}

async function entries(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("report merge: a climbing sid fails with one coded line and leaves no merged-* folder", async () => {
  await withShard(async (root, shard) => {
    await editManifest(shard, (m) => {
      (m.scenarios as { sid: string }[])[1].sid = "../../../x";
    });
    const runs = join(root, "runs");
    const c = capture();
    assert.equal(await runCli(["report", "merge", shard, "--runs-dir", runs], c.io), 2);
    assert.deepEqual(c.out, []);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.equal(
      c.err[0],
      `report merge: E_MANIFEST_PATH ${join(shard, "manifest.json")}: scenarios[1].sid ` +
        `"../../../x" is not a scenario folder name (one path segment of letters, digits, '.', ` +
        `'_', '-')`,
    );
    assert.deepEqual(await entries(runs), []);
  });
});

Deno.test("report merge: a missing shard leaves no empty merged-* folder", async () => {
  await withShard(async (root, shard) => {
    const runs = join(root, "runs");
    const c = capture();
    const code = await runCli(
      ["report", "merge", shard, join(root, "nope"), "--runs-dir", runs],
      c.io,
    );
    assert.equal(code, 2);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.match(c.err[0], /^report merge: E_MANIFEST .*nope\/manifest\.json: cannot read/);
    assert.deepEqual(await entries(runs), []);
  });
});

Deno.test("report merge: an unknown schemaVersion is one coded line", async () => {
  await withShard(async (root, shard) => {
    await editManifest(shard, (m) => (m.schemaVersion = 99));
    const runs = join(root, "runs");
    const c = capture();
    assert.equal(await runCli(["report", "merge", shard, "--runs-dir", runs], c.io), 2);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.match(c.err[0], /^report merge: E_MANIFEST_VERSION .*schemaVersion 99 is not supported/);
    assert.deepEqual(await entries(runs), []);
  });
});

Deno.test("report: an unknown schemaVersion is refused and nothing is rewritten", async () => {
  await withShard(async (_root, shard) => {
    await editManifest(shard, (m) => (m.schemaVersion = 99));
    const before = await Deno.readTextFile(join(shard, "junit.xml"));
    const c = capture();
    assert.equal(await runCli(["report", shard], c.io), 2);
    assert.equal(c.err.length, 1, c.err.join("\n"));
    assert.match(c.err[0], /^report: E_MANIFEST_VERSION .*schemaVersion 99 .*upgrade/);
    assert.equal(await Deno.readTextFile(join(shard, "junit.xml")), before);
  });
});

Deno.test("report: a symlink out of the run and a user's index.html are named on stderr", async () => {
  await withShard(async (root, shard) => {
    const runs = join(root, "shards");
    await Deno.writeTextFile(join(runs, "index.html"), "<p>mine</p>");
    await Deno.writeTextFile(join(root, "secret.json"), '[{"identifier":"secret.zz9"}]');
    await Deno.mkdir(join(shard, "00-login", "step0"), { recursive: true });
    const link = join(shard, "00-login", "step0", "elements.json");
    await Deno.symlink(join(root, "secret.json"), link);
    const c = capture();
    assert.equal(await runCli(["report", shard], c.io), 0);
    assert.equal(c.out.length, 1);
    assert.ok(
      c.err.some((l) => l.startsWith(`warning: ${link} leads outside the run`)),
      c.err.join("\n"),
    );
    assert.ok(
      c.err.includes(
        `warning: ${join(runs, "index.html")} is not bajutsu's and was left alone; ` +
          `the runs index is at ${join(runs, "bajutsu-index.html")}`,
      ),
      c.err.join("\n"),
    );
    assert.equal(await Deno.readTextFile(join(runs, "index.html")), "<p>mine</p>");
    assert.ok(!(await Deno.readTextFile(join(shard, "report.html"))).includes("secret.zz9"));
  });
});
