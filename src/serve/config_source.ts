/**
 * The config serve is bound to. It is read again on every request that needs it, so edits to
 * the file (a new target, a moved scenarios folder) show up without restarting serve. A config
 * that stops loading answers 400 with its first error as `<file>:<line>:<col>: <CODE> <message>`.
 *
 * @module
 */
import { loadConfig } from "../config/load_config.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import type { Effective } from "../config/effective.ts";
import type { Config } from "../config/types.ts";
import { formatLoadError } from "../yaml/load_error.ts";
import { badRequest } from "./errors.ts";

export class ConfigSource {
  /** `path`: absolute path of the config, or null when serve runs without one. */
  constructor(readonly path: string | null) {}

  /** The parsed config; 400 without one or when it has errors. */
  async load(): Promise<Config> {
    if (this.path === null) {
      throw badRequest("no config: start serve with --config <file>", "E_NO_CONFIG");
    }
    const parsed = await loadConfig(this.path);
    if (!parsed.config) {
      const first = parsed.errors[0];
      throw badRequest(
        `config: ${first ? formatLoadError(first) : "cannot be loaded"}`,
        "E_CONFIG",
      );
    }
    return parsed.config;
  }

  /** The effective settings of target `name`; 400 for an unknown target. */
  async target(name: string): Promise<Effective> {
    const config = await this.load();
    try {
      return resolveTarget(config, name);
    } catch (err) {
      throw badRequest(`target: ${err instanceof Error ? err.message : String(err)}`, "E_TARGET");
    }
  }
}
