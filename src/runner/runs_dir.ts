/**
 * The runs folder preflight: before the first scenario, `bajutsu run` creates the runs folder if
 * needed, claims a fresh run folder in it and proves a file can be written there. Any failure is
 * one `RunsDirError` line naming the path and the reason (exit 2), never a stack trace halfway
 * through a run.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { uniqueRunId } from "../report/run_id.ts";

/**
 * The runs folder cannot hold a run.
 *
 * @example
 * ```ts
 * // "E_RUNS_DIR cannot write runs to /runs: permission denied"
 * new RunsDirError("/runs", "permission denied").message;
 * ```
 */
export class RunsDirError extends Error {
  readonly code = "E_RUNS_DIR";
  constructor(readonly path: string, readonly reason: string) {
    super(`E_RUNS_DIR cannot write runs to ${path}: ${reason}`);
    this.name = "RunsDirError";
  }
}

/**
 * A claimed, writable run folder.
 *
 * @example
 * ```ts
 * const { runId, runDir }: ClaimedRun = await claimRunDir("runs", new Date());
 * ```
 */
export interface ClaimedRun {
  runId: string;
  runDir: string;
}

/**
 * Creates `runsDir` (0700) if needed, claims a new run folder for `date` and writes and removes
 * a probe file in it. Throws `RunsDirError`; a claimed folder that cannot take files is removed.
 *
 * @example
 * ```ts
 * const { runDir } = await claimRunDir("/work/runs", new Date()); // "/work/runs/20240501-101500"
 * ```
 */
export async function claimRunDir(runsDir: string, date: Date): Promise<ClaimedRun> {
  let runId: string;
  try {
    runId = await uniqueRunId(runsDir, date);
  } catch (err) {
    throw new RunsDirError(runsDir, await fsFailureReason(err, runsDir));
  }
  const runDir = join(runsDir, runId);
  try {
    const probe = await Deno.makeTempFile({ dir: runDir, prefix: ".write-check-" });
    await Deno.remove(probe);
  } catch (err) {
    await Deno.remove(runDir, { recursive: true }).catch(() => {});
    throw new RunsDirError(runsDir, await fsFailureReason(err, runsDir));
  }
  return { runId, runDir };
}

/**
 * A short, specific reason for a file-system error at or below `path` (else its message).
 *
 * @example
 * ```ts
 * await fsFailureReason(new Deno.errors.PermissionDenied("…"), "/runs"); // "permission denied"
 * ```
 */
export async function fsFailureReason(err: unknown, path: string): Promise<string> {
  const code = (err as { code?: unknown })?.code;
  switch (code) {
    case "EEXIST":
      return "it exists and is not a directory";
    case "ENOTDIR": {
      const file = await nonDirectoryAncestor(path);
      return file === null ? "a parent is not a directory" : `${file} is not a directory`;
    }
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "read-only file system";
    case "ENOSPC":
      return "no space left on device";
    case "EDQUOT":
      return "disk quota exceeded";
  }
  return err instanceof Error ? err.message : String(err);
}

/** The nearest existing ancestor of `path` that is not a directory, or null. */
async function nonDirectoryAncestor(path: string): Promise<string | null> {
  for (let p = dirname(path); p !== dirname(p); p = dirname(p)) {
    try {
      return (await Deno.stat(p)).isDirectory ? null : p;
    } catch {
      // Not there: look further up.
    }
  }
  return null;
}
