/**
 * Cancelling a running `bajutsu run` (docs/serve.md, "Cancel"): SIGTERM to the leader only, so
 * the run finishes on its own terms (fails the remaining scenarios as `cancelled`, writes its
 * report, prints its verdict); if it is still alive after the grace window, SIGTERM to the whole
 * process group, then SIGKILL to the group, 5 s apart. Each of those also reaches the run's
 * descendants outside its group (a browser Playwright started in a session of its own), found
 * while the run is still their parent.
 *
 * @module
 */
import type { ChildExit, ProcessControl } from "./process_group.ts";
import { settlesWithin, type WaitFn } from "./wait.ts";

/** Pause between the group SIGTERM and the group SIGKILL, and after the SIGKILL. */
export const KILL_STEP_MS = 5000;

/** How far the escalation had to go. */
export type CancelOutcome = "graceful" | "group-term" | "group-kill" | "stuck";

export interface EscalationDeps {
  control: Pick<ProcessControl, "signal" | "descendants">;
  wait: WaitFn;
  log(line: string): void;
}

/** Escalates until the leader `pid` exits; resolves to the step that ended it. */
export async function cancelRunProcess(
  proc: { pid: number; exited: Promise<ChildExit> },
  graceS: number,
  deps: EscalationDeps,
): Promise<CancelOutcome> {
  const { control, wait, log } = deps;
  control.signal(proc.pid, "SIGTERM");
  if (await settlesWithin(proc.exited, graceS * 1000, wait)) return "graceful";
  log(`still running after the ${graceS}s cancel grace: SIGTERM to its process group`);
  await signalTree(proc.pid, "SIGTERM", control);
  if (await settlesWithin(proc.exited, KILL_STEP_MS, wait)) return "group-term";
  log("still running: SIGKILL to its process group");
  await signalTree(proc.pid, "SIGKILL", control);
  if (await settlesWithin(proc.exited, KILL_STEP_MS, wait)) return "group-kill";
  log(`process ${proc.pid} is still alive ${KILL_STEP_MS / 1000}s after SIGKILL`);
  return "stuck";
}

/** `signal` to the group of `pid` and to every descendant of `pid`, in or out of the group. */
async function signalTree(
  pid: number,
  signal: Deno.Signal,
  control: Pick<ProcessControl, "signal" | "descendants">,
): Promise<void> {
  const strays = await control.descendants(pid);
  control.signal(-pid, signal);
  for (const p of strays) control.signal(p, signal);
}

/**
 * After the leader exited: SIGTERM whatever is left in its process group (orphaned helpers the
 * run started), and SIGKILL it if it is still there after `KILL_STEP_MS`.
 */
export async function reapGroup(
  pgid: number,
  deps: { control: ProcessControl; wait: WaitFn },
  pollMs = 100,
): Promise<void> {
  const { control, wait } = deps;
  if (!control.signal(-pgid, "SIGTERM")) return;
  for (let waited = 0; waited < KILL_STEP_MS; waited += pollMs) {
    await wait(pollMs);
    if (!control.alive(-pgid)) return;
  }
  control.signal(-pgid, "SIGKILL");
}
