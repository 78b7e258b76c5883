/**
 * The reference runner's `run` flags for features this runner does not have: accepted, one
 * warning each, the run otherwise unchanged (docs/cli.md#flags-without-effect).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";
import { inertFlagWarnings } from "../../src/cli/inert_run_flags.ts";
import { FAKE_TARGET, tempDir } from "./run_fixture.ts";

Deno.test("inert run flags: one warning per flag given; the --no- forms say nothing", () => {
  assert.deepEqual(inertFlagWarnings({}), []);
  assert.deepEqual(inertFlagWarnings({ score: false, touchMarkers: false }), []);
  assert.deepEqual(inertFlagWarnings({ score: true, baselines: "b", alertInstruction: "" }), [
    "--score has no effect: the doctor grade is not supported yet (docs/cli.md#flags-without-effect)",
    "--baselines has no effect: visual assertions are not supported yet (docs/cli.md#flags-without-effect)",
    "--alert-instruction has no effect: it steers the reference's AI alert fallback; this runner is model-free (docs/cli.md#flags-without-effect)",
  ]);
});

Deno.test("run accepts the reference's inert flags, warns once for each, and runs as usual", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([
      "run",
      "--config",
      join(FAKE_TARGET, "bajutsu.config.yaml"),
      "--runs-dir",
      dir,
      "--no-progress",
      "--tag",
      "smoke",
      "--score",
      "--no-touch-markers",
      "--baselines",
      "baselines",
      "--goldens",
      "goldens",
      "--evidence-store",
      "s3://bucket/prefix",
    ], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
    const warnings = err.filter((l) => l.includes("has no effect"));
    assert.deepEqual(warnings.map((l) => l.split(" has no effect")[0]), [
      "warning: --score",
      "warning: --baselines",
      "warning: --goldens",
      "warning: --evidence-store",
    ]);
    assert.ok(!err.join("\n").includes("s3://bucket"), "the store's address is not echoed");
    assert.match(out.at(-1) ?? "", /^(PASS|FAIL) {2}/, err.join("\n"));
    assert.equal(code, out.at(-1)!.startsWith("PASS") ? 0 : 1);
  } finally {
    await cleanup();
  }
});
