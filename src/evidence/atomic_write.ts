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

/** Slots of an {@link AtomicWrites} fence: closed (0/1), temp files being created (a count). */
export const FENCE_SLOTS = { closed: 0, creating: 1 } as const;
const CLOSED_SLOT = FENCE_SLOTS.closed;
const CREATING_SLOT = FENCE_SLOTS.creating;

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
 *
 * Its `fence` is shared memory, so that a thread that must end the process while the main thread
 * is busy (the signal watcher, docs/signals.md) can close the writes too: see {@link sealWrites}.
 */
export class AtomicWrites {
  /** `[closed, creating]`, shared with a thread that may seal these writes. */
  readonly fence: Int32Array<SharedArrayBuffer> = new Int32Array(new SharedArrayBuffer(8));
  #pending = new Map<string, Promise<void>>();

  get closed(): boolean {
    return Atomics.load(this.fence, CLOSED_SLOT) !== 0;
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
   * Creates the temp file `tmp` (for a write of `path`) unless the writes are closed. The creation
   * is announced in the fence before the closed flag is read, and withdrawn only once the open has
   * settled: a thread sealing the writes either stops it or waits for the file to exist, so its
   * sweep cannot miss the file. The open runs off this thread: creating a file costs a few tenths
   * of a millisecond here, which a step's page round trip would otherwise wait behind
   * (docs/architecture.md#evidence-sink).
   *
   * @throws WritesClosedError when the writes are closed
   */
  async createTemp(tmp: string, path: string, mode: number): Promise<Deno.FsFile> {
    Atomics.add(this.fence, CREATING_SLOT, 1);
    try {
      if (this.closed) throw new WritesClosedError(path);
      return await Deno.open(tmp, { write: true, createNew: true, mode });
    } finally {
      Atomics.sub(this.fence, CREATING_SLOT, 1);
      Atomics.notify(this.fence, CREATING_SLOT);
    }
  }

  /**
   * Refuses new writes, waits up to `timeoutMs` for the writes in flight to stop, then removes
   * any temp file one of them still left (a write stuck in the file system past the wait).
   */
  async close(timeoutMs: number): Promise<void> {
    Atomics.store(this.fence, CLOSED_SLOT, 1);
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

/**
 * Closes, from another thread, the writes whose `fence` this is, and waits (at most `timeoutMs`:
 * a file system can hang) until none of them is creating a temp file. Afterwards no new temp file
 * appears, and every one already created is on disk for {@link removeTempFilesOf} to find. Blocks
 * the calling thread: for a worker about to end the process, never for the main thread.
 */
export function sealWrites(fence: Int32Array<SharedArrayBuffer>, timeoutMs: number): void {
  Atomics.store(fence, CLOSED_SLOT, 1);
  Atomics.notify(fence, CLOSED_SLOT);
  const until = performance.now() + timeoutMs;
  for (;;) {
    const creating = Atomics.load(fence, CREATING_SLOT);
    const left = until - performance.now();
    if (creating === 0 || left <= 0) return;
    Atomics.wait(fence, CREATING_SLOT, creating, left);
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
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const stopIfClosed = () => {
    if (writes?.closed) throw new WritesClosedError(path);
  };
  const work = (async () => {
    let file: Deno.FsFile | null = null;
    try {
      file = writes
        ? await writes.createTemp(tmp, path, mode)
        : await Deno.open(tmp, { write: true, createNew: true, mode });
      for (let done = 0; done < bytes.length;) done += await file.write(bytes.subarray(done));
      file.close();
      file = null;
      stopIfClosed();
      // The creation mode is filtered by the umask; set it exactly.
      if (Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
      stopIfClosed();
      await Deno.rename(tmp, path);
    } catch (err) {
      file?.close();
      await Deno.remove(tmp).catch(() => {});
      throw err;
    }
  })();
  writes?.track(tmp, work);
  await work;
}

/**
 * {@link writeFileAtomic} for bytes produced as a stream (an archive): they go to a temp file in
 * the target's directory, renamed over `path` once the stream has ended. When the stream or a
 * write fails, the temp file is removed and `path` is untouched.
 *
 * @example
 * ```ts
 * await writeStreamAtomic("runs/20240501-101500.zip", zip);
 * ```
 */
export async function writeStreamAtomic(
  path: string,
  stream: ReadableStream<Uint8Array>,
  mode = 0o600,
): Promise<void> {
  const tmp = tempPathFor(path);
  let file: Deno.FsFile | null = null;
  try {
    file = await Deno.open(tmp, { write: true, createNew: true, mode });
    for await (const chunk of stream) {
      for (let done = 0; done < chunk.length;) done += await file.write(chunk.subarray(done));
    }
    file.close();
    file = null;
    // The creation mode is filtered by the umask; set it exactly.
    if (Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
    await Deno.rename(tmp, path);
  } catch (err) {
    file?.close();
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
}
