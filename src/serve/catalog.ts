/**
 * The pick lists of the page: the config's targets, and the scenario files of a target's
 * scenarios folder with their scenario names, tags and load errors (`lint` without running).
 * Component files and config files in that folder are left out; so is anything a symlink leads
 * outside the folder.
 *
 * @module
 */
import { relative, sep } from "node:path";
import type { Config } from "../config/types.ts";
import type { Effective } from "../config/effective.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import { loadScenarioPaths } from "../scenario/load.ts";
import type { LoadError } from "../yaml/load_error.ts";
import { isInside, realRoot } from "./confine.ts";

/** A target as the picker shows it. */
export interface TargetInfo {
  name: string;
  platform: string;
  /** The scenarios folder relative to the config's folder (null when the target has none). */
  scenarios: string | null;
  /** The target's config problem (a missing identifier), if any. */
  error?: string;
}

/** A load problem as JSON. */
export interface ProblemInfo {
  line: number;
  col: number;
  code: string;
  path: string;
  message: string;
  /** File of the problem relative to the scenarios folder (a component may be elsewhere). */
  file: string;
}

/** One scenario file of a target. */
export interface ScenarioFileInfo {
  /** Path relative to the scenarios folder, `/`-separated: the value `POST /api/run` takes. */
  path: string;
  scenarios: { name: string; tags: string[]; description: string | null }[];
  /** Every tag of the file's scenarios, sorted. */
  tags: string[];
  errors: ProblemInfo[];
  warnings: ProblemInfo[];
}

/** The targets of `config`, in file order. */
export function listTargets(config: Config): TargetInfo[] {
  return Object.keys(config.targets).map((name) => {
    try {
      const eff = resolveTarget(config, name);
      return {
        name,
        platform: eff.platform,
        scenarios: eff.dirs.scenarios ? toPosix(relative(config.dir, eff.dirs.scenarios)) : null,
      };
    } catch (err) {
      return {
        name,
        platform: config.targets[name].platform ?? "",
        scenarios: null,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  });
}

function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}

/** Converts a load error for the API (its file relative to `base`). */
export function problemInfo(e: LoadError, base: string): ProblemInfo {
  return {
    line: e.line,
    col: e.col,
    code: e.code,
    path: e.path,
    message: e.message,
    file: toPosix(relative(base, e.file)),
  };
}

/** The scenario files of a target (empty when it has no scenarios folder). */
export async function listScenarioFiles(eff: Effective): Promise<ScenarioFileInfo[]> {
  const dir = eff.dirs.scenarios;
  if (!dir) return [];
  const root = await realRoot(dir);
  const { files } = await loadScenarioPaths([root], { configSetup: eff.setup });
  const out: ScenarioFileInfo[] = [];
  for (const f of files) {
    if (f.kind !== "scenario") continue;
    let real: string;
    try {
      real = await Deno.realPath(f.file);
    } catch {
      continue;
    }
    if (!isInside(root, real)) continue;
    const scenarios = f.outcome.scenarios.map((s) => ({
      name: s.name,
      tags: [...s.tags],
      description: s.description ?? null,
    }));
    out.push({
      path: toPosix(relative(root, f.file)),
      scenarios,
      tags: [...new Set(scenarios.flatMap((s) => s.tags))].sort(),
      errors: f.outcome.errors.map((e) => problemInfo(e, root)),
      warnings: f.outcome.warnings.map((e) => problemInfo(e, root)),
    });
  }
  return out;
}
