/** `bajutsu run` and the file system: long names, an unusable runs folder, failing writes. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { MAX_DIR_NAME_BYTES } from "../../src/evidence/layout.ts";
import { runFake, tempDir } from "./run_fixture.ts";

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

Deno.test("run: a 278-character scenario name and a 300-byte step name still leave their evidence", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const name = "log in as " + "a customer from the data row with a long description, ".repeat(5);
    const stepName = "開始ボタンを押す".repeat(13); // 104 characters, 312 bytes of UTF-8
    assert.ok(name.length >= 278 && utf8Bytes(stepName) > 255);
    const file = join(dir, "long.yaml");
    await Deno.writeTextFile(
      file,
      `- name: "${name}"\n  steps:\n    - name: "${stepName}"\n      tap: { id: getStarted }\n` +
        `    - wait: { for: { id: username }, timeout: 2 }\n`,
    );
    const r = await runFake({ runsDir: join(dir, "runs"), scenarios: [file] });
    assert.equal(r.code, 0, r.err.join("\n"));
    assert.deepEqual(r.err.filter((l) => l.includes("evidence")), [], "no evidence failures");
    const scenario = r.manifest!.scenarios[0];
    const sid = scenario.sid as string;
    assert.ok(utf8Bytes(sid) <= MAX_DIR_NAME_BYTES, sid);
    const steps = scenario.steps as Array<{ step_id: string; artifacts: { name: string }[] }>;
    assert.equal(steps[0].step_id, stepName, "the manifest keeps the step's full name");
    const names = steps.flatMap((s) => s.artifacts.map((a) => a.name));
    assert.ok(names.some((n) => n.endsWith("/after.png")), names.join("\n"));
    for (const n of names) {
      assert.ok((await Deno.stat(join(r.runDir!, n))).isFile, n);
      for (const segment of n.split("/")) assert.ok(utf8Bytes(segment) <= MAX_DIR_NAME_BYTES);
    }
    assert.ok(names[0].startsWith(`${sid}/`));
  } finally {
    await cleanup();
  }
});

Deno.test("run: an unusable --runs-dir is one E_RUNS_DIR line and exit 2 before any scenario", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const file = join(dir, "not-a-folder");
    await Deno.writeTextFile(file, "x");
    for (
      const [runsDir, reason] of [
        [file, "it exists and is not a directory"],
        [join(file, "runs"), `${file} is not a directory`],
      ]
    ) {
      const r = await runFake({ runsDir, exclude: ["broken"] });
      assert.equal(r.code, 2);
      assert.deepEqual(r.err, [`E_RUNS_DIR cannot write runs to ${runsDir}: ${reason}`]);
      assert.deepEqual(r.out, []);
      assert.deepEqual(r.progress, [], "no scenario started");
    }
  } finally {
    await cleanup();
  }
});

Deno.test("run: a full disk mid-run never changes a verdict and is one counted warning", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const attempts: string[] = [];
    const fullDisk = (path: string) => {
      attempts.push(path);
      const err = new Error(`No space left on device (os error 28): open '${path}.tmp'`);
      return Promise.reject(Object.assign(err, { code: "ENOSPC" }));
    };
    const r = await runFake({ runsDir: join(dir, "runs") }, {}, { writeEvidence: fullDisk });
    assert.ok(attempts.length > 10, `${attempts.length} writes attempted`);
    // The same verdicts as with a healthy disk: one scenario fails on its own assertion.
    assert.equal(r.code, 1);
    assert.deepEqual(r.manifest!.scenarios.map((s) => [s.scenario, s.ok]), [
      ["counter reads five", false],
      ["log in", true],
      ["wrong password shows an error", true],
    ]);
    assert.match(
      r.manifest!.scenarios[0].failure as string,
      /^step 5 \(assert\): label \{"id":"counterLabel"\}: expected equals="Count: 5"/,
    );
    const evidenceLines = r.err.filter((l) => /evidence/.test(l));
    assert.equal(evidenceLines.length, 1, evidenceLines.join("\n"));
    assert.match(
      evidenceLines[0],
      new RegExp(
        `^warning: ${attempts.length} evidence writes failed, first: 00-counter-reads-five/step0/` +
          `[a-z-]+\\.(png|json): No space left on device \\(os error 28\\)$`,
      ),
    );
    // Nothing that failed to land is listed in the manifest.
    for (const s of r.manifest!.scenarios) {
      const steps = s.steps as Array<{ artifacts: { name: string }[] }>;
      const names = [...(s.artifacts as { name: string }[]), ...steps.flatMap((x) => x.artifacts)]
        .map((a) => a.name);
      for (const n of names) assert.ok((await Deno.stat(join(r.runDir!, n))).isFile, n);
    }
  } finally {
    await cleanup();
  }
});
