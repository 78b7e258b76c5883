/**
 * The product version, printed by `bajutsu --version` and recorded in manifests. It is the
 * `version` of deno.json (imported, so a compiled binary carries it): one place to bump.
 *
 * @module
 */
import denoConfig from "../deno.json" with { type: "json" };

/** The product version (deno.json `version`). */
export const VERSION: string = denoConfig.version;

/**
 * The playwright-core version this build uses: the exact version pinned in deno.json's import
 * map (the lockfile holds the same; `tests/cli/version_test.ts` checks both agree).
 */
export const PLAYWRIGHT_CORE_VERSION: string = pinnedNpmVersion(
  denoConfig.imports["playwright-core"],
);

/** `1.2.3` of an `npm:name@1.2.3` specifier; the specifier itself when it has no version. */
export function pinnedNpmVersion(specifier: string): string {
  const at = specifier.lastIndexOf("@");
  return at > "npm:".length ? specifier.slice(at + 1) : specifier;
}
