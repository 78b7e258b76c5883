/**
 * History and run files: `GET /api/runs[?scenario=]`, `GET /api/runs/trash`,
 * `DELETE /api/runs/{id}[?purge=true]`, `POST /api/runs/{id}/restore`,
 * `POST /api/runs/bulk-delete {ids, purge?}`, `GET /runs/{id}/archive.zip`, `GET /runs/{path}`.
 *
 * @module
 */
import { archiveResponse } from "./archive.ts";
import type { ServeContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { checkRunId } from "./history_store.ts";
import { jsonResponse } from "./responses.ts";
import { jsonBody, param, type Route } from "./router.ts";
import { serveRunFile } from "./run_files.ts";

export function runRoutes(ctx: ServeContext): Route[] {
  return [
    {
      method: "GET",
      pattern: "/api/runs",
      handler: async ({ url }) => {
        const scenario = url.searchParams.get("scenario") ?? undefined;
        return jsonResponse({ runs: await ctx.history.list(scenario || undefined) });
      },
    },
    {
      method: "GET",
      pattern: "/api/runs/trash",
      handler: async () => jsonResponse({ runs: await ctx.history.trash() }),
    },
    {
      method: "POST",
      pattern: "/api/runs/bulk-delete",
      handler: async ({ req }) => {
        const body = await jsonBody(req) as { ids?: unknown; purge?: unknown };
        if (!Array.isArray(body?.ids) || !body.ids.every((i) => typeof i === "string")) {
          throw badRequest("ids: expected a list of run ids");
        }
        if (body.purge !== undefined && typeof body.purge !== "boolean") {
          throw badRequest("purge: expected true or false");
        }
        const ids = (body.ids as string[]).map(checkRunId);
        const deleted: string[] = [];
        const missing: string[] = [];
        for (const id of ids) {
          try {
            if (body.purge) await ctx.history.purge(id);
            else await ctx.history.softDelete(id);
            deleted.push(id);
          } catch (err) {
            if ((err as { status?: number }).status === 404) missing.push(id);
            else throw err;
          }
        }
        return jsonResponse({ deleted, missing, purged: body.purge === true });
      },
    },
    {
      method: "DELETE",
      pattern: "/api/runs/:id",
      handler: async (rc) => {
        const id = checkRunId(param(rc, "id"));
        const purge = rc.url.searchParams.get("purge") === "true";
        if (purge) await ctx.history.purge(id);
        else await ctx.history.softDelete(id);
        return jsonResponse({ id, deleted: true, purged: purge });
      },
    },
    {
      method: "POST",
      pattern: "/api/runs/:id/restore",
      handler: async (rc) => {
        const id = checkRunId(param(rc, "id"));
        await ctx.history.restore(id);
        return jsonResponse({ id, restored: true });
      },
    },
    {
      method: "GET",
      pattern: "/runs/:id/archive.zip",
      framing: "same-origin",
      handler: (rc) => archiveResponse(ctx.runsDir, checkRunId(param(rc, "id"))),
    },
    {
      method: "GET",
      pattern: "/runs/*",
      framing: "same-origin",
      handler: (rc) => serveRunFile(rc.req, ctx.runsDir, rc.params["*"], ctx.reports),
    },
  ];
}
