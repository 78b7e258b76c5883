/**
 * `GET /runs/<id>/<path>`: files of a run, confined to the runs folder (docs/serve.md,
 * "Security"). Hidden entries (the trash, temp files) are not served; a run's `report.html` is
 * rendered fresh (`ReportViews`); `/runs/<id>/` redirects to it.
 *
 * @module
 */
import { join } from "node:path";
import { confinedPath, urlSegments } from "./confine.ts";
import { notFound } from "./errors.ts";
import { checkRunId } from "./history_store.ts";
import { fileResponse } from "./file_response.ts";
import { runFileType } from "./content_types.ts";
import type { ReportViews } from "./report_view.ts";

/** Serves one run file; `tail` is the still-encoded path after `/runs/`. */
export async function serveRunFile(
  req: Request,
  runsDir: string,
  tail: string,
  reports: ReportViews,
): Promise<Response> {
  const segments = urlSegments(tail);
  if (segments.length === 0) throw notFound();
  if (segments.some((s) => s.startsWith("."))) throw notFound();
  checkRunId(segments[0]);
  const real = await confinedPath(runsDir, segments);
  const info = await Deno.stat(real);
  if (info.isDirectory) {
    if (segments.length !== 1) throw notFound();
    return new Response(null, {
      status: 302,
      headers: { location: `/runs/${encodeURIComponent(segments[0])}/report.html` },
    });
  }
  if (!info.isFile) throw notFound();
  const name = segments.at(-1)!;
  if (segments.length === 2 && name === "report.html") {
    const view = await reports.view(join(runsDir, segments[0]));
    if (view.kind === "html") {
      return new Response(req.method === "HEAD" ? null : view.html, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
      });
    }
    return await fileResponse(real, req, "text/html; charset=utf-8");
  }
  return await fileResponse(real, req, runFileType(name));
}
