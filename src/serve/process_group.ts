/**
 * A `bajutsu run` child in its own process group (the leader's pid is the group id), stdin
 * closed, stdout and stderr read line by line. Signals go to the leader (`pid`) or the whole
 * group (`-pid`); Ctrl-C in serve's terminal therefore never reaches a run directly: serve
 * cancels it through the same path as the Cancel button.
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
};
