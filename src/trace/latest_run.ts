/**
 * The run `bajutsu trace` shows when none is named: the newest folder under the runs folder
 * that holds a manifest.json (run ids sort by start time).
 *
 * @module
 */
import { join } from "node:path";
import { isFile } from "../fs/probe.ts";
import { runFolderNames } from "../report/run_id.ts";

/**
 * The newest run folder under `runsDir`, or null when there is none (or no such folder).
 *
 * @example
 * ```ts
 * await latestRun("runs"); // "runs/20260101-120000"
 * ```
 */
export async function latestRun(runsDir: string): Promise<string | null> {
  let names: string[];
  try {
    names = await runFolderNames(runsDir);
  } catch {
    return null;
  }
  for (const name of names) {
    if (await isFile(join(runsDir, name, "manifest.json"))) return join(runsDir, name);
  }
  return null;
}
