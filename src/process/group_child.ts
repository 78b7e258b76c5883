/**
 * A long-lived helper process of a run (adb instrumentation, `screenrecord`, `logcat`) in a
 * process group of its own, so a Ctrl-C to the run's group never reaches it and `stop()` ends it
 * together with everything it started: the group gets `signal`, then SIGKILL after the grace.
 *
 * A helper must never outlive the run. `stop()` is the normal path; should the run exit without
 * calling it (an abort exits through `process.exit`), an `exit` listener kills the group
 * synchronously. The listener is removed once the child has exited.
 *
 * @example
 * ```ts
 * import { spawnGroupChild } from "./group_child.ts";
 * const logcat = spawnGroupChild({ cmd: "adb", args: ["-s", serial, "logcat"], output: { file } });
 * // … the step runs …
 * await logcat.stop(); // SIGTERM to its group, SIGKILL 5 s later if it is still there
 * ```
 *
 * @module
 */
import process from "node:process";
import type { ChildExit } from "./process_group.ts";
import { pumpLines } from "./line_splitter.ts";
import { realWait, settlesWithin, type WaitFn } from "./wait.ts";

/** Grace between the first signal to the group and the SIGKILL, by default. */
export const STOP_GRACE_MS = 5000;

/** Where the child's stdout goes; stderr goes to the same place (a log wants both). */
export type ChildOutput =
  | "null"
  | { lines: (line: string) => void }
  | { file: string };

export interface GroupChildOptions {
  cmd: string;
  args: string[];
  /** Added to the current environment. */
  env?: Record<string, string>;
  cwd?: string;
  output?: ChildOutput;
  /** Waits of `stop()`; tests inject one they control. */
  wait?: WaitFn;
}

/** A running group leader. */
export interface GroupChild {
  /** The leader's pid, which is also the group id. */
  readonly pid: number;
  /** Settles once the leader exited. */
  readonly exited: Promise<ChildExit>;
  /** True until the leader exited. */
  readonly running: boolean;
  /**
   * Sends `signal` (default SIGTERM) to the whole group, waits up to `graceMs` for the leader to
   * exit, then SIGKILLs the group. Resolves with how it ended; idempotent.
   */
  stop(options?: { signal?: Deno.Signal; graceMs?: number }): Promise<ChildExit>;
}

/** Sends `signal` to process group `pgid`; false when it has no member left. */
export function signalGroup(pgid: number, signal: Deno.Signal): boolean {
  try {
    Deno.kill(-pgid, signal);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    if (err instanceof Deno.errors.PermissionDenied) return false;
    throw err;
  }
}

/**
 * Starts `cmd` as the leader of a new process group (stdin closed).
 *
 * @throws Deno.errors.NotFound when `cmd` does not exist
 */
export function spawnGroupChild(opts: GroupChildOptions): GroupChild {
  const output = opts.output ?? "null";
  const piped = output !== "null";
  const child = new Deno.Command(opts.cmd, {
    args: opts.args,
    env: opts.env,
    cwd: opts.cwd,
    stdin: "null",
    stdout: piped ? "piped" : "null",
    stderr: piped ? "piped" : "null",
    detached: true,
  }).spawn();
  const pid = child.pid;
  let running = true;
  // The last resort: the run exits (an abort) without stopping us.
  const onExit = () => {
    if (running) signalGroup(pid, "SIGKILL");
  };
  process.on("exit", onExit);
  const drained = drain(child, output);
  const exited = child.status.then(async (s) => {
    running = false;
    process.off("exit", onExit);
    await drained;
    return { code: s.code, signal: s.signal };
  });
  const wait = opts.wait ?? realWait;
  let stopping: Promise<ChildExit> | null = null;
  return {
    pid,
    exited,
    get running() {
      return running;
    },
    stop(options = {}) {
      stopping ??= (async () => {
        if (running) {
          signalGroup(pid, options.signal ?? "SIGTERM");
          const grace = options.graceMs ?? STOP_GRACE_MS;
          if (!await settlesWithin(exited, grace, wait)) signalGroup(pid, "SIGKILL");
        }
        // Whatever the leader left in its group goes too.
        signalGroup(pid, "SIGKILL");
        return await exited;
      })();
      return stopping;
    },
  };
}

/** Reads the child's output to its destination; settles when both pipes closed. */
async function drain(child: Deno.ChildProcess, output: ChildOutput): Promise<void> {
  if (output === "null") return;
  if ("lines" in output) {
    const out = pumpLines(child.stdout, output.lines);
    const err = pumpLines(child.stderr, output.lines);
    await Promise.all([out.done, err.done]);
    return;
  }
  const file = await Deno.open(output.file, { write: true, create: true, truncate: true });
  try {
    // One write at a time: the two pipes share the file's offset.
    let queue = Promise.resolve();
    const write = (chunk: Uint8Array) => queue = queue.then(() => writeAll(file, chunk));
    await Promise.all([copy(child.stdout, write), copy(child.stderr, write)]);
    await queue;
  } finally {
    file.close();
  }
}

async function writeAll(file: Deno.FsFile, chunk: Uint8Array): Promise<void> {
  let at = 0;
  while (at < chunk.length) at += await file.write(chunk.subarray(at));
}

async function copy(
  stream: ReadableStream<Uint8Array>,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<void> {
  try {
    for await (const chunk of stream) await write(chunk);
  } catch {
    // The pipe broke (the group was killed): what was read so far is kept.
  }
}
