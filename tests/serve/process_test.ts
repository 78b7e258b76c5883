/**
 * Run jobs as real `bajutsu run` processes on the fake target: a run end to end through the API,
 * cancelling a long run (it lands in the history as a failed, cancelled run with its complete
 * report), cancelling before the run got going (no report), the kill ladder on a process that
 * ignores SIGTERM, and stopping `bajutsu serve` with Ctrl-C or SIGTERM (jobs cancelled, no child
 * process left).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { call, ROOT, SERVE_FIXTURE, startTestServe } from "./helpers.ts";

// Generous: a loaded CI machine must not turn "ended on its own within the grace" into a flake.
const GRACE_S = 15;

const post = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

/** Reads the job's SSE stream until a line matches (or the stream ends); returns the reader. */
async function waitForLine(url: string, pattern: RegExp): Promise<() => Promise<string>> {
  const res = await fetch(url);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!pattern.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${pattern}:\n${text}`);
    text += value;
  }
  return async () => {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += value;
    }
  };
}

function doneView(sse: string): Record<string, unknown> {
  const m = /event: done\ndata: (.*)\n\n$/.exec(sse);
  assert.ok(m, `no done event in:\n${sse}`);
  return JSON.parse(m[1]);
}

/** True while any process of group `pgid` exists. */
function groupAlive(pgid: number): boolean {
  try {
    Deno.kill(-pgid, 0 as unknown as Deno.Signal);
    return true;
  } catch {
    return false;
  }
}

Deno.test("a real run through the API: live lines, verdict, history, report, archive", async () => {
  const s = await startTestServe({ cancelGraceS: GRACE_S });
  try {
    const { body } = await call(
      `${s.url}/api/run`,
      post({ target: "app", scenario: "quick.yaml", tag: "smoke" }),
    );
    const sse = await (await fetch(`${s.url}/api/jobs/${body.jobId}/events`)).text();
    assert.match(sse, /data: ▶ scenario 1\/1: quick pass\n/);
    assert.match(sse, /data: 00-quick-pass · step 0: tap\n/, "--progress step lines");
    assert.match(sse, /data: ✔ scenario 1\/1: quick pass \(\d+\.\ds\)\n/);
    const view = doneView(sse);
    assert.deepEqual([view.status, view.exitCode, view.ok, view.cancelled], [
      "done",
      0,
      true,
      false,
    ]);
    const runId = view.runId as string;
    assert.match(runId, /^\d{8}-\d{6}(-\d+)?$/);
    assert.equal(view.outPath, `/runs/${runId}/report.html`);
    const runs = (await call(`${s.url}/api/runs`)).body.runs as Record<string, unknown>[];
    assert.deepEqual(runs.map((r) => [r.id, r.ok, r.passed, r.total]), [[runId, true, 1, 1]]);
    const report = await fetch(`${s.url}${view.outPath}`);
    assert.match(await report.text(), new RegExp(`<title>Bajutsu run ${runId}</title>`));
    const zip = await fetch(`${s.url}/runs/${runId}/archive.zip`);
    const bytes = new Uint8Array(await zip.arrayBuffer());
    const file = join(s.runsDir, "check.zip");
    await Deno.writeFile(file, bytes);
    // The archive opens with the system's unzip where there is one.
    try {
      const out = await new Deno.Command("unzip", { args: ["-tq", file] }).output();
      assert.equal(out.code, 0, new TextDecoder().decode(out.stdout));
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  } finally {
    await s.stop();
  }
});

Deno.test("a real run through the API takes run's options: workers 256, no network, zip", async () => {
  const s = await startTestServe({ cancelGraceS: GRACE_S });
  try {
    const over = await call(
      `${s.url}/api/run`,
      post({ target: "app", scenario: "quick.yaml", workers: 257 }),
    );
    assert.deepEqual([over.status, over.body.error], [
      400,
      "workers: expected an integer from 1 to 256",
    ]);
    const { body } = await call(
      `${s.url}/api/run`,
      post({
        target: "app",
        scenario: "quick.yaml",
        tag: "smoke",
        workers: 256,
        network: false,
        zip: true,
      }),
    );
    const sse = await (await fetch(`${s.url}/api/jobs/${body.jobId}/events`)).text();
    const view = doneView(sse);
    assert.deepEqual([view.status, view.exitCode, view.ok], ["done", 0, true], sse);
    const runId = view.runId as string;
    assert.ok((await Deno.stat(join(s.runsDir, `${runId}.zip`))).isFile, "--zip wrote the zip");
    const runs = (await call(`${s.url}/api/runs`)).body.runs as Record<string, unknown>[];
    assert.deepEqual(runs.map((r) => r.id), [runId], "the zip beside the run is not a run");
  } finally {
    await s.stop();
  }
});

Deno.test("cancelling a long run: SIGTERM, complete report, history shows it cancelled", async () => {
  const s = await startTestServe({ cancelGraceS: GRACE_S });
  try {
    const { body } = await call(
      `${s.url}/api/run`,
      post({ target: "long", scenario: "forever.yaml" }),
    );
    const id = body.jobId as string;
    const rest = await waitForLine(`${s.url}/api/jobs/${id}/events`, /step 1: wait/);
    const started = performance.now();
    assert.deepEqual((await call(`${s.url}/api/jobs/${id}/cancel`, { method: "POST" })).body, {
      cancelled: true,
    });
    const view = doneView(await rest());
    assert.ok(performance.now() - started < GRACE_S * 1000, "ended within the grace, on its own");
    assert.deepEqual([view.exitCode, view.cancelled, view.ok], [1, true, false]);
    const runId = view.runId as string;
    assert.ok(runId, "the cancelled run printed its verdict");
    const manifest = JSON.parse(await Deno.readTextFile(join(s.runsDir, runId, "manifest.json")));
    assert.deepEqual(validateManifest(manifest), []);
    assert.equal(manifest.scenarios.length, 2, "every scenario accounted for");
    assert.ok(
      manifest.scenarios.every((sc: { failure: string }) => sc.failure.startsWith("cancelled")),
    );
    const [entry] = (await call(`${s.url}/api/runs`)).body.runs as Record<string, unknown>[];
    assert.deepEqual([entry.id, entry.ok, entry.cancelled, entry.report], [
      runId,
      false,
      true,
      true,
    ]);
    const job = await call(`${s.url}/api/jobs/${id}`);
    assert.ok((job.body.lines as string[]).includes("cancelled"));
  } finally {
    await s.stop();
  }
});

Deno.test("a run cancelled before it got going leaves no report", async () => {
  const s = await startTestServe({ cancelGraceS: GRACE_S });
  try {
    const jobs = s.server.context.jobs;
    const { body } = await call(
      `${s.url}/api/run`,
      post({ target: "long", scenario: "forever.yaml" }),
    );
    // The run is still starting (loading the runtime, reading the config) when SIGTERM lands.
    jobs.cancel(body.jobId as string);
    await jobs.get(body.jobId as string)!.finished;
    const view = jobs.get(body.jobId as string)!.view(true);
    assert.deepEqual([view.cancelled, view.ok, view.runId, view.outPath], [
      true,
      false,
      null,
      null,
    ]);
    assert.deepEqual((await call(`${s.url}/api/runs`)).body.runs, []);
    const manifests: string[] = [];
    for await (const e of Deno.readDir(s.runsDir)) {
      try {
        await Deno.stat(join(s.runsDir, e.name, "manifest.json"));
        manifests.push(e.name);
      } catch { /* none */ }
    }
    assert.deepEqual(manifests, []);
  } finally {
    await s.stop();
  }
});

Deno.test("a run that ignores SIGTERM: group SIGTERM after the grace, then SIGKILL, strays too", {
  ignore: Deno.build.os !== "linux",
}, async () => {
  // A stand-in for a wedged run: it ignores SIGTERM (so do its children), and it has started a
  // process in a session of its own, the way Playwright starts a browser.
  const script =
    "trap '' TERM; setsid sleep 300 & echo \"stray $!\"; echo started; while :; do sleep 0.2; done";
  const s = await startTestServe({ cancelGraceS: 0.5, bajutsu: ["sh", "-c", script, "sh"] });
  let stray = 0;
  try {
    const { body } = await call(
      `${s.url}/api/run`,
      post({ target: "app", scenario: "quick.yaml" }),
    );
    const id = body.jobId as string;
    const rest = await waitForLine(`${s.url}/api/jobs/${id}/events`, /started/);
    const job = s.server.context.jobs.get(id)!;
    stray = Number(/stray (\d+)/.exec(job.log.lines.join("\n"))![1]);
    assert.ok(processAlive(stray), "the stray runs in its own session");
    await call(`${s.url}/api/jobs/${id}/cancel`, { method: "POST" });
    const text = await rest();
    assert.match(text, /still running after the 0\.5s cancel grace: SIGTERM to its process group/);
    assert.match(text, /SIGKILL to its process group/);
    assert.match(text, /bajutsu run ended by SIGKILL/);
    assert.equal(job.view(false).cancelled, true);
    assert.ok(!processAlive(stray), "the stray was killed with the run");
  } finally {
    await s.stop();
    if (stray && processAlive(stray)) Deno.kill(stray, "SIGKILL");
  }
});

/** True while process `pid` exists (a zombie counts as gone). */
function processAlive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Starts `bajutsu serve` as a process; resolves its URL and pid. */
async function serveProcess(runsDir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "main.ts"),
      "serve",
      "--config",
      SERVE_FIXTURE,
      "--port",
      "0",
      "--runs",
      runsDir,
    ],
    env: { BAJUTSU_CANCEL_GRACE: String(GRACE_S), NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!/serve: (http:\/\/\S+?)\/\n/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve ended early: ${out}\n${await stderr}`);
    out += value;
  }
  const url = /serve: (http:\/\/\S+?)\/\n/.exec(out)![1];
  const drained = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe empty */ }
  })();
  return { child, url, stderr, drained };
}

