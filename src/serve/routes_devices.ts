/**
 * Devices and readiness (docs/serve.md#devices): `GET /api/simulators?target=` lists what the
 * target's backend can lease (simulators, Android devices, browser engines) for the page's
 * picker; `POST /api/doctor` runs `bajutsu doctor`'s checks and returns them as JSON.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import { collectDoctor } from "../drivers/doctor_report.ts";
import { targetDevices } from "../drivers/target_devices.ts";
import type { ServeContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { jsonResponse } from "./responses.ts";
import { jsonBody, type Route } from "./router.ts";

export function deviceRoutes(ctx: ServeContext): Route[] {
  return [
    {
      method: "GET",
      pattern: "/api/simulators",
      handler: async ({ url }) => {
        const target = url.searchParams.get("target");
        if (!target) throw badRequest("target: required (?target=<name>)");
        const eff = await ctx.config.target(target);
        const list = await targetDevices(eff, ctx.env);
        return jsonResponse({ target, platform: eff.app.platform, ...list });
      },
    },
    {
      method: "POST",
      pattern: "/api/doctor",
      handler: async ({ req }) => {
        const body = await jsonBody(req);
        if (body === null || typeof body !== "object" || Array.isArray(body)) {
          throw badRequest("body: expected a JSON object");
        }
        const { target, ...rest } = body as Record<string, unknown>;
        const unknown = Object.keys(rest)[0];
        if (unknown !== undefined) throw badRequest(`${unknown}: unknown field`);
        if (target !== undefined && (typeof target !== "string" || target === "")) {
          throw badRequest("target: expected a target name");
        }
        let targets: Effective[] = [];
        if (typeof target === "string") {
          targets = [await ctx.config.target(target)];
        } else if (ctx.config.path !== null) {
          const config = await ctx.config.load();
          targets = Object.keys(config.targets ?? {}).map((name) => resolveTarget(config, name));
        }
        const report = await collectDoctor(targets, ctx.env);
        return jsonResponse({ version: ctx.info.version, ...report });
      },
    },
  ];
}
