/**
 * The demo suite end to end: the bundled demo app served on loopback, driven by real headless
 * Chromium through the `bajutsu run` CLI. Also the small pure helpers of the demo
 * server and `deno task demo`.
 */
import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { DEMO_APP_DIR, resolveRequestPath, serveDemo } from "../../demos/web/serve.ts";
import {
  APT_INSTALL,
  browserRemedy,
  DEMO_CONFIG,
  DEMO_PASSWORD,
  manifestOfVerdict,
  parseOsRelease,
  REPO_ROOT,
  reportPathOf,
} from "../../scripts/demo.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import type { Manifest, ManifestStep } from "../../src/report/manifest_types.ts";
import { loadScenarioPaths } from "../../src/scenario/load.ts";

const SCENARIOS_DIR = resolve(REPO_ROOT, "demos/web/scenarios");
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

interface Proc {
  code: number;
  stdout: string;
  stderr: string;
}

async function runDeno(args: string[]): Promise<Proc> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: REPO_ROOT,
    env: { DEMO_PASSWORD, NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function readManifest(path: string): Promise<Manifest> {
  return JSON.parse(await Deno.readTextFile(path));
}

/** Names of the scenarios the loader yields for the demo folder, split by the `broken` tag. */
async function demoScenarioNames(): Promise<{ passing: string[]; broken: string[] }> {
  const { files } = await loadScenarioPaths([SCENARIOS_DIR]);
  const all = files.flatMap((f) => f.outcome.scenarios);
  return {
    passing: all.filter((s) => !s.tags.includes("broken")).map((s) => s.name),
    broken: all.filter((s) => s.tags.includes("broken")).map((s) => s.name),
  };
}

function allSteps(m: Manifest): ManifestStep[] {
  return m.scenarios.flatMap((s) => [...s.before_outcomes, ...s.steps, ...s.after_outcomes]);
}

// ---------------------------------------------------------------------------------------------
// Demo server

Deno.test("demo server serves the app with content types and refuses to leave its folder", async () => {
  const server = await serveDemo();
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const index = await fetch(`${server.url}/`);
    assert.equal(index.status, 200);
    assert.equal(index.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(await index.text(), /data-testid="login.username"/);
    const js = await fetch(`${server.url}/app.js`);
    assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
    await js.body?.cancel();
    const escape = await fetch(`${server.url}/..%2fserve.ts`);
    assert.equal(escape.status, 400);
    await escape.body?.cancel();
    const missing = await fetch(`${server.url}/nope.html`);
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await server.close();
  }
});

Deno.test("request paths stay inside the app folder", () => {
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/"), join(DEMO_APP_DIR, "index.html"));
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/style.css"), join(DEMO_APP_DIR, "style.css"));
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/../serve.ts"), null);
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/a/%2E%2E/%2E%2E/x"), null);
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/..%5cserve.ts"), null);
  assert.equal(resolveRequestPath(DEMO_APP_DIR, "/%E0%A4%A"), null);
});

// ---------------------------------------------------------------------------------------------
// `deno task demo` helpers

Deno.test("a missing Chromium is installed only by root on Debian-like systems", () => {
  const hint = "npx playwright install chromium";
  assert.deepEqual(browserRemedy({ uid: 0, osIds: ["ubuntu", "debian"] }, hint), {
    kind: "install",
    command: APT_INSTALL,
  });
  assert.deepEqual(browserRemedy({ uid: 1000, osIds: ["debian"] }, hint), {
    kind: "advise",
    text: `sudo sh -c '${APT_INSTALL}'`,
  });
  assert.deepEqual(browserRemedy({ uid: 0, osIds: ["fedora"] }, hint), {
    kind: "advise",
    text: hint,
  });
});

Deno.test("os-release ids include ID_LIKE, unquoted and lowercased", () => {
  const text = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE="Debian Other"\nVERSION_ID="24.04"\n';
  assert.deepEqual(parseOsRelease(text), ["ubuntu", "debian", "other"]);
});

Deno.test("the verdict line names the manifest; the report sits beside it", () => {
  assert.equal(
    manifestOfVerdict("PASS  runs/20260101-000000/manifest.json"),
    "runs/20260101-000000/manifest.json",
  );
  assert.equal(manifestOfVerdict("FAIL  /tmp/r/x/manifest.json"), "/tmp/r/x/manifest.json");
  assert.equal(manifestOfVerdict("[1/3] ok login"), null);
  assert.equal(reportPathOf("runs/a/manifest.json", "/work"), "/work/runs/a/report.html");
  assert.equal(reportPathOf("/abs/a/manifest.json", "/work"), "/abs/a/report.html");
});

// ---------------------------------------------------------------------------------------------
// Real Chromium

Deno.test("deno task demo runs the whole demo suite green and prints an existing report", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-demo-" });
  try {
    const proc = await runDeno(["task", "demo", "--runs-dir", runsDir]);
    assert.equal(proc.code, 0, `demo failed:\n${proc.stdout}\n${proc.stderr}`);
    const report = /^Report: (.+)$/m.exec(proc.stdout)?.[1];
    assert.ok(report, `no Report line in:\n${proc.stdout}`);
    assert.ok((await Deno.stat(report)).isFile);
    assert.ok(report.startsWith(runsDir));

    const manifest = await readManifest(join(dirname(report), "manifest.json"));
    assert.deepEqual(validateManifest(manifest), []);
    assert.equal(manifest.ok, true);
    const failed = manifest.scenarios.filter((s) => !s.ok).map((s) =>
      `${s.scenario}: ${s.failure}`
    );
    assert.deepEqual(failed, []);
    const { passing, broken } = await demoScenarioNames();
    assert.ok(passing.length >= 12, `only ${passing.length} demo scenarios`);
    assert.deepEqual(manifest.scenarios.map((s) => s.scenario).sort(), [...passing].sort());
    assert.ok(broken.every((name) => !manifest.scenarios.some((s) => s.scenario === name)));

    // Together the scenarios exercise every MUST step kind and assertion kind.
    const actions = new Set(allSteps(manifest).map((s) => s.action));
    for (const a of ["tap", "doubleTap", "longPress", "type", "swipe", "wait", "assert"]) {
      assert.ok(actions.has(a), `no ${a} step ran`);
    }
    for (const a of ["relaunch", "if", "forEach"]) assert.ok(actions.has(a), `no ${a} step ran`);
    const kinds = new Set(
      [
        ...allSteps(manifest).flatMap((s) => s.assertion_results),
        ...manifest.scenarios.flatMap((s) => s.expect_results),
      ].map((r) => r.kind),
    );
    for (const k of ["exists", "value", "label", "count", "enabled", "disabled", "selected"]) {
      assert.ok(kinds.has(k), `no ${k} assertion ran`);
    }
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});

Deno.test("the broken demo scenario fails with its reason and keeps the failing screenshot", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-broken-" });
  const server = await serveDemo();
  try {
    const proc = await runDeno([
      "run",
      "-A",
      "main.ts",
      "run",
      "--config",
      DEMO_CONFIG,
      "--target",
      "demo",
      "--base-url",
      server.url,
      "--tag",
      "broken",
      "--runs-dir",
      runsDir,
    ]);
    assert.equal(proc.code, 1, `expected a failed run:\n${proc.stdout}\n${proc.stderr}`);
    const lastLine = proc.stdout.trimEnd().split("\n").at(-1) ?? "";
    const manifestPath = manifestOfVerdict(lastLine);
    assert.ok(lastLine.startsWith("FAIL  ") && manifestPath, `verdict line: ${lastLine}`);
    const manifest = await readManifest(resolve(REPO_ROOT, manifestPath));
    assert.deepEqual(validateManifest(manifest), []);
    assert.equal(manifest.ok, false);
    assert.equal(manifest.scenarios.length, 1);
    const [scenario] = manifest.scenarios;
    assert.equal(scenario.scenario, "broken counter expectation");
    assert.equal(
      scenario.failure,
      'step 8 (assert): value {"id":"counter.value"}: expected equals="5" but actual="1"; ' +
        "after: step 0 (manual): manual takeover step: Count the taps by hand — " +
        "wire a deterministic bypass: assert counter.value after each tap",
    );
    assert.equal(scenario.after_verdict, "error");

    const failing = scenario.steps.filter((s) => !s.ok);
    assert.equal(failing.length, 1);
    const after = join(
      dirname(resolve(REPO_ROOT, manifestPath)),
      scenario.sid,
      failing[0].step_id,
      "after.png",
    );
    const png = await Deno.readFile(after);
    assert.deepEqual([...png.subarray(0, 4)], PNG_MAGIC);
  } finally {
    await server.close();
    await Deno.remove(runsDir, { recursive: true });
  }
});
