import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";

const FIXTURE = new URL("../fixtures/fake_target/", import.meta.url).pathname;

/** Runs the passing fake suite with report files going through `writeFile`. */
async function runWith(
  runsDir: string,
  writeFile: (path: string, data: string, mode: number) => Promise<void>,
) {
  const out: string[] = [], err: string[] = [];
  const code = await runCommand({
    configPath: join(FIXTURE, "bajutsu.config.yaml"),
    scenarios: [],
    tags: [],
    exclude: ["broken"],
    runsDir,
    workers: 1,
  }, {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    progress: { line: () => {}, live: () => {} },
    env: (k) => ({ LOGIN_PASSWORD: "hunter2" } as Record<string, string>)[k],
    cwd: Deno.cwd(),
    color: false,
    cancel: new CancelSource(),
    writeReportFile: writeFile,
  });
  return { code, out, err };
}

async function reportFiles(runsDir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const run of Deno.readDir(runsDir)) {
    if (!run.isDirectory) continue;
    for await (const e of Deno.readDir(join(runsDir, run.name))) {
      if (e.isFile) found.push(e.name);
    }
  }
  return found.sort();
}

Deno.test("run: a full disk at manifest.json exits 2 with one line and no passing junit/ctrf", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const attempted: string[] = [];
    const r = await runWith(runsDir, async (path, data, mode) => {
      attempted.push(basename(path));
      if (basename(path) === "manifest.json") {
        throw new Error("No space left on device (os error 28)");
      }
      await Deno.writeTextFile(path, data, { mode });
    });
    assert.equal(r.code, 2);
    assert.deepEqual(r.out, [], "no PASS/FAIL line without a manifest");
    assert.equal(r.err.length, 1, r.err.join("\n"));
    assert.match(
      r.err[0],
      /^E_REPORT_WRITE cannot write \S+\/manifest\.json \(No space left on device \(os error 28\)\); no report was written$/,
    );
    assert.deepEqual(attempted, ["manifest.json"]);
    assert.deepEqual(await reportFiles(runsDir), []);
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});

Deno.test("run: a full disk after the manifest exits 2 and keeps the manifest to re-render from", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const r = await runWith(runsDir, async (path, data, mode) => {
      if (basename(path) === "ctrf.json") throw new Error("No space left on device (os error 28)");
      await Deno.writeTextFile(path, data, { mode });
    });
    assert.equal(r.code, 2);
    assert.deepEqual(r.out, []);
    assert.equal(r.err.length, 1, r.err.join("\n"));
    assert.match(
      r.err[0],
      /^E_REPORT_WRITE cannot write \S+\/ctrf\.json .*re-render with `bajutsu report /,
    );
    assert.deepEqual(await reportFiles(runsDir), ["junit.xml", "manifest.json", "scenario.yaml"]);
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});
