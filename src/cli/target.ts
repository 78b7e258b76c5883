/**
 * Loading a config and resolving one of its targets for a command (`lint --config`, `inspect`):
 * config warnings to stderr, errors printed, and the exit code to use when it fails.
 *
 * @module
 */
import { loadConfig } from "../config/load_config.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import type { Effective } from "../config/effective.ts";
import { formatLoadError } from "../yaml/load_error.ts";
import { EXIT_USAGE } from "../runner/exit_codes.ts";
import type { CliIo } from "./program.ts";

/**
 * The target's effective configuration, or the exit code after printing why there is none (a
 * config load error, a missing `--target` when several exist, an unknown target).
 */
export async function loadTarget(
  configPath: string,
  target: string | undefined,
  io: CliIo,
): Promise<Effective | number> {
  const parsed = await loadConfig(configPath);
  for (const w of parsed.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
  if (!parsed.config) {
    for (const e of parsed.errors) io.stderr(formatLoadError(e));
    return EXIT_USAGE;
  }
  const names = Object.keys(parsed.config.targets ?? {});
  const name = target ?? (names.length === 1 ? names[0] : undefined);
  if (!name) {
    io.stderr(`--target is required (targets: ${names.join(", ") || "none"})`);
    return EXIT_USAGE;
  }
  try {
    return resolveTarget(parsed.config, name);
  } catch (err) {
    io.stderr(err instanceof Error ? err.message : String(err));
    return EXIT_USAGE;
  }
}
