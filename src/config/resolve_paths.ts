/**
 * Relative paths in a config resolve against the config file's directory
 * (docs/configuration.md#the-config-file), so a run started from anywhere finds the same scenarios,
 * baselines and binaries.
 *
 * @module
 */
import { isAbsolute, resolve } from "node:path";
import type { Config, TargetConfig } from "./types.ts";

/** Target keys holding file-system paths. */
export const PATH_KEYS = [
  "scenarios",
  "baselines",
  "schemas",
  "goldens",
  "appPath",
  "setup",
  "app",
] as const satisfies readonly (keyof TargetConfig)[];

/** `p` made absolute against `dir` (absolute paths are kept as they are). */
export function resolveAgainst(dir: string, p: string): string {
  return isAbsolute(p) ? p : resolve(dir, p);
}

/** A copy of `config` whose target path keys are absolute (against `config.dir`). */
export function resolveConfigPaths(config: Config): Config {
  const targets: Record<string, TargetConfig> = {};
  for (const [name, t] of Object.entries(config.targets)) {
    const copy: TargetConfig = { ...t };
    for (const key of PATH_KEYS) {
      const v = copy[key];
      if (typeof v === "string" && v !== "") copy[key] = resolveAgainst(config.dir, v);
    }
    targets[name] = copy;
  }
  return { ...config, targets };
}
