/**
 * .github/workflows/ios.yml: on a macOS runner it boots a simulator, runs both demos/ios suites
 * with `bajutsu run` on it, builds the demo app with the script that exists, and uploads runs/
 * whatever the verdict. It cannot run here; this keeps it consistent with the repository.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse } from "yaml";
import { REPO_ROOT } from "../support/module_graph.ts";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}

Deno.test("ios.yml: a macOS runner boots a simulator, runs both demo suites, uploads runs", async () => {
  const wf = parse(
    await Deno.readTextFile(join(REPO_ROOT, ".github/workflows/ios.yml")),
  ) as { jobs: Record<string, { "runs-on": string; steps: Step[] }> };
  const job = wf.jobs.ios;
  assert.match(job["runs-on"], /^macos-/);
  const runs = job.steps.map((s) => s.run ?? "").join("\n");
  assert.match(runs, /xcrun simctl bootstatus "\$udid" -b/);
  for (const target of ["settings", "demo"]) {
    assert.match(
      runs,
      new RegExp(
        `deno task run --config demos/ios/bajutsu\\.config\\.yaml --target ${target}\\s+--udid "\\$UDID" --runs-dir runs`,
      ),
    );
  }
  assert.match(runs, /sh demos\/ios\/app\/build\.sh/);
  await Deno.stat(join(REPO_ROOT, "demos/ios/app/build.sh"));
  const tasks = Object.keys(
    JSON.parse(await Deno.readTextFile(join(REPO_ROOT, "deno.json"))).tasks,
  );
  for (const m of runs.matchAll(/deno task ([\w:-]+)/g)) assert.ok(tasks.includes(m[1]), m[1]);
  const upload = job.steps.find((s) => s.uses?.startsWith("actions/upload-artifact"));
  assert.equal(upload?.if, "always()");
  assert.equal(upload?.with?.path, "runs");
  // The config the workflow names has both targets, and the app path the build script writes.
  const config = parse(
    await Deno.readTextFile(join(REPO_ROOT, "demos/ios/bajutsu.config.yaml")),
  ) as { targets: Record<string, { appPath?: string }> };
  assert.deepEqual(Object.keys(config.targets).sort(), ["demo", "settings"]);
  assert.equal(config.targets.demo.appPath, "app/build/BajutsuDemo.app");
  assert.match(
    await Deno.readTextFile(join(REPO_ROOT, "demos/ios/app/build.sh")),
    /out="\$here\/build\/BajutsuDemo\.app"/,
  );
});
