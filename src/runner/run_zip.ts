/**
 * `run --zip`: after the verdict, the run folder as `<runsDir>/<runId>.zip`
 * (docs/cli.md#bajutsu-export). A post-verdict step: a failure is a warning, never an exit code.
 *
 * @module
 */
import { dirname, join, relative } from "node:path";
import { errorLine } from "../text/error_line.ts";

/**
 * Zips the finished run in `runDir` (absolute) beside it and prints one stderr line: where the
 * zip went, or why there is none. Never throws.
 *
 * @example
 * ```ts
 * await zipFinishedRun(run.runDir, run.runId, run.io); // "zip: wrote runs/20240501-101500.zip"
 * ```
 */
export async function zipFinishedRun(
  runDir: string,
  runId: string,
  io: { stderr(line: string): void; cwd: string },
): Promise<void> {
  const zipPath = join(dirname(runDir), `${runId}.zip`);
  const rel = relative(io.cwd, zipPath);
  const shown = rel === "" || rel.startsWith("..") ? zipPath : rel;
  try {
    const { exportRun } = await import("../archive/export_run.ts");
    // The id was claimed by this run: a zip of that name is stale, and is replaced.
    await exportRun({ run: runDir, runsDir: dirname(runDir), output: zipPath, force: true });
    io.stderr(`zip: wrote ${shown}`);
  } catch (err) {
    io.stderr(`warning: --zip: ${shown} not written: ${errorLine(err)} (the verdict stands)`);
  }
}
