/**
 * `bajutsu export` and `run --zip`: one run folder written as `<runId>.zip` (rooted at
 * `<runId>/`), atomically, never over an existing file unless asked (docs/cli.md#bajutsu-export).
 *
 * @module
 */
import {
  basename,
  dirname,
  isAbsolute,
  join,
  relative,
  resolve,
  sep as SEPARATOR,
} from "node:path";
import { writeStreamAtomic } from "../evidence/atomic_write.ts";
import { ExportTargetError, ExportWriteError, NotARunError, RunNotFoundError } from "./errors.ts";
import { runArchive } from "./run_archive.ts";
import { ZipTooLarge } from "./zip_writer.ts";

/**
 * What to export.
 *
 * @example
 * ```ts
 * const req: ExportRequest = { run: "20240501-101500", runsDir: "runs", force: false };
 * ```
 */
export interface ExportRequest {
  /** A run folder path, or a run id (one path segment) looked up under `runsDir` first. */
  run: string;
  runsDir: string;
  /** The archive's path; default `<runId>.zip` beside the run folder. */
  output?: string;
  /** Replace an existing file at the archive's path. */
  force: boolean;
}

/**
 * Where a run went.
 *
 * @example
 * ```ts
 * const { zipPath } = await exportRun(req); // "runs/20240501-101500.zip"
 * ```
 */
export interface Exported {
  runId: string;
  runDir: string;
  zipPath: string;
}

/**
 * The run folder `run` names: a single segment (a run id) is looked up under `runsDir`, then as
 * a path; anything else (`runs/x`, `/abs/x`, `.`) is a path as given.
 *
 * @throws {RunNotFoundError} when no folder is there.
 *
 * @example
 * ```ts
 * await resolveRunDir("20240501-101500", "runs"); // "runs/20240501-101500"
 * await resolveRunDir("./20240501-101500", "runs"); // "./20240501-101500"
 * ```
 */
export async function resolveRunDir(run: string, runsDir: string): Promise<string> {
  const isId = run !== "" && run !== "." && run !== ".." && !isAbsolute(run) &&
    !run.includes("/") && !run.includes(SEPARATOR);
  const candidates = isId ? [join(runsDir, run), run] : [run];
  for (const dir of candidates) {
    try {
      if ((await Deno.stat(dir)).isDirectory) return dir;
    } catch { /* not there: the next candidate */ }
  }
  throw new RunNotFoundError(`no run folder at ${candidates.join(" or ")}`, run);
}

/**
 * Writes the zip of a run. Checks first: the run exists and holds manifest.json, and the
 * archive's path is free (or `force` and a file). The zip is written to a temp file beside the
 * target and renamed into place, so a failure leaves no partial archive.
 *
 * @throws {RunNotFoundError} no run folder.
 * @throws {NotARunError} no manifest.json in it.
 * @throws {ExportTargetError} the archive's path is a folder, or a file without `force`.
 * @throws {ExportWriteError} writing failed.
 * @throws {ZipTooLarge} more than a zip without Zip64 holds.
 *
 * @example
 * ```ts
 * await exportRun({ run: "runs/20240501-101500", runsDir: "runs", force: true });
 * ```
 */
export async function exportRun(req: ExportRequest): Promise<Exported> {
  const runDir = await resolveRunDir(req.run, req.runsDir);
  const realRun = await Deno.realPath(runDir);
  if (!(await isRegularFile(join(realRun, "manifest.json")))) {
    throw new NotARunError(`${runDir} is not a run (no manifest.json)`, runDir);
  }
  // A link such as runs/latest exports under the real run's id.
  const runId = basename(realRun);
  const besideRun = join(dirname(resolve(runDir)), `${runId}.zip`);
  const zipPath = req.output ?? besideRun;
  // Shown as the run was named: relative when it was given relative.
  const shownZip = req.output ??
    (isAbsolute(runDir) ? besideRun : relative(Deno.cwd(), besideRun));
  await checkTarget(shownZip, zipPath, req.force);
  const inside = await pathInRun(realRun, zipPath);
  try {
    const zip = await runArchive(realRun, runId, { skip: (rel) => rel === inside });
    await writeStreamAtomic(zipPath, zip);
  } catch (err) {
    if (err instanceof ZipTooLarge) throw err;
    throw new ExportWriteError(`cannot write ${shownZip}: ${(err as Error).message}`, shownZip, {
      cause: err,
    });
  }
  return { runId, runDir, zipPath: shownZip };
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await Deno.lstat(path)).isFile;
  } catch {
    return false;
  }
}

/** Refuses a folder at the archive's path always, a file unless `force`. */
async function checkTarget(shown: string, path: string, force: boolean): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw new ExportWriteError(`cannot write ${shown}: ${(err as Error).message}`, shown);
  }
  if (info.isDirectory) throw new ExportTargetError(`${shown} is a folder`, shown);
  if (!force) {
    throw new ExportTargetError(`${shown} exists; pass --force to overwrite it`, shown);
  }
}

/**
 * The archive's path relative to the run (`/`-separated) when it is written inside the run
 * folder itself — so a re-export never packs the previous archive — else null.
 */
async function pathInRun(realRun: string, zipPath: string): Promise<string | null> {
  let parent: string;
  try {
    parent = await Deno.realPath(dirname(resolve(zipPath)));
  } catch {
    return null; // the folder is missing: the write reports it
  }
  const rel = relative(realRun, join(parent, basename(zipPath)));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return null;
  return rel.split(SEPARATOR).join("/");
}
