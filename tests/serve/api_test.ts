/**
 * Every route of serve's API against a real server on loopback; runs are fake processes driven
 * by the test (the real `bajutsu run` is exercised in process_test.ts).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  call,
  FakeControl,
  type FakeProcess,
  flush,
  ManualWait,
  ROOT,
  startTestServe,
  writeRun,
} from "./helpers.ts";
import { readZip } from "../support/zip_reader.ts";

const FIXTURE_DIR = join(ROOT, "tests/fixtures/serve");

async function withServe(
  fn: (s: Awaited<ReturnType<typeof startTestServe>>, control: FakeControl) => Promise<void>,
  cap = 4,
) {
  const control = new FakeControl();
  const wait = new ManualWait();
  // Jobs end as soon as their fake process exits: let the reap/drain waits pass at once.
  const s = await startTestServe({
    control,
    wait: (ms, abort) => abort ? wait.fn(ms, abort) : Promise.resolve(),
    bajutsu: ["bajutsu"],
    maxConcurrentRuns: cap,
  });
  try {
    await fn(s, control);
  } finally {
    for (const p of control.procs) p.exit(1);
    await s.stop();
  }
}

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

Deno.test("GET /api/info, /api/targets, /api/scenarios", async () => {
  await withServe(async ({ url, runsDir }) => {
    const info = await call(`${url}/api/info`);
    assert.equal(info.status, 200);
    assert.equal(info.body.auth, false);
    assert.equal(info.body.runsDir, runsDir);
    assert.equal(info.body.maxConcurrentRuns, 4);
    const targets = await call(`${url}/api/targets`);
    assert.deepEqual(targets.body.targets, [
      { name: "app", platform: "fake", scenarios: "scenarios" },
      { name: "long", platform: "fake", scenarios: "long" },
    ]);
    const sc = await call(`${url}/api/scenarios?target=app`);
    assert.equal(sc.status, 200);
    const files = sc.body.files as {
      path: string;
      tags: string[];
      scenarios: { name: string }[];
      errors: { line: number; col: number; code: string }[];
    }[];
    assert.deepEqual(files.map((f) => f.path), ["bad.yaml", "quick.yaml", "sub/nested.yaml"]);
    assert.deepEqual(files[1].scenarios.map((s) => s.name), ["quick pass", "quick fail"]);
    assert.deepEqual(files[1].tags, ["broken", "smoke"]);
    assert.deepEqual(
      files[0].errors.map((e) => [e.line, e.col, e.code]),
      [[3, 7, "E_UNKNOWN_KEY"]],
    );
    assert.equal((await call(`${url}/api/scenarios`)).status, 400);
    const unknown = await call(`${url}/api/scenarios?target=nope`);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error as string, /unknown target "nope"/);
  });
});

Deno.test("POST /api/run starts `bajutsu run` with absolute paths; bad bodies are 400", async () => {
  await withServe(async ({ url, runsDir }, control) => {
    const ok = await call(
      `${url}/api/run`,
      post({ target: "app", scenario: "sub/nested.yaml", tag: "smoke" }),
    );
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body.jobId, "string");
    const argv = control.procs[0].req.argv;
    assert.deepEqual(argv, [
      "bajutsu",
      "run",
      "--config",
      join(FIXTURE_DIR, "bajutsu.config.yaml"),
      "--target",
      "app",
      "--scenario",
      await Deno.realPath(join(FIXTURE_DIR, "scenarios/sub/nested.yaml")),
      "--runs-dir",
      runsDir,
      "--progress",
      "--tag",
      "smoke",
    ]);
    const cases: [unknown, RegExp][] = [
      [{ scenario: "quick.yaml" }, /^target: required/],
      [{ target: "nope", scenario: "quick.yaml" }, /unknown target/],
      [{ target: "app", scenario: "../bajutsu.config.yaml" }, /^scenario:/],
      [{ target: "app", scenario: join(FIXTURE_DIR, "scenarios/quick.yaml") }, /absolute path/],
      [{ target: "app", scenario: "missing.yaml" }, /not a file of the target's scenarios folder/],
      [{ target: "app", scenario: "sub" }, /not a \.yaml file/],
      [{ target: "app", scenario: "quick.yaml", backend: "warp" }, /^backend:/],
    ];
    for (const [body, message] of cases) {
      const r = await call(`${url}/api/run`, post(body));
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.body.error as string, message);
    }
    const notJson = await call(`${url}/api/run`, { method: "POST", body: "{" });
    assert.equal(notJson.status, 400);
    assert.equal(control.procs.length, 1, "no bad request started anything");
  });
});

Deno.test("POST /api/run over the concurrency cap is 429", async () => {
  await withServe(async ({ url }, control) => {
    const body = { target: "app", scenario: "quick.yaml" };
    assert.equal((await call(`${url}/api/run`, post(body))).status, 200);
    const over = await call(`${url}/api/run`, post(body));
    assert.equal(over.status, 429);
    assert.match(over.body.error as string, /cap is 1/);
    control.procs[0].exit(0);
    await flush(20);
    assert.equal((await call(`${url}/api/run`, post(body))).status, 200, "room again");
  }, 1);
});

Deno.test("jobs: list, status with lines, SSE events, cancel; unknown ids are 404", async () => {
  await withServe(async ({ url }, control) => {
    const { body } = await call(
      `${url}/api/run`,
      post({ target: "long", scenario: "forever.yaml" }),
    );
    const id = body.jobId as string;
    const p = control.procs[0] as FakeProcess;
    p.print("▶ scenario 1/2: waits for ever", "01 · step 0: tap");
    const list = await call(`${url}/api/jobs`);
    assert.deepEqual((list.body.jobs as { id: string }[]).map((j) => j.id), [id]);
    const job = await call(`${url}/api/jobs/${id}`);
    assert.equal(job.body.status, "running");
    assert.deepEqual(job.body.lines, ["▶ scenario 1/2: waits for ever", "01 · step 0: tap"]);
    assert.deepEqual(
      Object.keys(job.body).sort(),
      [
        "awaitingHuman",
        "cancelled",
        "endedAt",
        "exitCode",
        "id",
        "lines",
        "ok",
        "outPath",
        "runId",
        "scenarios",
        "startedAt",
        "status",
        "target",
      ].sort(),
    );
    const events = fetch(`${url}/api/jobs/${id}/events`);
    const cancel = await call(`${url}/api/jobs/${id}/cancel`, { method: "POST" });
    assert.deepEqual(cancel.body, { cancelled: true });
    await flush();
    assert.deepEqual(control.signals[0], [p.pid, "SIGTERM"], "SIGTERM to the leader");
    p.print("FAIL  runs/20240101-000000/manifest.json");
    p.exit(1);
    const res = await events;
    assert.equal(res.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const text = await res.text();
    assert.match(text, /id: 0\nevent: log\ndata: ▶ scenario 1\/2: waits for ever\n\n/);
    assert.match(text, /event: log\ndata: cancelled\n\n/);
    const done = /event: done\ndata: (.*)\n\n$/.exec(text);
    assert.ok(done, text);
    const view = JSON.parse(done[1]);
    assert.deepEqual([view.status, view.cancelled, view.ok, view.exitCode, view.runId], [
      "done",
      true,
      false,
      1,
      "20240101-000000",
    ]);
    assert.equal(view.lines, undefined, "the done event carries no lines");
    // Resuming after line 2 replays only what follows.
    const resumed = await (await fetch(`${url}/api/jobs/${id}/events`, {
      headers: { "last-event-id": "2" },
    })).text();
    assert.ok(!resumed.includes("waits for ever"));
    assert.match(resumed, /^:ok\n\nid: 3\nevent: log\ndata: FAIL/);
    assert.deepEqual((await call(`${url}/api/jobs/${id}/cancel`, { method: "POST" })).body, {
      cancelled: false,
    });
    for (const path of ["/api/jobs/nope", "/api/jobs/nope/events"]) {
      assert.equal((await call(url + path)).status, 404, path);
    }
    assert.equal((await call(`${url}/api/jobs/nope/cancel`, { method: "POST" })).status, 404);
  });
});

Deno.test("history: list, filter, delete, trash, restore, bulk delete, purge", async () => {
  await withServe(async ({ url, runsDir }) => {
    await writeRun(runsDir, "20240101-000000", [{ name: "a", ok: true }]);
    await writeRun(runsDir, "20240102-000000", [{ name: "b", ok: false, failure: "cancelled" }]);
    await writeRun(runsDir, "20240103-000000", [{ name: "a", ok: true }]);
    const ids = async (path: string) =>
      ((await call(url + path)).body.runs as { id: string }[]).map((r) => r.id);
    assert.deepEqual(await ids("/api/runs"), [
      "20240103-000000",
      "20240102-000000",
      "20240101-000000",
    ]);
    assert.deepEqual(await ids("/api/runs?scenario=a"), ["20240103-000000", "20240101-000000"]);
    const runs = (await call(`${url}/api/runs`)).body.runs as Record<string, unknown>[];
    assert.deepEqual(
      [runs[1].ok, runs[1].cancelled, runs[1].report, runs[1].passed, runs[1].total],
      [false, true, true, 0, 1],
    );
    const del = await call(`${url}/api/runs/20240102-000000`, { method: "DELETE" });
    assert.deepEqual(del.body, { id: "20240102-000000", deleted: true, purged: false });
    assert.deepEqual(await ids("/api/runs/trash"), ["20240102-000000"]);
    assert.deepEqual(await ids("/api/runs"), ["20240103-000000", "20240101-000000"]);
    assert.equal((await call(`${url}/api/runs/20240102-000000`, { method: "DELETE" })).status, 404);
    const restore = await call(`${url}/api/runs/20240102-000000/restore`, { method: "POST" });
    assert.deepEqual(restore.body, { id: "20240102-000000", restored: true });
    assert.equal(
      (await call(`${url}/api/runs/20240102-000000/restore`, { method: "POST" })).status,
      404,
    );
    const bulk = await call(
      `${url}/api/runs/bulk-delete`,
      post({ ids: ["20240101-000000", "20240103-000000", "20990101-000000"] }),
    );
    assert.deepEqual(bulk.body, {
      deleted: ["20240101-000000", "20240103-000000"],
      missing: ["20990101-000000"],
      purged: false,
    });
    assert.deepEqual((await ids("/api/runs/trash")).sort(), ["20240101-000000", "20240103-000000"]);
    assert.deepEqual(await ids("/api/runs"), ["20240102-000000"]);
    const purge = await call(`${url}/api/runs/20240101-000000?purge=true`, { method: "DELETE" });
    assert.deepEqual(purge.body, { id: "20240101-000000", deleted: true, purged: true });
    assert.deepEqual(await ids("/api/runs/trash"), ["20240103-000000"]);
    const bulkPurge = await call(
      `${url}/api/runs/bulk-delete`,
      post({ ids: ["20240102-000000"], purge: true }),
    );
    assert.deepEqual(bulkPurge.body.deleted, ["20240102-000000"]);
    assert.deepEqual(await ids("/api/runs"), []);
    assert.equal((await call(`${url}/api/runs/bulk-delete`, post({ ids: "x" }))).status, 400);
    assert.equal((await call(`${url}/api/runs/bulk-delete`, post({ ids: ["../x"] }))).status, 400);
    assert.equal((await call(`${url}/api/runs/..%2Fx`, { method: "DELETE" })).status, 400);
  });
});

Deno.test("run files: report re-rendered and rewritten, files, redirect, ranges, archive", async () => {
  await withServe(async ({ url, runsDir }) => {
    const dir = await writeRun(runsDir, "20240101-000000", [{ name: "a", ok: true }]);
    await Deno.mkdir(join(dir, "00-x", "step0"), { recursive: true });
    await Deno.writeFile(
      join(dir, "00-x", "step0", "after.png"),
      new Uint8Array([137, 80, 78, 71, 1, 2, 3, 4]),
    );
    const report = await fetch(`${url}/runs/20240101-000000/report.html`);
    assert.equal(report.status, 200);
    assert.equal(report.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(report.headers.get("x-frame-options"), "SAMEORIGIN", "the page may embed it");
    const html = await report.text();
    assert.match(html, /<title>Bajutsu run 20240101-000000<\/title>/);
    assert.equal(
      await Deno.readTextFile(join(dir, "report.html")),
      html,
      "the old file was rewritten",
    );
    // A broken manifest falls back to the stored file.
    await Deno.writeTextFile(join(dir, "manifest.json"), "{broken");
    assert.equal(await (await fetch(`${url}/runs/20240101-000000/report.html`)).text(), html);
    const manifest = await fetch(`${url}/runs/20240101-000000/manifest.json`);
    assert.equal(manifest.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(await manifest.text(), "{broken");
    const png = await fetch(`${url}/runs/20240101-000000/00-x/step0/after.png`, {
      headers: { range: "bytes=2-4" },
    });
    assert.equal(png.status, 206);
    assert.equal(png.headers.get("content-range"), "bytes 2-4/8");
    assert.deepEqual(new Uint8Array(await png.arrayBuffer()), new Uint8Array([78, 71, 1]));
    const bad = await fetch(`${url}/runs/20240101-000000/00-x/step0/after.png`, {
      headers: { range: "bytes=9-" },
    });
    assert.equal(bad.status, 416);
    await bad.body?.cancel();
    const redirect = await fetch(`${url}/runs/20240101-000000/`, { redirect: "manual" });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get("location"), "/runs/20240101-000000/report.html");
    const zip = await fetch(`${url}/runs/20240101-000000/archive.zip`);
    assert.equal(zip.status, 200);
    const entries = await readZip(new Uint8Array(await zip.arrayBuffer()));
    assert.deepEqual(entries.map((e) => e.name), [
      "20240101-000000/00-x/step0/after.png",
      "20240101-000000/manifest.json",
      "20240101-000000/report.html",
    ]);
    for (
      const path of [
        "/runs/nope/report.html",
        "/runs/20240101-000000/nope.png",
        "/runs/nope/archive.zip",
      ]
    ) {
      const r = await call(url + path);
      assert.equal(r.status, 404, path);
    }
  });
});

Deno.test("POST /api/lint and GET /api/schema", async () => {
  await withServe(async ({ url }) => {
    const clean = await call(
      `${url}/api/lint`,
      post({ text: "- name: x\n  steps:\n    - tap: { id: a }\n" }),
    );
    assert.deepEqual([clean.body.ok, clean.body.scenarios, clean.body.errors], [true, ["x"], []]);
    const broken = await call(
      `${url}/api/lint`,
      post({
        target: "app",
        scenario: "draft.yaml",
        text: "- name: x\n  steps:\n    - tapp: { id: a }\n",
      }),
    );
    assert.equal(broken.body.ok, false);
    assert.deepEqual(broken.body.errors, [{
      line: 3,
      col: 7,
      code: "E_UNKNOWN_KEY",
      path: "scenarios[0].steps[0].tapp",
      message: 'unknown key "tapp" (did you mean "tap"?)',
      file: "draft.yaml",
    }]);
    const file = await call(`${url}/api/lint`, post({ target: "app", scenario: "bad.yaml" }));
    assert.equal(file.body.ok, false);
    const nested = await call(
      `${url}/api/lint`,
      post({ target: "app", scenario: "sub/nested.yaml" }),
    );
    assert.deepEqual([nested.body.ok, nested.body.scenarios], [true, ["nested pass"]]);
    for (
      const body of [{}, { text: 3 }, { target: "app" }, { target: "app", scenario: "../x.yaml" }, {
        target: "app",
        scenario: "missing.yaml",
      }]
    ) {
      assert.equal((await call(`${url}/api/lint`, post(body))).status, 400, JSON.stringify(body));
    }
    const schema = await call(`${url}/api/schema`);
    assert.equal(schema.status, 200);
    assert.equal(schema.body.$schema, "https://json-schema.org/draft/2020-12/schema");
  });
});

Deno.test("page shell and modules; unknown routes 404; wrong methods 405", async () => {
  await withServe(async ({ url }) => {
    for (const path of ["/", "/index.html"]) {
      const r = await fetch(url + path);
      assert.equal(r.headers.get("content-type"), "text/html; charset=utf-8");
      assert.match(r.headers.get("content-security-policy")!, /script-src 'self'/);
      assert.match(await r.text(), /<script type="module" src="\/app\/main\.js">/);
    }
    const js = await fetch(`${url}/app/main.js`);
    assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
    await js.body?.cancel();
    assert.equal((await call(`${url}/app/nope.js`)).status, 404);
    assert.equal((await call(`${url}/api/nope`)).status, 404);
    const wrong = await call(`${url}/api/run`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "POST");
  });
});

Deno.test("without a config, the pick lists and runs answer 400 naming the problem", async () => {
  const s = await startTestServe({ configPath: null });
  try {
    const t = await call(`${s.url}/api/targets`);
    assert.equal(t.status, 400);
    assert.match(t.body.error as string, /no config: start serve with --config/);
    assert.equal(
      (await call(`${s.url}/api/run`, post({ target: "a", scenario: "a.yaml" }))).status,
      400,
    );
  } finally {
    await s.stop();
  }
});
