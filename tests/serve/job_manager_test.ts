/** The job manager with a fake process: lines, verdict, cap, cancel, shutdown, reaping. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { JobManager, OUTPUT_DRAIN_MS } from "../../src/serve/job_manager.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { FakeControl, type FakeProcess, flush, ManualWait, writeRun } from "./helpers.ts";

async function setup(cap = 2) {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-jobs-" });
  const control = new FakeControl();
  const wait = new ManualWait();
  let n = 0;
  const jobs = new JobManager({
    maxConcurrent: cap,
    graceS: 7,
    runsDir,
    control,
    wait: wait.fn,
    newId: () => `job${++n}`,
    now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, n)),
    env: { EXTRA: "1" },
  });
  const proc = (i: number) => control.procs[i] as FakeProcess;
  return {
    runsDir,
    control,
    wait,
    jobs,
    proc,
    cleanup: () => Deno.remove(runsDir, { recursive: true }),
  };
}

Deno.test("a job streams lines, reads its run id from the verdict, and ends with the exit code", async () => {
  const { runsDir, control, jobs, proc, cleanup } = await setup();
  try {
    const job = jobs.start({ argv: ["bajutsu", "run"], target: "app", scenarios: ["a.yaml"] });
    assert.equal(control.procs.length, 1);
    assert.deepEqual(proc(0).req.argv, ["bajutsu", "run"]);
    assert.deepEqual(proc(0).req.env, { EXTRA: "1", BAJUTSU_CANCEL_GRACE: "7", NO_COLOR: "1" });
    proc(0).print("▶ scenario 1/1: a", "✔ scenario 1/1: a (0.1s)");
    await writeRun(runsDir, "20240101-000001", [{ name: "a", ok: true }]);
    proc(0).print(`PASS  ${join(runsDir, "20240101-000001")}/manifest.json`);
    assert.equal(job.view(false).status, "running");
    assert.equal(job.view(false).ok, null);
    proc(0).exit(0);
    await job.finished;
    const v = job.view(true);
    assert.equal(v.status, "done");
    assert.equal(v.exitCode, 0);
    assert.equal(v.ok, true);
    assert.equal(v.runId, "20240101-000001");
    assert.equal(v.outPath, "/runs/20240101-000001/report.html");
    assert.equal(v.lines!.length, 3);
    assert.deepEqual(
      control.signals,
      [[-proc(0).pid, "SIGTERM"]],
      "the group is reaped after exit",
    );
  } finally {
    await cleanup();
  }
});

Deno.test("the cap answers 429 until a job ends; 0 means no cap", async () => {
  const { jobs, proc, cleanup } = await setup(2);
  try {
    const a = jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    assert.throws(
      () => jobs.start({ argv: ["x"], target: "t", scenarios: [] }),
      (e: unknown) => e instanceof HttpError && e.status === 429 && /cap is 2/.test(e.message),
    );
    proc(0).exit(1);
    await a.finished;
    jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    assert.equal(jobs.running.length, 2);
    for (const i of [1, 2]) proc(i).exit(0);
  } finally {
    await cleanup();
  }
  const unlimited = await setup(0);
  try {
    for (let i = 0; i < 10; i++) unlimited.jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    assert.equal(unlimited.jobs.running.length, 10);
    for (let i = 0; i < 10; i++) unlimited.proc(i).exit(0);
  } finally {
    await unlimited.cleanup();
  }
});

Deno.test("cancel: logs `cancelled`, SIGTERMs the leader with the grace, ends not ok", async () => {
  const { control, wait, jobs, proc, cleanup } = await setup();
  try {
    const job = jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    assert.equal(jobs.cancel(job.id), true);
    assert.equal(jobs.cancel(job.id), true, "a second cancel is harmless");
    assert.equal(jobs.cancel("nope"), false);
    await flush();
    assert.deepEqual(control.signals, [[proc(0).pid, "SIGTERM"]]);
    assert.deepEqual(wait.pending.map((p) => p.ms), [7000]);
    proc(0).print("FAIL  runs/20240101-000009/manifest.json");
    proc(0).exit(1);
    await job.finished;
    const v = job.view(true);
    assert.deepEqual([v.cancelled, v.ok, v.exitCode, v.runId], [true, false, 1, "20240101-000009"]);
    assert.equal(v.outPath, null, "no report.html on disk");
    assert.deepEqual(v.lines, ["cancelled", "FAIL  runs/20240101-000009/manifest.json"]);
    assert.equal(jobs.cancel(job.id), false, "done jobs cannot be cancelled");
  } finally {
    await cleanup();
  }
});

Deno.test("shutdown cancels every running job and waits until all are done; no new jobs", async () => {
  const { control, jobs, proc, cleanup } = await setup(0);
  try {
    jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    let done = false;
    const stopping = jobs.shutdown().then(() => (done = true));
    await flush();
    assert.deepEqual(
      control.signals.filter(([, s]) => s === "SIGTERM").map(([t]) => t).sort(),
      [proc(0).pid, proc(1).pid].sort(),
    );
    assert.throws(
      () => jobs.start({ argv: ["x"], target: "t", scenarios: [] }),
      (e: unknown) => e instanceof HttpError && e.status === 503,
    );
    proc(0).exit(1);
    await flush();
    assert.equal(done, false, "still waiting for the second job");
    proc(1).exit(1);
    await stopping;
    assert.ok(jobs.list().every((j) => j.view(false).cancelled && j.status === "done"));
  } finally {
    await cleanup();
  }
});

Deno.test("output held open by an orphan is cut after the drain window", async () => {
  const { wait, jobs, proc, cleanup } = await setup();
  try {
    const job = jobs.start({ argv: ["x"], target: "t", scenarios: [] });
    proc(0).exit(0, null, false);
    await flush();
    wait.fire(OUTPUT_DRAIN_MS);
    await job.finished;
    assert.ok(proc(0).outputStopped);
    assert.equal(job.view(false).status, "done");
  } finally {
    await cleanup();
  }
});

Deno.test("a spawn failure ends the job at once with the reason in its log", async () => {
  const { control, jobs, cleanup } = await setup();
  try {
    control.spawn = () => {
      throw new Deno.errors.NotFound("no such file: bajutsu");
    };
    const job = jobs.start({ argv: ["bajutsu"], target: "t", scenarios: [] });
    assert.equal(job.status, "done");
    assert.match(job.view(true).lines![0], /cannot start bajutsu run: no such file/);
    assert.equal(job.view(false).ok, false);
  } finally {
    await cleanup();
  }
});
