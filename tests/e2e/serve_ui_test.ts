/**
 * The serve page in a real browser, driven by our own web backend: the test starts the demo app
 * and `bajutsu serve --token` on demos/serve/bajutsu.config.yaml, then runs the scenarios of
 * demos/serve/scenarios against the page with `bajutsu run`: log in with the token, run the demo
 * smoke scenarios and watch the verdicts arrive, cancel a long run and find it cancelled in the
 * history, open a report, delete and restore a run.
 *
 * With BAJUTSU_UPDATE_SCREENSHOT=1 the screenshot of the finished run is copied to
 * docs/serve.png (the picture in the README). BAJUTSU_SERVE_UI_BROWSER=firefox drives the page
 * with Firefox instead of Chromium (needs firefox-esr; `.ci/run` runs both).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { serveDemo } from "../../demos/web/serve.ts";
import { DEMO_PASSWORD } from "../../scripts/demo.ts";
import type { Manifest } from "../../src/report/manifest_types.ts";
import { readAnnouncedUrl } from "../../src/serve/announce.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const TOKEN = "serve-ui-test-token";
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

/** `bajutsu serve` as a process; resolves once it prints its URL. */
async function startServe(runsDir: string, demoUrl: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "main.ts"),
      "serve",
      "--config",
      join(ROOT, "demos/serve/bajutsu.config.yaml"),
      "--port",
      "0",
      "--runs",
      runsDir,
      "--token",
      TOKEN,
      "--base-url",
      demoUrl,
    ],
    env: { DEMO_PASSWORD, BAJUTSU_CANCEL_GRACE: "20", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const { url, seen } = await readAnnouncedUrl(reader);
  if (url === null) throw new Error(`serve ended early:\n${seen}\n${await stderr}`);
  const drained = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe empty */ }
  })();
  return { child, url, stderr, drained };
}

/** Runs the UI scenarios against serve with our own web backend. */
async function runUi(serveUrl: string, runsDir: string, extra: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "main.ts"),
      "run",
      "--config",
      join(ROOT, "demos/serve/ui.config.yaml"),
      "--base-url",
      serveUrl,
      "--runs-dir",
      runsDir,
      ...extra,
      ...(Deno.env.get("BAJUTSU_SERVE_UI_BROWSER")
        ? ["--browser", Deno.env.get("BAJUTSU_SERVE_UI_BROWSER")!]
        : []),
    ],
    env: { SERVE_TOKEN: TOKEN, NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  const verdict = /^(PASS|FAIL) {2}(\S+)$/m.exec(stdout);
  assert.ok(verdict, `no verdict:\n${stdout}\n${stderr}`);
  const manifest: Manifest = JSON.parse(await Deno.readTextFile(verdict[2]));
  const failures = manifest.scenarios.filter((s) => !s.ok).map((s) =>
    `${s.scenario}: ${s.failure}`
  );
  return { code: out.code, stderr, manifest, manifestPath: verdict[2], failures };
}

async function api(url: string, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.status, 200, path);
  return await res.json();
}

Deno.test("the serve page, driven by bajutsu's own web backend", async () => {
  const demo = await serveDemo();
  const servedRuns = await Deno.makeTempDir({ prefix: "bajutsu-serve-ui-runs-" });
  const uiRuns = await Deno.makeTempDir({ prefix: "bajutsu-serve-ui-" });
  const serve = await startServe(servedRuns, demo.url);
  try {
    const desktop = await runUi(serve.url, uiRuns, ["--target", "serve", "--exclude", "phone"]);
    assert.deepEqual(desktop.failures, [], desktop.stderr);
    assert.equal(desktop.code, 0);
    const manifest = desktop.manifest;
    assert.deepEqual(manifest.scenarios.map((s) => s.scenario), [
      "a wrong token is refused and the right one logs in",
      "run the smoke scenarios of the demo and watch the verdicts arrive",
      "cancel a long run and find it in the history as cancelled",
      "open a report from the history",
      "delete a run, find it in the trash, restore it",
    ]);

    // What the page did, seen from the API.
    const runs = (await api(serve.url, "/api/runs")).runs as Record<string, unknown>[];
    assert.equal(runs.length, 2);
    const [cancelled, smoke] = runs;
    assert.deepEqual([cancelled.ok, cancelled.cancelled, cancelled.report], [false, true, true]);
    assert.deepEqual([smoke.ok, smoke.passed, smoke.total], [true, 5, 5]);
    assert.deepEqual((await api(serve.url, "/api/runs/trash")).runs, [], "restored");

    // The screenshot of the finished run, for the README.
    const runScenario = manifest.scenarios[1];
    const shot = join(desktop.manifestPath, "..", runScenario.sid, "screenshot", "after.png");
    const png = await Deno.readFile(shot);
    assert.deepEqual([...png.subarray(0, 4)], PNG_MAGIC);
    if (Deno.env.get("BAJUTSU_UPDATE_SCREENSHOT") === "1") {
      await Deno.copyFile(shot, join(ROOT, "docs/serve.png"));
    }

    // The same page at a phone's width.
    const phone = await runUi(serve.url, uiRuns, ["--target", "serve-phone", "--tag", "phone"]);
    assert.deepEqual(phone.failures, [], phone.stderr);
    assert.deepEqual(phone.manifest.scenarios.map((s) => s.scenario), [
      "at a phone's width, run, cancel and open the report",
    ]);
  } finally {
    serve.child.kill("SIGTERM");
    const status = await serve.child.status;
    await serve.drained;
    const serveLog = await serve.stderr;
    await demo.close();
    await Deno.remove(servedRuns, { recursive: true });
    await Deno.remove(uiRuns, { recursive: true });
    assert.equal(status.code, 0, serveLog);
  }
});
