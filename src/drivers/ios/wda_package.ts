/**
 * WebDriverAgent's sources: the npm package `appium-webdriveragent`, pinned here and only here,
 * fetched once into the cache (`<cache>/wda/<version>/package`), never vendored into the repo.
 * The registry tarball is checked against its pinned integrity before it is unpacked.
 * `BAJUTSU_WDA_TARBALL` (a file path or URL) replaces the download with a copy of your own
 * (offline machines, tests); its integrity is then yours to vouch for.
 *
 * @module
 */
import { join } from "node:path";
import { DeviceError } from "../driver.ts";
import { type CommandRunner, runBounded } from "../../process/bounded_command.ts";
import { withFileLock } from "./file_lock.ts";
import { pathExists } from "../../fs/probe.ts";

/** The pinned package: the one place its version is named. */
export const WDA_PACKAGE = {
  name: "appium-webdriveragent",
  version: "16.12.7",
  tarball: "https://registry.npmjs.org/appium-webdriveragent/-/appium-webdriveragent-16.12.7.tgz",
  integrity:
    "sha512-dmnH00b2Xe8Ssjwcpo603tFgM3UWtj2LOIH29S0jzDTKx1XkjkWEdH6my/TCsoMkLsF73V8VqmGi4kxZYT8ePA==",
} as const;

/** Deadline of the download and of unpacking, seconds. */
const FETCH_S = 300;

/**
 * WebDriverAgent's sources could not be had (no network, a bad override, a tampered tarball).
 *
 * @example
 * ```ts
 * throw new WdaSourceError("could not fetch … (HTTP 503); set BAJUTSU_WDA_TARBALL to a copy");
 * ```
 */
export class WdaSourceError extends DeviceError {
  override readonly code = "E_WDA_SOURCE";
}

export interface WdaSourceOptions {
  /** The bajutsu cache folder. */
  cacheDir: string;
  /** `BAJUTSU_WDA_TARBALL`: a file path or URL used instead of the registry tarball. */
  tarball?: string | null;
  fetch?: typeof fetch;
  run?: CommandRunner;
}

/** The unpacked package folder of the pinned version in `cacheDir`. */
export function wdaSourceDir(cacheDir: string): string {
  return join(cacheDir, "wda", WDA_PACKAGE.version, "package");
}

/** The project file inside the unpacked package. */
export function wdaProject(sourceDir: string): string {
  return join(sourceDir, "WebDriverAgent.xcodeproj");
}

/**
 * The unpacked sources, fetched and unpacked first when the cache does not hold them yet.
 *
 * @throws WdaSourceError naming what failed and the override that avoids the download
 *
 * @example
 * ```ts
 * const src = await ensureWdaSources({ cacheDir: "/Users/ci/.cache/bajutsu" });
 * // …/wda/16.12.7/package, holding WebDriverAgent.xcodeproj
 * ```
 */
export async function ensureWdaSources(opts: WdaSourceOptions): Promise<string> {
  const dir = wdaSourceDir(opts.cacheDir);
  const marker = join(wdaProject(dir), "project.pbxproj");
  if (await pathExists(marker)) return dir;
  const versionDir = join(opts.cacheDir, "wda", WDA_PACKAGE.version);
  return await withFileLock(join(versionDir, ".fetch.lock"), async () => {
    if (await pathExists(marker)) return dir; // another run fetched it meanwhile
    const source = opts.tarball?.trim() || WDA_PACKAGE.tarball;
    const bytes = await readTarball(source, opts.fetch ?? fetch);
    if (source === WDA_PACKAGE.tarball) await checkIntegrity(bytes);
    const staging = await Deno.makeTempDir({ dir: versionDir, prefix: ".unpack-" });
    try {
      const archive = join(staging, "package.tgz");
      await Deno.writeFile(archive, bytes);
      const r = await (opts.run ?? runBounded)("tar", ["-xzf", archive, "-C", staging], {
        timeoutS: FETCH_S,
      });
      if (r.code !== 0) {
        throw new WdaSourceError(
          `could not unpack WebDriverAgent from ${source}: tar: ${r.stderr.trim().slice(0, 300)}`,
        );
      }
      if (!await pathExists(join(wdaProject(join(staging, "package")), "project.pbxproj"))) {
        throw new WdaSourceError(
          `${source} is not the ${WDA_PACKAGE.name} package: no package/WebDriverAgent.xcodeproj in it`,
        );
      }
      await Deno.rename(join(staging, "package"), dir);
      return dir;
    } finally {
      await Deno.remove(staging, { recursive: true }).catch(() => {});
    }
  });
}

async function readTarball(
  source: string,
  fetcher: typeof fetch,
): Promise<Uint8Array<ArrayBuffer>> {
  const hint = "; set BAJUTSU_WDA_TARBALL to a downloaded copy of " +
    `${WDA_PACKAGE.name}@${WDA_PACKAGE.version} (npm pack ${WDA_PACKAGE.name}@${WDA_PACKAGE.version})`;
  if (!/^https?:\/\//.test(source)) {
    try {
      return await Deno.readFile(source);
    } catch (err) {
      throw new WdaSourceError(
        `BAJUTSU_WDA_TARBALL ${source} cannot be read: ${err instanceof Error ? err.message : err}`,
      );
    }
  }
  let response: Response;
  try {
    response = await fetcher(source, { signal: AbortSignal.timeout(FETCH_S * 1000) });
  } catch (err) {
    throw new WdaSourceError(
      `could not fetch WebDriverAgent sources from ${source}: ${
        err instanceof Error ? err.message : err
      }${hint}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new WdaSourceError(
      `could not fetch WebDriverAgent sources from ${source}: HTTP ${response.status}${hint}`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** Subresource-integrity check of the pinned tarball (`sha512-<base64>`). */
async function checkIntegrity(bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-512", bytes));
  const actual = `sha512-${btoa(String.fromCharCode(...digest))}`;
  if (actual !== WDA_PACKAGE.integrity) {
    throw new WdaSourceError(
      `the ${WDA_PACKAGE.name}@${WDA_PACKAGE.version} tarball does not match its pinned ` +
        `integrity (got ${actual.slice(0, 24)}…): refusing to build it`,
    );
  }
}
