/**
 * Inline validation: `POST /api/lint` checks scenario text (or a file of a target's scenarios
 * folder) with the loader, without running it; `GET /api/schema` is the scenario JSON Schema.
 *
 * @module
 */
import { join } from "node:path";
import { loadScenarioPaths, loadScenarioText } from "../scenario/load.ts";
import type { LoadedFile } from "../scenario/load.ts";
import scenarioSchema from "../../schemas/scenario.schema.json" with { type: "json" };
import { problemInfo } from "./catalog.ts";
import { confinedPath, realRoot, relativeSegments } from "./confine.ts";
import type { ServeContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { jsonResponse } from "./responses.ts";
import { jsonBody, type Route } from "./router.ts";

/** Longest scenario text `POST /api/lint` accepts (characters). */
export const MAX_LINT_TEXT = 512 * 1024;

function lintReply(file: LoadedFile, base: string): Response {
  return jsonResponse({
    ok: file.outcome.errors.length === 0,
    kind: file.kind,
    scenarios: file.outcome.scenarios.map((s) => s.name),
    errors: file.outcome.errors.map((e) => problemInfo(e, base)),
    warnings: file.outcome.warnings.map((e) => problemInfo(e, base)),
  });
}

export function toolRoutes(ctx: ServeContext): Route[] {
  return [
    {
      method: "POST",
      pattern: "/api/lint",
      handler: async ({ req }) => {
        const body = await jsonBody(req, MAX_LINT_TEXT * 2) as Record<string, unknown>;
        const { text, target, scenario } = body ?? {};
        if (text !== undefined && typeof text !== "string") {
          throw badRequest("text: expected a string");
        }
        if (typeof text === "string" && text.length > MAX_LINT_TEXT) {
          throw badRequest(`text: longer than ${MAX_LINT_TEXT} characters`);
        }
        if (target !== undefined && typeof target !== "string") {
          throw badRequest("target: expected a target name");
        }
        if (scenario !== undefined && typeof scenario !== "string") {
          throw badRequest("scenario: expected a path relative to the scenarios folder");
        }
        if (text === undefined && (target === undefined || scenario === undefined)) {
          throw badRequest("text: required (or target and scenario naming a file to lint)");
        }
        if (target === undefined) {
          // Standalone text: references resolve from serve's working directory.
          const file = await loadScenarioText(text as string, join(Deno.cwd(), "inline.yaml"));
          return lintReply(file, Deno.cwd());
        }
        const eff = await ctx.config.target(target);
        if (!eff.dirs.scenarios) throw badRequest(`target: ${target} has no scenarios folder`);
        const root = await realRoot(eff.dirs.scenarios);
        const name = scenario ?? "inline.yaml";
        const segments = relativeSegments(name, "scenario");
        if (!/\.ya?ml$/i.test(name)) throw badRequest("scenario: must be a .yaml file");
        if (text === undefined) {
          const path = await confinedPath(root, segments).catch(() => {
            throw badRequest(
              `scenario: ${JSON.stringify(name)} is not a file of ${target}'s scenarios folder`,
            );
          });
          const { files } = await loadScenarioPaths([path], { configSetup: eff.setup });
          return lintReply(files[0], root);
        }
        // Unsaved text linted as if it sat at `scenario` (its folder must exist in the suite).
        const parent = segments.length > 1
          ? await confinedPath(root, segments.slice(0, -1)).catch(() => {
            throw badRequest(`scenario: folder of ${JSON.stringify(name)} does not exist`);
          })
          : root;
        const file = await loadScenarioText(text, join(parent, segments.at(-1)!), {
          rootDir: root,
          configSetup: eff.setup,
        });
        return lintReply(file, root);
      },
    },
    {
      method: "GET",
      pattern: "/api/schema",
      handler: () => jsonResponse(scenarioSchema),
    },
  ];
}
