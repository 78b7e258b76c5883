/**
 * What a build is: the product version, the git commit it was built from and when. A compiled
 * binary gets its commit and date from `scripts/compile.ts` (docs/install.md#version-and-build);
 * a run from a checkout says `dev` for both.
 *
 * @module
 */
import { PLAYWRIGHT_CORE_VERSION, VERSION } from "./version.ts";

/** The identity of a build. */
export interface BuildInfo {
  version: string;
  /** The git commit (full hash, `-dirty` for a changed tree) it was built from, or `dev`. */
  commit: string;
  /** When it was built, ISO 8601 UTC (`2025-01-31T12:00:00Z`), or `dev`. */
  date: string;
}

/** A run from a source checkout. */
export const DEV_BUILD: Readonly<BuildInfo> = Object.freeze({
  version: VERSION,
  commit: "dev",
  date: "dev",
});

/** The commit as shown on one line: 12 hex digits of a hash (and `-dirty`), else as it is. */
export function shortCommit(commit: string): string {
  const m = /^([0-9a-f]{12})[0-9a-f]+(-dirty)?$/.exec(commit);
  return m ? `${m[1]}${m[2] ?? ""}` : commit;
}

/** `bajutsu 0.1.0 (commit 1a2b3c4d5e6f, built 2025-01-31T12:00:00Z)`. */
export function versionLine(build: BuildInfo): string {
  return `bajutsu ${build.version} (commit ${shortCommit(build.commit)}, built ${build.date})`;
}

/** What `bajutsu version --json` prints. */
export interface VersionReport {
  version: string;
  commit: string;
  buildDate: string;
  /** True for a `deno compile`d binary. */
  compiled: boolean;
  /** The Rust target triple of the running binary (`Deno.build.target`). */
  target: string;
  deno: string;
  v8: string;
  typescript: string;
  playwrightCore: string;
}

/** The version report of `build` running on this Deno. */
export function versionReport(build: BuildInfo): VersionReport {
  const standalone = (Deno.build as { standalone?: boolean }).standalone === true;
  return {
    version: build.version,
    commit: build.commit,
    buildDate: build.date,
    compiled: standalone,
    target: Deno.build.target,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    typescript: Deno.version.typescript,
    playwrightCore: PLAYWRIGHT_CORE_VERSION,
  };
}
