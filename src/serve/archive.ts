/**
 * `GET /runs/<id>/archive.zip`: the run folder as a zip rooted at `<id>/`, so it unpacks into a
 * folder named like the run. Symlinks are skipped, so an archive never carries a file from
 * outside the run.
 *
 * @module
 */
import { join } from "node:path";
import { confinedPath } from "./confine.ts";
import { notFound } from "./errors.ts";
import { checkRunId } from "./history_store.ts";
import { isCompressible } from "./content_types.ts";
import { type ZipEntry, zipStream } from "./zip_writer.ts";

/** Regular files under `dir`, as `/`-separated paths relative to it, sorted. Symlinks skipped. */
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

/** The zip reply for run `id` under `runsDir`. 404 when the run is not there. */
export async function archiveResponse(runsDir: string, id: string): Promise<Response> {
  checkRunId(id);
  const dir = await confinedPath(runsDir, [id]);
  if (!(await Deno.stat(dir)).isDirectory) throw notFound();
  const entries: ZipEntry[] = [];
  for (const rel of await filesUnder(dir)) {
    const path = join(dir, ...rel.split("/"));
    const st = await Deno.stat(path);
    entries.push({
      name: `${id}/${rel}`,
      size: st.size,
      mtime: st.mtime ?? new Date(0),
      mode: (st.mode ?? 0o600) & 0o777,
      deflate: isCompressible(rel),
      open: () => fileStream(path),
    });
  }
  return new Response(zipStream(entries), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${id}.zip"`,
      "cache-control": "no-store",
    },
  });
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
