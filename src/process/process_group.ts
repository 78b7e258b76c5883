/**
 * A child in its own process group (the leader's pid is the group id), stdin closed, stdout and
 * stderr read line by line: serve's `bajutsu run` jobs. Signals go to the leader (`pid`) or the
 * whole group (`-pid`); Ctrl-C in serve's terminal therefore never reaches a run directly: serve
 * cancels it through the same path as the Cancel button. Long-lived helpers of a run (adb
 * instrumentation, recordings) use `group_child.ts` on top of the same rules.
 *
 * @module
 */
import { pumpLines } from "./line_splitter.ts";

/** How a child ended. */
export interface ChildExit {
  code: number;
  signal: Deno.Signal | null;
}

/** A spawned group leader. */
export interface GroupProcess {
  /** The leader's pid, which is also the process-group id. */
  readonly pid: number;
  /** Settles when the leader has exited. */
  readonly exited: Promise<ChildExit>;
  /** Settles when both output pipes have closed (an orphan may hold them open). */
  readonly outputDone: Promise<void>;
  /** Stops reading the output pipes. */
  stopOutput(): void;
}

/** What to start. `env` is added to serve's own environment. */
export interface SpawnRequest {
  argv: string[];
  env: Record<string, string>;
  cwd?: string;
  onLine(line: string): void;
}

/** Starting and signalling processes; injected so tests can drive a fake. */
export interface ProcessControl {
  spawn(req: SpawnRequest): GroupProcess;
  /** Sends `signal` to `target` (negative = a process group); false when nothing received it. */
  signal(target: number, signal: Deno.Signal): boolean;
  /** True while `target` (negative = a process group) has a live member. */
  alive(target: number): boolean;
  /**
   * Every live descendant of `pid`, also those that left its process group (Playwright starts
   * its browser in a session of its own); empty when they cannot be listed.
   */
  descendants(pid: number): Promise<number[]>;
}

// Signal 0 delivers nothing and only checks that the target exists (kill(2)); Deno's type
// lists named signals only.
const PROBE = 0 as unknown as Deno.Signal;

function send(target: number, signal: Deno.Signal): boolean {
  try {
    Deno.kill(target, signal);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    // EPERM: the pid was reused by a process we do not own; it is not ours to signal.
    if (err instanceof Deno.errors.PermissionDenied) return false;
    throw err;
  }
}

/** pid → parent pid of every process, from /proc on Linux, else from `ps`. */
async function parentTable(): Promise<Map<number, number>> {
  const table = new Map<number, number>();
  if (Deno.build.os === "linux") {
    for await (const e of Deno.readDir("/proc")) {
      if (!/^\d+$/.test(e.name)) continue;
      try {
        const stat = await Deno.readTextFile(`/proc/${e.name}/stat`);
        // The command name may hold spaces and parentheses: fields follow the last ")".
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        table.set(Number(e.name), ppid);
      } catch {
        // exited meanwhile
      }
    }
    return table;
  }
  const out = await new Deno.Command("ps", { args: ["-A", "-o", "pid=,ppid="], stdin: "null" })
    .output();
  for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
    if (m) table.set(Number(m[1]), Number(m[2]));
  }
  return table;
}

/** The descendants of `pid` in `table` (pid → parent pid), breadth first. */
export function descendantsIn(table: ReadonlyMap<number, number>, pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of table) {
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (out.includes(next)) continue;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Real processes: `detached` makes the child a session and process-group leader. */
export const osProcessControl: ProcessControl = {
  spawn(req) {
    const child = new Deno.Command(req.argv[0], {
      args: req.argv.slice(1),
      env: req.env,
      cwd: req.cwd,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      detached: true,
    }).spawn();
    const out = pumpLines(child.stdout, req.onLine);
    const err = pumpLines(child.stderr, req.onLine);
    return {
      pid: child.pid,
      exited: child.status.then((s) => ({ code: s.code, signal: s.signal })),
      outputDone: Promise.all([out.done, err.done]).then(() => {}),
      stopOutput: () => {
        out.stop();
        err.stop();
      },
    };
  },
  signal: send,
  alive: (target) => send(target, PROBE),
  descendants: async (pid) => {
    try {
      return descendantsIn(await parentTable(), pid);
    } catch {
      return [];
    }
  },
};
