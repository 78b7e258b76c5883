/**
 * Run ids (docs/reports.md#run-ids): `YYYYMMDD-HHMMSS` in UTC, optionally prefixed, minted once per
 * run. Ids sort lexicographically = chronologically; a `-N` suffix separates runs of the same
 * second.
 *
 * @module
 */
import { join } from "node:path";
import { entryExists } from "../fs/probe.ts";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The run id for `date` (UTC).
 *
 * @example
 * ```ts
 * makeRunId(new Date(Date.UTC(2024, 4, 1, 10, 15, 0))); // "20240501-101500"
 * makeRunId(new Date(0), "audit-"); // "audit-19700101-000000"
 * ```
 */
export function makeRunId(date: Date, prefix = ""): string {
  const day = `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${
    pad(date.getUTCDate())
  }`;
  const time = `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
  return `${prefix}${day}-${time}`;
}

const RUN_ID = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-\d+)?$/;

/**
 * The UTC start encoded in an unprefixed run id (collision suffix allowed), or null.
 *
 * @example
 * ```ts
 * parseRunId("20240501-101500-2")?.toISOString(); // "2024-05-01T10:15:00.000Z"
 * parseRunId("audit-20240501-101500"); // null
 * ```
 */
export function parseRunId(runId: string): Date | null {
  const m = RUN_ID.exec(runId);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Reject ids like 20241340-…: Date.UTC rolls them over silently.
  return makeRunId(date) === runId.slice(0, 15) ? date : null;
}

/**
 * Orders run ids newest first: descending, with numeric parts compared as numbers so that
 * `…-10` sorts after `…-2` (reporting OQ3 suffixes).
 *
 * @example
 * ```ts
 * ["20240501-101500", "20240502-090000"].sort(compareRunIdsNewestFirst); // 0502 first
 * ```
 */
export function compareRunIdsNewestFirst(a: string, b: string): number {
  return b.localeCompare(a, "en", { numeric: true });
}

/**
 * The names of the folders under `runsDir` that can be runs, newest first: its visible
 * subfolders (not `.trash` or other hidden ones, not links). Whether one holds a manifest is for
 * the caller to check. A missing `runsDir` has none; other read errors propagate.
 *
 * @example
 * ```ts
 * await runFolderNames("runs"); // ["20240502-090000", "20240501-101500"]
 * ```
 */
export async function runFolderNames(runsDir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(runsDir)) {
      if (e.isDirectory && !e.name.startsWith(".")) names.push(e.name);
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  return names.sort(compareRunIdsNewestFirst);
}

/**
 * Mints a run id for `date` and claims its directory under `runsDir` (created 0700). When a run
 * of the same second already owns the directory (or its soft-deleted copy sits in `.trash/`),
 * appends `-2`, `-3`… The claim is an exclusive mkdir, so two processes never share an id.
 *
 * @example
 * ```ts
 * await uniqueRunId("runs", new Date()); // "20240501-101500", or "20240501-101500-2" if taken
 * ```
 */
export async function uniqueRunId(runsDir: string, date: Date, prefix = ""): Promise<string> {
  await Deno.mkdir(runsDir, { recursive: true, mode: 0o700 });
  const base = makeRunId(date, prefix);
  for (let n = 1;; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (await entryExists(join(runsDir, ".trash", id))) continue;
    try {
      await Deno.mkdir(join(runsDir, id), { mode: 0o700 });
      return id;
    } catch (err) {
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
    }
  }
}
