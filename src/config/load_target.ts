/**
 * Loading a config and resolving one of its targets for a command (`lint --config`, `inspect`):
 * config warnings to stderr, errors printed; the command turns a failure into its usage exit code.
 *
 * @module
 */
import { loadConfig } from "./load_config.ts";
import { resolveTarget } from "./resolve_target.ts";
import type { Effective } from "./effective.ts";
import { formatLoadError } from "../yaml/load_error.ts";
import type { LineOutput } from "../text/printable.ts";

/**
 * The target's effective configuration, or null after printing why there is none (a config load
 * error, a missing `--target` when several exist, an unknown target).
 */
export async function loadTarget(
  configPath: string,
  target: string | undefined,
  io: LineOutput,
): Promise<Effective | null> {
  const parsed = await loadConfig(configPath);
  for (const w of parsed.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
  if (!parsed.config) {
    for (const e of parsed.errors) io.stderr(formatLoadError(e));
    return null;
  }
  const names = Object.keys(parsed.config.targets ?? {});
  const name = target ?? (names.length === 1 ? names[0] : undefined);
  if (!name) {
    io.stderr(`--target is required (targets: ${names.join(", ") || "none"})`);
    return null;
  }
  try {
    return resolveTarget(parsed.config, name);
  } catch (err) {
    io.stderr(err instanceof Error ? err.message : String(err));
    return null;
  }
}
