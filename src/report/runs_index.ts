/**
 * Where the runs history page goes. `<runsDir>/index.html` is replaced only when bajutsu wrote
 * it (its generator marker, or the summaries block of an older bajutsu's page); a user's own
 * `index.html` is left alone and the page goes to `bajutsu-index.html` instead.
 *
 * @module
 */
import { join } from "node:path";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { type IndexedRun, indexedRunsOf, renderRunsIndex, scanRuns } from "./history.ts";
import { RUNS_INDEX_MARKER } from "./runs_index_marker.ts";

/**
 * The history page's preferred name, then the one used when a user's file holds that name.
 *
 * @example
 * ```ts
 * INDEX_NAMES[0]; // "index.html", the page refreshRunsIndex prefers
 * ```
 */
export const INDEX_NAMES = ["index.html", "bajutsu-index.html"] as const;

/**
 * Writes a file (atomically in production; tests inject a failing disk).
 *
 * @example
 * ```ts
 * const write: FileWriter = (path, data, mode) => Deno.writeTextFile(path, data, { mode });
 * ```
 */
export type FileWriter = (path: string, data: string, mode: number) => Promise<void>;

/**
 * Options of {@link refreshRunsIndex}.
 *
 * @example
 * ```ts
 * await refreshRunsIndex("runs", undefined, { warn: console.warn } satisfies RefreshIndexOptions);
 * ```
 */
export interface RefreshIndexOptions {
  /** Receives one line when the page cannot go to `index.html`. */
  warn?: (line: string) => void;
  writeFile?: FileWriter;
}

/**
 * Whether `html` is a page bajutsu wrote (this version's marker or an older version's data).
 *
 * @example
 * ```ts
 * isOwnIndex(await Deno.readTextFile("runs/index.html")); // false for a page someone else wrote
 * ```
 */
export function isOwnIndex(html: string): boolean {
  return html.includes(RUNS_INDEX_MARKER) ||
    html.includes('<script type="application/json" id="bj-runs">');
}

/** The text of the file at `path` if it is ours to replace, "" when absent, null when foreign. */
async function ownedText(path: string): Promise<string | null> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return "";
    return null;
  }
  // A symlink or a folder under that name is the user's arrangement, not a page we wrote.
  if (!info.isFile) return null;
  try {
    const text = await Deno.readTextFile(path);
    return isOwnIndex(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * Rewrites the runs history page from the current history, reusing the summaries the previous
 * page carried for unchanged manifests; `fresh` is the run just written (already summarized).
 * Returns where the page went. Best effort: the page is derived data, so a failure returns null
 * instead of failing a run whose reports are written.
 *
 * @example
 * ```ts
 * await refreshRunsIndex("runs"); // "runs/index.html", or null when it is not ours to write
 * ```
 */
export async function refreshRunsIndex(
  runsDir: string,
  fresh?: IndexedRun,
  opts: RefreshIndexOptions = {},
): Promise<string | null> {
  const write = opts.writeFile ?? writeFileAtomic;
  let path: string | null = null;
  let previous = "";
  for (const name of INDEX_NAMES) {
    const text = await ownedText(join(runsDir, name));
    if (text !== null) {
      path = join(runsDir, name);
      previous = text;
      break;
    }
  }
  const preferred = join(runsDir, INDEX_NAMES[0]);
  if (path === null) {
    opts.warn?.(
      `${preferred} and ${
        join(runsDir, INDEX_NAMES[1])
      } are not bajutsu's; left them alone and wrote no runs index`,
    );
    return null;
  }
  try {
    const known = indexedRunsOf(previous);
    if (fresh) known.set(fresh.id, fresh);
    await write(path, renderRunsIndex(await scanRuns(runsDir, known)), 0o600);
  } catch {
    return null;
  }
  if (path !== preferred) {
    opts.warn?.(`${preferred} is not bajutsu's and was left alone; the runs index is at ${path}`);
  }
  return path;
}
