/**
 * A run folder as a zip rooted at `<runId>/`, so it unpacks into a folder named like the run and
 * the report's relative links resolve offline. Only regular files are archived: symlinks are
 * skipped, so an archive never carries a file from outside the run (docs/cli.md#bajutsu-export).
 * One implementation for `bajutsu export`, `run --zip` and serve's archive download.
 *
 * @module
 */
import { join } from "node:path";
import { isCompressible } from "./compressible.ts";
import { type ZipEntry, zipStream } from "./zip_writer.ts";

/**
 * Regular files under `dir`, as `/`-separated paths relative to it, sorted. Symlinks (to files
 * or folders) are skipped, so nothing outside `dir` is listed.
 *
 * @example
 * ```ts
 * await filesUnder("runs/20240501-101500"); // ["00-login/step0/after.png", "manifest.json", …]
 * ```
 */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(join(dir, rel))) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymlink) continue;
      if (e.isDirectory) await walk(path);
      else if (e.isFile) out.push(path);
    }
  };
  await walk("");
  return out.sort();
}

/**
 * Options of {@link runArchive}.
 *
 * @example
 * ```ts
 * const opts: RunArchiveOptions = { skip: (rel) => rel === "export.zip" };
 * ```
 */
export interface RunArchiveOptions {
  /** Leaves out files (by path relative to the run) — e.g. the archive being written itself. */
  skip?: (rel: string) => boolean;
}

/**
 * The zip of the run folder `runDir`, every entry under `<rootName>/`. The file list is taken
 * now; the bytes are read as the stream is consumed.
 *
 * @throws {ZipTooLarge} when the run holds more files than a zip without Zip64 can.
 *
 * @example
 * ```ts
 * const zip = await runArchive("runs/20240501-101500", "20240501-101500");
 * await new Response(zip).arrayBuffer();
 * ```
 */
export async function runArchive(
  runDir: string,
  rootName: string,
  opts: RunArchiveOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const entries: ZipEntry[] = [];
  for (const rel of await filesUnder(runDir)) {
    if (opts.skip?.(rel)) continue;
    const path = join(runDir, ...rel.split("/"));
    // lstat: a file swapped for a symlink after the listing is not followed for its metadata.
    const st = await Deno.lstat(path);
    if (!st.isFile) continue;
    entries.push({
      name: `${rootName}/${rel}`,
      size: st.size,
      mtime: st.mtime ?? new Date(0),
      mode: (st.mode ?? 0o600) & 0o777,
      deflate: isCompressible(rel),
      open: () => fileStream(path),
    });
  }
  return zipStream(entries);
}

/** A file's bytes as a stream that opens the file only when first read. */
function fileStream(path: string): ReadableStream<Uint8Array> {
  let file: Deno.FsFile | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      file ??= await Deno.open(path, { read: true });
      const buf = new Uint8Array(64 * 1024);
      const n = await file.read(buf);
      if (n === null) {
        file.close();
        controller.close();
        return;
      }
      controller.enqueue(buf.subarray(0, n));
    },
    cancel() {
      file?.close();
    },
  });
}
