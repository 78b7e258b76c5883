/**
 * `GET /runs/<id>/archive.zip`: the run folder as a zip rooted at `<id>/` (the archive itself is
 * src/archive/run_archive.ts, shared with `bajutsu export`; docs/cli.md#bajutsu-export).
 *
 * @module
 */
import { runArchive } from "../archive/run_archive.ts";
import { confinedPath } from "./confine.ts";
import { notFound } from "./errors.ts";
import { checkRunId } from "./history_store.ts";

/** The zip reply for run `id` under `runsDir`. 404 when the run is not there. */
export async function archiveResponse(runsDir: string, id: string): Promise<Response> {
  checkRunId(id);
  const dir = await confinedPath(runsDir, [id]);
  if (!(await Deno.stat(dir)).isDirectory) throw notFound();
  return new Response(await runArchive(dir, id), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${id}.zip"`,
      "cache-control": "no-store",
    },
  });
}
