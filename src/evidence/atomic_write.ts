/**
 * Atomic file writes: readers (the report, `serve`) never see a half-written artifact, and an
 * aborted run (a second Ctrl-C, docs/signals.md) leaves no temp file behind.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";

/** A write attempted after {@link AtomicWrites.close}: the process is aborting. */
export class WritesClosedError extends Error {
  readonly code = "E_WRITES_CLOSED";
  constructor(path: string) {
    super(`not written (the run is aborting): ${path}`);
    this.name = "WritesClosedError";
  }
}

/**
 * A registry of atomic writes in flight: one per run, passed to every write of the run (the
 * evidence and the reports), so the abort path of a second Ctrl-C can stop them all. An abort
 * closes it: new writes are refused, writes in flight stop before their rename, and their temp
 * files are removed before the process exits.
 *
 * @example
 * ```ts
 * const writes = new AtomicWrites();
 * await writeFileAtomic("runs/x/manifest.json", "{}\n", 0o600, writes);
 * await writes.close(1000); // on abort: nothing more is renamed into place
 * ```
 */
export class AtomicWrites {
  #pending = new Map<string, Promise<void>>();
  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  /** Temp paths of the writes in flight. */
  pending(): string[] {
    return [...this.#pending.keys()];
  }

  /** Registers a write in flight until `work` settles. */
  track(tmp: string, work: Promise<void>): void {
    this.#pending.set(tmp, work);
    const forget = () => this.#pending.delete(tmp);
    work.then(forget, forget);
  }

  /**
   * Refuses new writes, waits up to `timeoutMs` for the writes in flight to stop, then removes
   * any temp file one of them still left (a write stuck in the file system past the wait).
   */
  async close(timeoutMs: number): Promise<void> {
    this.#closed = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((r) => timer = setTimeout(r, timeoutMs));
    await Promise.race([Promise.allSettled([...this.#pending.values()]), waited]);
    clearTimeout(timer);
    for (const tmp of this.#pending.keys()) {
      try {
        Deno.removeSync(tmp);
      } catch { /* never created, or already gone */ }
    }
  }
}

/** Temp files carry the writer's pid: `.<name>.<pid>.<uuid>.tmp`. */
const TEMP_NAME =
  /^\..+\.(\d+)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** The temp path of a write of `path` by process `pid`. */
export function tempPathFor(path: string, pid: number = Deno.pid): string {
  return join(dirname(path), `.${basename(path)}.${pid}.${crypto.randomUUID()}.tmp`);
}

/** The pid encoded in a temp file's name, or null for any other name. */
export function tempFileOwner(name: string): number | null {
  const m = TEMP_NAME.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * Removes the temp files process `pid` left in `dir` (and below it when `recursive`); returns how
 * many. For a process that must exit without its own registry (a wedged main thread).
 */
export function removeTempFilesOf(pid: number, dir: string, recursive: boolean): number {
  let removed = 0;
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isFile && tempFileOwner(e.name) === pid) {
      try {
        Deno.removeSync(path);
        removed++;
      } catch { /* gone meanwhile */ }
    } else if (recursive && e.isDirectory) {
      removed += removeTempFilesOf(pid, path, true);
    }
  }
  return removed;
}

/**
 * Writes `data` to a temp name in the target's directory, then renames it over `path`. The temp
 * file is removed when anything fails, so no `.tmp` file is ever left behind. With `writes` the
 * write is tracked there, and once `writes` is closed (an abort) it stops before its rename;
 * without, nothing can abort it (a one-off write outside a run: `report`, `serve`).
 *
 * @throws WritesClosedError when `writes` is closed
 *
 * @example
 * ```ts
 * await writeFileAtomic("runs/x/manifest.json", "{}\n");
 * ```
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o600,
  writes?: AtomicWrites,
): Promise<void> {
  if (writes?.closed) throw new WritesClosedError(path);
  const tmp = tempPathFor(path);
  const stopIfClosed = () => {
    if (writes?.closed) throw new WritesClosedError(path);
  };
  const work = (async () => {
    try {
      const opts = { mode, createNew: true };
      if (typeof data === "string") await Deno.writeTextFile(tmp, data, opts);
      else await Deno.writeFile(tmp, data, opts);
      stopIfClosed();
      // The creation mode is filtered by the umask; set it exactly.
      if (Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
      stopIfClosed();
      await Deno.rename(tmp, path);
    } catch (err) {
      await Deno.remove(tmp).catch(() => {});
      throw err;
    }
  })();
  writes?.track(tmp, work);
  await work;
}
