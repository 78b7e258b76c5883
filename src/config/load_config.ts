/**
 * `loadConfig(path)`: read, parse and strictly validate a `bajutsu.config.yaml`, with relative
 * paths resolved against the file's directory.
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import { parseYamlFile } from "../yaml/parse.ts";
import { parseConfig, type ParsedConfig } from "./parse_config.ts";
import { resolveConfigPaths } from "./resolve_paths.ts";

/** The default config file name (`--config` overrides it). */
export const DEFAULT_CONFIG_PATH = "bajutsu.config.yaml";

/**
 * Loads a config file. Never throws for bad input: a missing file is one `E_IO` error, every
 * other problem a `LoadError` with line:col; `config` is null whenever `errors` is non-empty.
 * Deprecated or ignored keys come back as `warnings`.
 */
export async function loadConfig(path: string): Promise<ParsedConfig> {
  // Errors name the file as the user spelled it; the config records the absolute path.
  const file = resolve(path);
  const parsed = await parseYamlFile(path);
  if (parsed.errors.length > 0) return { config: null, errors: parsed.errors, warnings: [] };
  const result = parseConfig(parsed.node, file, dirname(file));
  return result.config ? { ...result, config: resolveConfigPaths(result.config) } : result;
}
