/**
 * Targets, scenarios and run jobs: `GET /api/targets`, `GET /api/scenarios?target=`,
 * `POST /api/run`, `GET /api/jobs`, `GET /api/jobs/{id}`, `GET /api/jobs/{id}/events` (SSE),
 * `POST /api/jobs/{id}/cancel`.
 *
 * @module
 */
import { isAbsolute, relative } from "node:path";
import { listScenarioFiles, listTargets } from "./catalog.ts";
import type { ServeContext } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";
import type { Job } from "./job.ts";
import { jsonResponse } from "./responses.ts";
import { jsonBody, param, type Route, type RouteContext } from "./router.ts";
import { runArguments } from "./run_args.ts";
import { parseRunBody, resolveScenarioFiles } from "./run_request.ts";

function jobOf(ctx: ServeContext, rc: RouteContext): Job {
  const job = ctx.jobs.get(param(rc, "id"));
  if (!job) throw notFound("no such job");
  return job;
}

/** `Last-Event-ID` → the first line index still to send. */
function resumeIndex(req: Request): number {
  const header = req.headers.get("last-event-id");
  if (header === null || !/^\d+$/.test(header.trim())) return 0;
  return Number(header) + 1;
}

export function jobRoutes(ctx: ServeContext): Route[] {
  return [
    {
      method: "GET",
      pattern: "/api/targets",
      handler: async () => {
        const config = await ctx.config.load();
        // Shown in the page header: relative to where serve runs when it lies below it.
        const shown = relative(Deno.cwd(), config.file);
        const display = shown.startsWith("..") || isAbsolute(shown) ? config.file : shown;
        return jsonResponse({ config: display, targets: listTargets(config) });
      },
    },
    {
      method: "GET",
      pattern: "/api/scenarios",
      handler: async ({ url }) => {
        const target = url.searchParams.get("target");
        if (!target) throw badRequest("target: required (?target=<name>)");
        const eff = await ctx.config.target(target);
        return jsonResponse({ target, files: await listScenarioFiles(eff) });
      },
    },
    {
      method: "POST",
      pattern: "/api/run",
      handler: async ({ req }) => {
        const spec = parseRunBody(await jsonBody(req));
        const eff = await ctx.config.target(spec.target);
        if (!eff.dirs.scenarios) {
          throw badRequest(`target: ${spec.target} has no scenarios folder in the config`);
        }
        const files = await resolveScenarioFiles(spec.scenarios, eff.dirs.scenarios);
        const argv = [
          ...ctx.bajutsu,
          ...runArguments(spec, files, {
            configPath: ctx.config.path!,
            runsDir: ctx.runsDir,
            baseUrl: ctx.baseUrl,
            platform: eff.platform,
          }),
        ];
        const job = ctx.jobs.start({ argv, target: spec.target, scenarios: spec.scenarios });
        return jsonResponse({ jobId: job.id });
      },
    },
    {
      method: "GET",
      pattern: "/api/jobs",
      handler: () => jsonResponse({ jobs: ctx.jobs.list().map((j) => j.view(false)) }),
    },
    {
      method: "GET",
      pattern: "/api/jobs/:id",
      handler: (rc) => jsonResponse(jobOf(ctx, rc).view(true)),
    },
    {
      method: "GET",
      pattern: "/api/jobs/:id/events",
      handler: (rc) => {
        const job = jobOf(ctx, rc);
        return new Response(ctx.sse.stream(job.log, resumeIndex(rc.req)), {
          headers: {
            "content-type": "text/event-stream; charset=utf-8",
            "cache-control": "no-cache",
            "x-accel-buffering": "no",
          },
        });
      },
    },
    {
      method: "POST",
      pattern: "/api/jobs/:id/cancel",
      handler: (rc) => {
        const job = jobOf(ctx, rc);
        return jsonResponse({ cancelled: ctx.jobs.cancel(job.id) });
      },
    },
  ];
}
