/**
 * A short-lived command run to completion under a deadline (`xcrun simctl boot`, `adb install`):
 * stdin closed, stdout and stderr collected, the child killed (SIGKILL) when the deadline passes
 * or when its caller's `signal` aborts (a recovery bound that gave up must not leave the call
 * running). Device backends take a {@link CommandRunner} so tests can swap the process for a fake.
 *
 * @example
 * ```ts
 * import { runBounded } from "./bounded_command.ts";
 * const r = await runBounded("xcrun", ["simctl", "list", "devices", "-j"], { timeoutS: 60 });
 * if (r.timedOut) throw new Error("simctl list hung");
 * if (r.code !== 0) throw new Error(r.stderr);
 * ```
 *
 * @module
 */

/** What a finished (or killed) command left behind. */
export interface CommandResult {
  /** Exit code; -1 when the command was killed at its deadline. */
  code: number;
  stdout: string;
  stderr: string;
  /** The deadline passed and the command was killed. */
  timedOut: boolean;
  /** The caller's signal aborted and the command was killed (or never started). */
  aborted?: boolean;
}

export interface CommandOptions {
  /** Seconds before the command is killed. */
  timeoutS: number;
  /** Added to the current environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** Kills the command when it aborts; an already aborted signal starts nothing. */
  signal?: AbortSignal;
}

/** Runs one command to completion; never throws for a non-zero exit (the caller judges). */
export type CommandRunner = (
  cmd: string,
  args: readonly string[],
  options: CommandOptions,
) => Promise<CommandResult>;

/**
 * The real runner on `Deno.Command`.
 *
 * @throws Deno.errors.NotFound when `cmd` is not on PATH
 */
export const runBounded: CommandRunner = async (cmd, args, options) => {
  const { signal } = options;
  if (signal?.aborted) return { code: -1, stdout: "", stderr: "", timedOut: false, aborted: true };
  const child = new Deno.Command(cmd, {
    args: [...args],
    env: options.env,
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  let aborted = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, Math.max(0, options.timeoutS * 1000));
  const onAbort = () => {
    aborted = true;
    kill();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // Settles once the child is gone: a killed command has been reaped when this returns.
    const out = await child.output();
    const decoder = new TextDecoder();
    return {
      code: timedOut || aborted ? -1 : out.code,
      stdout: decoder.decode(out.stdout),
      stderr: decoder.decode(out.stderr),
      timedOut: timedOut && !aborted,
      aborted,
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
};