/** Pids whose parent is `ppid` (Linux /proc). */
async function childrenOf(ppid: number): Promise<number[]> {
  const out: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = await Deno.readTextFile(`/proc/${e.name}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === ppid) out.push(Number(e.name));
    } catch { /* gone */ }
  }
  return out;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test(`stopping serve with ${signal} cancels its running job and leaves no child process`, {
    ignore: Deno.build.os !== "linux",
  }, async () => {
    const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-serve-stop-" });
    const { child, url, stderr, drained } = await serveProcess(runsDir);
    try {
      const { body } = await call(
        `${url}/api/run`,
        post({ target: "long", scenario: "forever.yaml" }),
      );
      const rest = await waitForLine(`${url}/api/jobs/${body.jobId}/events`, /step 1: wait/);
      const kids = await childrenOf(child.pid);
      assert.equal(kids.length, 1, "one run process");
      const runPid = kids[0];
      child.kill(signal);
      const status = await child.status;
      assert.equal(status.code, 0, await stderr);
      assert.match(await stderr, new RegExp(`${signal}: stopping; cancelling 1 running job`));
      const view = doneView(await rest().catch(() => ""));
      assert.equal(view.cancelled, true);
      assert.ok(!groupAlive(runPid), "nothing is left of the run's process group");
      const manifest = JSON.parse(
        await Deno.readTextFile(join(runsDir, view.runId as string, "manifest.json")),
      );
      assert.ok(
        manifest.scenarios.every((sc: { failure: string }) => sc.failure.startsWith("cancelled")),
      );
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* exited */ }
      await child.status;
      await drained;
      await Deno.remove(runsDir, { recursive: true });
    }
  });
}
