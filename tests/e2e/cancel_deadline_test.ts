/**
 * A run whose step is stuck in CPU-bound work (a backtracking regex that runs for over a minute)
 * never yields to the event loop, so nothing on the main thread can act on a signal. The signal
 * watcher thread still enforces the deadline (grace + 10 s: the run dies by the signal that
 * cancelled it) and a second Ctrl-C (the run dies by SIGINT about a second later); neither leaves
 * a temp file or a partial manifest (docs/signals.md).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { manifestTextOf, ROOT, RunProcess, tempFilesBelow } from "./run_process.ts";

const CONFIG = join(ROOT, "tests/fixtures/fake_target/busy_config.yaml");
const GRACE_S = 0.5;
/** The deadline is grace + 10 s; past this the test gives up on the run and kills it. */
const GIVE_UP_MS = 40_000;

/** CPU time of a process's main thread, in clock ticks (Linux /proc). */
function mainThreadTicks(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/task/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

/**
 * Waits until the run's main thread has burnt `ticks` more clock ticks of CPU after its first
 * scenario started: the regex is running (the rest of the run needs a few milliseconds).
 */
async function untilBusy(run: RunProcess, ticks: number): Promise<void> {
  assert.ok(await run.waitForStderr("▶ scenario 1/2"), "the run started its first scenario");
  const start = mainThreadTicks(run.pid);
  while (mainThreadTicks(run.pid) - start < ticks) await new Promise((r) => setTimeout(r, 20));
}

async function busyRun(): Promise<{ run: RunProcess; runsDir: string }> {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-deadline-" });
  const run = RunProcess.start(
    ["--config", CONFIG, "--runs-dir", runsDir],
    { BAJUTSU_CANCEL_GRACE: String(GRACE_S) },
  );
  await untilBusy(run, 30);
  return { run, runsDir };
}

/** The outcome, or the run killed (and the test failed) when it outlives `GIVE_UP_MS`. */
async function outcomeOf(run: RunProcess) {
  const timer = setTimeout(() => run.signal("SIGKILL"), GIVE_UP_MS);
  try {
    return await run.finish();
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("SIGTERM during a CPU-bound step: the run dies by SIGTERM at the deadline, leaving no temp file", async () => {
  const { run, runsDir } = await busyRun();
  try {
    run.signal("SIGTERM");
    const out = await outcomeOf(run);
    assert.equal(out.signal, "SIGTERM", `died by the re-raised SIGTERM\n${out.stderr}`);
    assert.equal(out.stdout, "", "no verdict line: the run never finished");
    assert.equal(await manifestTextOf(runsDir), null, "no manifest, and certainly no partial one");
    assert.deepEqual(await tempFilesBelow(runsDir), []);
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});

Deno.test("a second Ctrl-C during a CPU-bound step aborts: the run dies by SIGINT, leaving no temp file", async () => {
  const { run, runsDir } = await busyRun();
  try {
    run.signal("SIGINT", "group");
    // Apart in time, so the two are not merged into one pending signal.
    await new Promise((r) => setTimeout(r, 200));
    run.signal("SIGINT", "group");
    const out = await outcomeOf(run);
    assert.equal(out.signal, "SIGINT", `died by the re-raised SIGINT\n${out.stderr}`);
    assert.equal(out.stdout, "");
    assert.equal(await manifestTextOf(runsDir), null);
    assert.deepEqual(await tempFilesBelow(runsDir), []);
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});
