/**
 * `bajutsu run` on the web backend records the scenario-wide video when a rule names it, and
 * lists what it could not capture.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { serveDemo } from "../../demos/web/serve.ts";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";

Deno.test("web run: a video capture rule yields <sid>/scenario.mp4, private, listed as a scenario artifact", async () => {
  const server = await serveDemo({ port: 0 });
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-video-" });
  try {
    // The demo target, with a baseline capture the web backend cannot take (the raw tree).
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      `defaults:
  capture: [screenshot.after, elements, actionLog, rawTree]
targets:
  demo:
    platform: web
    baseUrl: ${server.url}
    browser: chromium
    idNamespaces: [onboarding, login]
    readyWhen: { idMatches: "*.*" }
`,
    );
    const scenarioFile = join(dir, "video.yaml");
    await Deno.writeTextFile(
      scenarioFile,
      `- name: skip onboarding on video
  capturePolicy:
    - on: { action: tap }
      capture: [video]
  steps:
    - tap: { id: onboarding.skip }
    - wait: { for: { id: login.username }, timeout: 10 }
`,
    );
    const out: string[] = [], err: string[] = [];
    const code = await runCommand({
      configPath: config,
      target: "demo",
      scenarios: [scenarioFile],
      tags: [],
      exclude: [],
      runsDir: join(dir, "runs"),
      workers: 1,
    }, {
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      progress: { line: (l) => err.push(l), live: () => {} },
      env: () => undefined,
      cwd: Deno.cwd(),
      color: false,
      cancel: new CancelSource(),
    });
    assert.equal(code, 0, err.join("\n"));
    const manifestPath = out.at(-1)!.replace(/^PASS {2}/, "");
    const m = JSON.parse(await Deno.readTextFile(manifestPath));
    assert.deepEqual(validateManifest(m), []);
    const video = m.scenarios[0].artifacts.find((a: { kind: string }) => a.kind === "video");
    assert.deepEqual(video, {
      name: "00-skip-onboarding-on-video/scenario.mp4",
      kind: "video",
      provider: "playwright",
    });
    const path = join(manifestPath, "..", video.name);
    const info = await Deno.stat(path);
    assert.ok(info.size > 1000, `video has content (${info.size} bytes)`);
    assert.equal(info.mode! & 0o777, 0o600);
    // The scenario video covers every step (no per-step video skip); the raw tree is skipped,
    // once, as the sink recorded it.
    assert.deepEqual(m.scenarios[0].skipped_captures, [
      { kind: "rawTree", reason: "rawTree capture is not implemented yet" },
    ]);
    // The report seeks a step's segment at started_at − video_anchor_s: the anchor is the
    // video's start, before the first step and within the scenario.
    const anchor = m.scenarios[0].video_anchor_s;
    const firstStep = m.scenarios[0].steps[0].started_at;
    assert.ok(anchor > 0 && anchor <= firstStep, `anchor ${anchor}, first step ${firstStep}`);
    assert.ok(firstStep - anchor < m.scenarios[0].duration_s, "anchored inside the scenario");
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
