/** The cancel ladder of a run job, stepped with manual waits: no wall-clock sleeping. */
import assert from "node:assert/strict";
import { cancelRunProcess, KILL_STEP_MS, reapGroup } from "../../src/process/cancel_escalation.ts";
import { descendantsIn } from "../../src/process/process_group.ts";
import { FakeControl, flush, ManualWait } from "../serve/helpers.ts";

function setup() {
  const control = new FakeControl();
  const wait = new ManualWait();
  const proc = control.spawn({ argv: ["x"], env: {}, onLine: () => {} }) as
    & ReturnType<
      FakeControl["spawn"]
    >
    & { exit(code: number, signal?: Deno.Signal | null): void };
  const log: string[] = [];
  return {
    control,
    wait,
    proc,
    log,
    deps: { control, wait: wait.fn, log: (l: string) => log.push(l) },
  };
}

Deno.test("a run that exits within the grace gets only SIGTERM to its leader", async () => {
  const { control, wait, proc, deps } = setup();
  const outcome = cancelRunProcess(proc, 90, deps);
  await flush();
  assert.deepEqual(control.signals, [[proc.pid, "SIGTERM"]]);
  assert.deepEqual(wait.pending.map((p) => p.ms), [90_000]);
  proc.exit(1);
  assert.equal(await outcome, "graceful");
  assert.equal(wait.pending.length, 0, "the grace timer is released");
  assert.deepEqual(control.signals, [[proc.pid, "SIGTERM"]]);
});

Deno.test("past the grace: SIGTERM to the group, then SIGKILL to the group, 5 s apart", async () => {
  const { control, wait, proc, log, deps } = setup();
  const outcome = cancelRunProcess(proc, 3, deps);
  await flush();
  wait.fire(3000);
  await flush();
  assert.deepEqual(control.signals, [[proc.pid, "SIGTERM"], [-proc.pid, "SIGTERM"]]);
  assert.deepEqual(wait.pending.map((p) => p.ms), [KILL_STEP_MS]);
  wait.fire(KILL_STEP_MS);
  await flush();
  assert.deepEqual(control.signals.at(-1), [-proc.pid, "SIGKILL"]);
  proc.exit(137, "SIGKILL");
  assert.equal(await outcome, "group-kill");
  assert.match(log.join("\n"), /still running after the 3s cancel grace/);
});

Deno.test("the group signals also reach descendants that left the group", async () => {
  const { control, wait, proc, deps } = setup();
  control.tree.set(proc.pid, [7001, 7002]);
  const outcome = cancelRunProcess(proc, 1, deps);
  await flush();
  assert.deepEqual(control.signals, [[proc.pid, "SIGTERM"]], "the leader alone first");
  wait.fire(1000);
  await flush();
  assert.deepEqual(control.signals.slice(1), [
    [-proc.pid, "SIGTERM"],
    [7001, "SIGTERM"],
    [7002, "SIGTERM"],
  ]);
  wait.fire(KILL_STEP_MS);
  await flush();
  assert.deepEqual(control.signals.slice(4), [
    [-proc.pid, "SIGKILL"],
    [7001, "SIGKILL"],
    [7002, "SIGKILL"],
  ]);
  proc.exit(137, "SIGKILL");
  assert.equal(await outcome, "group-kill");
});

Deno.test("descendants: children of children, from a pid → parent table", () => {
  const table = new Map([[10, 1], [11, 10], [12, 11], [13, 10], [20, 1], [21, 20]]);
  assert.deepEqual(descendantsIn(table, 10), [11, 13, 12]);
  assert.deepEqual(descendantsIn(table, 21), []);
});

Deno.test("a group SIGTERM that ends the run stops the ladder there", async () => {
  const { control, wait, proc, deps } = setup();
  const outcome = cancelRunProcess(proc, 1, deps);
  await flush();
  wait.fire(1000);
  await flush();
  proc.exit(143, "SIGTERM");
  assert.equal(await outcome, "group-term");
  assert.ok(!control.signals.some(([, s]) => s === "SIGKILL"));
});

Deno.test("a process that survives SIGKILL is reported, not waited on for ever", async () => {
  const { wait, proc, log, deps } = setup();
  const outcome = cancelRunProcess(proc, 1, deps);
  for (const ms of [1000, KILL_STEP_MS, KILL_STEP_MS]) {
    await flush();
    wait.fire(ms);
  }
  assert.equal(await outcome, "stuck");
  assert.match(log.at(-1)!, /still alive 5s after SIGKILL/);
});

Deno.test("reaping: nothing left → one probe; orphans → SIGTERM, then SIGKILL if they stay", async () => {
  const { control, wait, proc } = setup();
  proc.exit(0);
  await reapGroup(proc.pid, { control, wait: wait.fn });
  assert.deepEqual(control.signals, [[-proc.pid, "SIGTERM"]]);

  control.signals.length = 0;
  control.liveGroups.add(proc.pid);
  const reaping = reapGroup(proc.pid, { control, wait: wait.fn }, 1000);
  for (let i = 0; i < KILL_STEP_MS / 1000; i++) {
    await flush();
    wait.fire(1000);
  }
  await reaping;
  assert.deepEqual(control.signals, [[-proc.pid, "SIGTERM"], [-proc.pid, "SIGKILL"]]);
  assert.ok(!control.liveGroups.has(proc.pid));
});

Deno.test("reaping: orphans that leave after the SIGTERM are not SIGKILLed", async () => {
  const { control, wait, proc } = setup();
  proc.exit(0);
  control.liveGroups.add(proc.pid);
  const reaping = reapGroup(proc.pid, { control, wait: wait.fn }, 1000);
  await flush();
  control.liveGroups.delete(proc.pid);
  wait.fire(1000);
  await reaping;
  assert.deepEqual(control.signals, [[-proc.pid, "SIGTERM"]]);
});
