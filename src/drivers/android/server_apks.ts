/**
 * The UiAutomator2 server APKs (docs/backends.md#the-uiautomator2-server): the npm package
 * `appium-uiautomator2-server`, pinned to one version, fetched from the npm registry on first use
 * into a cache (`$XDG_CACHE_HOME/bajutsu/uiautomator2-server/<version>/`, else `~/.cache/…`),
 * checked against the pinned sha512, unpacked with `tar`; never vendored.
 * `BAJUTSU_UIA2_SERVER_TARBALL` names a local tarball of the package instead (an offline mirror,
 * or the tests' fixture); its version is read from its `package.json` and it is trusted as given.
 *
 * @module
 */
import { join } from "node:path";
import type { EnvGetter } from "../../config/env_knobs.ts";
import { pathExists } from "../../fs/probe.ts";

/** The pinned package version. */
export const SERVER_PACKAGE_VERSION = "10.6.6";
/** Its registry tarball. */
export const SERVER_TARBALL_URL =
  `https://registry.npmjs.org/appium-uiautomator2-server/-/appium-uiautomator2-server-${SERVER_PACKAGE_VERSION}.tgz`;
/** The registry's integrity string for that tarball. */
export const SERVER_TARBALL_INTEGRITY =
  "sha512-Ae7mB19OcLkEBi/U/r9eKnCmCJHV5iNf2/HYYHstuP7iWGCTXj1WXfIC++7fBfGWdSZVDoWc6nJO8miZInE1Wg==";
/** The variable naming a local tarball to use instead of the registry's. */
export const TARBALL_OVERRIDE = "BAJUTSU_UIA2_SERVER_TARBALL";

/** The two APKs and the version they are. */
export interface ServerApks {
  version: string;
  /** `io.appium.uiautomator2.server`. */
  server: string;
  /** `io.appium.uiautomator2.server.test` (the instrumentation). */
  test: string;
}

/** The APKs could not be had (no network, a bad tarball): the run falls back to the dump route. */
export class ServerApksUnavailable extends Error {
  readonly code = "E_UIA2_APKS";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ServerApksUnavailable";
  }
}

export interface ApkSourceOptions {
  env: EnvGetter;
  /** The download; injected by tests (default `fetch`). */
  fetch?: typeof fetch;
}

/**
 * The APKs, from the override, the cache, or a download into the cache.
 *
 * @throws ServerApksUnavailable saying what failed
 */
export async function serverApks(opts: ApkSourceOptions): Promise<ServerApks> {
  const override = opts.env(TARBALL_OVERRIDE);
  if (override) return await fromLocalTarball(override, cacheRoot(opts.env));
  const dir = join(cacheRoot(opts.env), SERVER_PACKAGE_VERSION);
  const cached = await apksIn(dir, SERVER_PACKAGE_VERSION);
  if (cached) return cached;
  const bytes = await download(opts.fetch ?? fetch);
  await checkIntegrity(bytes);
  await unpackInto(bytes, dir);
  const apks = await apksIn(dir, SERVER_PACKAGE_VERSION);
  if (!apks) throw new ServerApksUnavailable(`${SERVER_TARBALL_URL} holds no server APKs`);
  return apks;
}

/**
 * The pinned APKs when they are already in the cache (nothing is downloaded), else null.
 *
 * @example
 * ```ts
 * await cachedServerApks((k) => Deno.env.get(k)); // { version: "10.6.6", server: "…", test: "…" }
 * ```
 */
export async function cachedServerApks(env: EnvGetter): Promise<ServerApks | null> {
  return await apksIn(join(cacheRoot(env), SERVER_PACKAGE_VERSION), SERVER_PACKAGE_VERSION);
}

/** `<cache>/bajutsu/uiautomator2-server`. */
export function cacheRoot(env: EnvGetter): string {
  const base = env("XDG_CACHE_HOME") || join(env("HOME") ?? ".", ".cache");
  return join(base, "bajutsu", "uiautomator2-server");
}

