/**
 * Where bajutsu keeps what it fetches and builds once per machine (WebDriverAgent's sources and
 * builds): `BAJUTSU_CACHE_DIR`, else `$XDG_CACHE_HOME/bajutsu`, else `~/.cache/bajutsu`.
 *
 * @module
 */
import { join } from "node:path";
import type { EnvGetter } from "../../config/env_knobs.ts";

/**
 * The cache folder (not created here).
 *
 * @example
 * ```ts
 * cacheDir((k) => ({ HOME: "/Users/ci" } as Record<string, string>)[k]); // "/Users/ci/.cache/bajutsu"
 * ```
 */
export function cacheDir(get: EnvGetter): string {
  const explicit = get("BAJUTSU_CACHE_DIR")?.trim();
  if (explicit) return explicit;
  const xdg = get("XDG_CACHE_HOME")?.trim();
  if (xdg) return join(xdg, "bajutsu");
  return join(get("HOME") ?? ".", ".cache", "bajutsu");
}
