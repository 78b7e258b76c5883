/**
 * `bajutsu report --all`: re-renders every run under a runs folder, one at a time, then the runs
 * index once (docs/cli.md#report---all). A run that cannot be re-rendered is an outcome, not
 * the end of the batch.
 *
 * @module
 */
import { join } from "node:path";
import { entryExists } from "../fs/probe.ts";
import { rerenderRun } from "./rerender.ts";
import { runFolderNames } from "./run_id.ts";
import { refreshRunsIndex, type WriteReportOptions } from "./write_report.ts";

/**
 * What became of one run: re-rendered (with its stored verdict) or not (the error says why).
 *
 * @example
 * ```ts
 * const o: RerenderOutcome = { runDir: "runs/20240501-101500", ok: true };
 * ```
 */
export type RerenderOutcome =
  | { runDir: string; ok: boolean }
  | { runDir: string; error: unknown };

/**
 * The run folders under `runsDir`, oldest first: folders (not links, not hidden such as
 * `.trash`) holding a manifest.json entry. A folder without one (a run in progress, a foreign
 * folder) is not a run. A missing `runsDir` holds none.
 *
 * @example
 * ```ts
 * await runFolders("runs"); // ["runs/20240501-101500", "runs/20240502-090000"]
 * ```
 */
export async function runFolders(runsDir: string): Promise<string[]> {
  const runs: string[] = [];
  // Oldest first, as the runs were made.
  for (const name of (await runFolderNames(runsDir)).reverse()) {
    if (await entryExists(join(runsDir, name, "manifest.json"))) runs.push(join(runsDir, name));
  }
  return runs;
}

/**
 * Re-renders each run of {@link runFolders} and, when any was re-rendered, the runs index.
 *
 * @example
 * ```ts
 * const outcomes = await rerenderAll("runs", { warn: console.warn });
 * outcomes.every((o) => "ok" in o && o.ok); // every run re-rendered and passed
 * ```
 */
export async function rerenderAll(
  runsDir: string,
  opts: WriteReportOptions = {},
): Promise<RerenderOutcome[]> {
  const outcomes: RerenderOutcome[] = [];
  for (const runDir of await runFolders(runsDir)) {
    try {
      outcomes.push({ runDir, ok: (await rerenderRun(runDir, opts)).ok });
    } catch (error) {
      outcomes.push({ runDir, error });
    }
  }
  if (outcomes.some((o) => "ok" in o)) {
    await refreshRunsIndex(runsDir, undefined, { warn: opts.warn, writeFile: opts.writeFile });
  }
  return outcomes;
}