async function apksIn(dir: string, version: string): Promise<ServerApks | null> {
  const apks = join(dir, "package", "apks");
  const server = join(apks, `appium-uiautomator2-server-v${version}.apk`);
  const test = join(apks, "appium-uiautomator2-server-debug-androidTest.apk");
  for (const f of [server, test]) {
    try {
      if (!(await Deno.stat(f)).isFile) return null;
    } catch {
      return null;
    }
  }
  return { version, server, test };
}

async function fromLocalTarball(tarball: string, root: string): Promise<ServerApks> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(tarball);
  } catch (err) {
    throw new ServerApksUnavailable(
      `${TARBALL_OVERRIDE}=${tarball} cannot be read: ${err instanceof Error ? err.message : err}`,
    );
  }
  // One unpacked copy per tarball content.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const id = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  const dir = join(root, `local-${id}`);
  const known = await versionIn(dir);
  if (known) {
    const apks = await apksIn(dir, known);
    if (apks) return apks;
  }
  await unpackInto(bytes, dir);
  const version = await versionIn(dir);
  const apks = version ? await apksIn(dir, version) : null;
  if (!apks) {
    throw new ServerApksUnavailable(
      `${TARBALL_OVERRIDE}=${tarball} is not the appium-uiautomator2-server package ` +
        "(package/package.json and package/apks/*.apk expected)",
    );
  }
  return apks;
}

async function versionIn(dir: string): Promise<string | null> {
  try {
    const pkg = JSON.parse(await Deno.readTextFile(join(dir, "package", "package.json")));
    return typeof pkg.version === "string" ? pkg.version : null;
  } catch {
    return null;
  }
}

async function download(fetcher: typeof fetch): Promise<Uint8Array> {
  try {
    const response = await fetcher(SERVER_TARBALL_URL, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    throw new ServerApksUnavailable(
      `cannot download the UiAutomator2 server ${SERVER_PACKAGE_VERSION} from the npm registry ` +
        `(${err instanceof Error ? err.message : err}); set ${TARBALL_OVERRIDE} to a local copy`,
      { cause: err },
    );
  }
}

/** Checks the pinned sha512. */
export async function checkIntegrity(
  bytes: Uint8Array,
  expected = SERVER_TARBALL_INTEGRITY,
): Promise<void> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-512", bytes as BufferSource));
  let binary = "";
  for (const b of digest) binary += String.fromCharCode(b);
  const actual = `sha512-${btoa(binary)}`;
  if (actual !== expected) {
    throw new ServerApksUnavailable(
      `the downloaded UiAutomator2 server tarball does not match its pinned checksum ` +
        `(expected ${expected}, got ${actual})`,
    );
  }
}

/** Unpacks a .tgz into `dir` atomically (a temp folder renamed into place). */
async function unpackInto(bytes: Uint8Array, dir: string): Promise<void> {
  const parent = join(dir, "..");
  await Deno.mkdir(parent, { recursive: true });
  const tmp = await Deno.makeTempDir({ dir: parent, prefix: ".unpack-" });
  try {
    const tgz = join(tmp, "package.tgz");
    await Deno.writeFile(tgz, bytes);
    const tar = await new Deno.Command("tar", { args: ["xzf", tgz, "-C", tmp] }).output();
    if (tar.code !== 0) {
      throw new ServerApksUnavailable(
        `unpacking the UiAutomator2 server tarball failed: ${
          new TextDecoder().decode(tar.stderr).trim()
        }`,
      );
    }
    await Deno.remove(tgz);
    try {
      await Deno.rename(tmp, dir);
    } catch (err) {
      // Another run unpacked it first: theirs is as good as ours.
      if (!(err instanceof Deno.errors.AlreadyExists) && !(await pathExists(dir))) throw err;
      await Deno.remove(tmp, { recursive: true });
    }
  } catch (err) {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    throw err;
  }
}
