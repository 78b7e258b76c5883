/**
 * Finding a browser for the web backend (docs/backends.md#web), without loading playwright-core:
 * a run checks its browsers before it loads Playwright (browsers.ts launches them).
 *
 * We never download browsers: Chromium comes from the system (Debian `chromium`), from
 * Playwright's own browser cache, or from an installed Google Chrome. Headless runs prefer the
 * headless shell (Debian `chromium-headless-shell`, Playwright's `chromium_headless_shell-*`),
 * as Playwright itself does: it has no browser UI to draw, so the same suite needs about a third
 * less CPU and runs parallel lanes better (bench/BENCHMARKS.md). Firefox is the system
 * `firefox-esr`/`firefox` driven over WebDriver BiDi (or Playwright's cached build); WebKit only
 * exists in Playwright's cache. The search is pure over an injected {@link BrowserProbe}, so tests
 * do not depend on the machine.
 *
 * @module
 */
import { BrowserNotFound } from "./errors.ts";
import type { WebSettings } from "../../config/effective.ts";
import type { Engine } from "../../model/engines.ts";

/**
 * Flags for Chromium (docs/backends.md#web): quiet, sandbox-free (containers), no GPU, no
 * background traffic that would show up in the network collector.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's old-headless build of Chromium (package `chromium-headless-shell`). */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** Playwright's pause between operations in headed mode, so a human can follow. */
export const HEADED_SLOW_MO_MS = 250;

/** What the search may look at. `exists` must be true only for a regular, executable file. */
export interface BrowserProbe {
  platform: string;
  env(name: string): string | undefined;
  home: string | undefined;
  exists(path: string): boolean;
  /** Names inside a directory ([] when it does not exist). */
  list(dir: string): string[];
}

/** A browser executable and how Playwright must drive it. */
export interface FoundBrowser {
  engine: Engine;
  executablePath: string;
  /** `moz-firefox` makes Playwright talk WebDriver BiDi to a stock Firefox. */
  channel?: string;
  /** Where it was found, for logs. */
  source: "env" | "system" | "playwright-cache" | "chrome";
}

/** The probe of the machine we run on. */
export function systemProbe(): BrowserProbe {
  return {
    platform: Deno.build.os,
    env: (name) => Deno.env.get(name),
    home: Deno.env.get("HOME"),
    exists: (path) => {
      try {
        return Deno.statSync(path).isFile;
      } catch {
        return false;
      }
    },
    list: (dir) => {
      try {
        return [...Deno.readDirSync(dir)].map((e) => e.name);
      } catch {
        return [];
      }
    },
  };
}

/**
 * Playwright's browser cache: `$PLAYWRIGHT_BROWSERS_PATH`, else `~/Library/Caches/ms-playwright`
 * (macOS) or `$XDG_CACHE_HOME|~/.cache` + `/ms-playwright`. Null when it cannot be named.
 */
export function playwrightCacheDir(probe: BrowserProbe): string | null {
  const env = probe.env("PLAYWRIGHT_BROWSERS_PATH");
  if (env && env !== "0") return env;
  if (!probe.home) return null;
  if (probe.platform === "darwin") return `${probe.home}/Library/Caches/ms-playwright`;
  return `${probe.env("XDG_CACHE_HOME") || `${probe.home}/.cache`}/ms-playwright`;
}

/** `<prefix>-<revision>` folders of the cache, newest revision first. */
function revisionDirs(probe: BrowserProbe, cache: string, prefix: string): string[] {
  const re = new RegExp(`^${prefix}-(\\d+)$`);
  return probe.list(cache)
    .map((name) => ({ name, rev: Number(re.exec(name)?.[1] ?? NaN) }))
    .filter((d) => !Number.isNaN(d.rev))
    .sort((a, b) => b.rev - a.rev)
    .map((d) => `${cache}/${d.name}`);
}

/** Executables a cached headless-shell build may hold (current layout, then the older one). */
function cachedHeadlessShells(probe: BrowserProbe, dir: string): string[] {
  const subdirs = (pattern: RegExp) => probe.list(dir).filter((n) => pattern.test(n));
  if (probe.platform === "darwin") {
    return subdirs(/^chrome-headless-shell-mac/).map((d) => `${dir}/${d}/chrome-headless-shell`);
  }
  return [
    ...subdirs(/^chrome-headless-shell-linux/).map((d) => `${dir}/${d}/chrome-headless-shell`),
    ...subdirs(/^chrome-linux/).map((d) => `${dir}/${d}/headless_shell`),
  ];
}

/** Executables a cached build may hold, relative to its revision folder. */
function cachedExecutables(probe: BrowserProbe, engine: Engine, dir: string): string[] {
  const mac = probe.platform === "darwin";
  const subdirs = (pattern: RegExp) => probe.list(dir).filter((n) => pattern.test(n));
  switch (engine) {
    case "chromium":
      return mac
        ? subdirs(/^chrome-mac/).flatMap((d) => [
          `${dir}/${d}/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`,
          `${dir}/${d}/Chromium.app/Contents/MacOS/Chromium`,
        ])
        : subdirs(/^chrome-linux/).map((d) => `${dir}/${d}/chrome`);
    case "firefox":
      return mac
        ? [`${dir}/firefox/Nightly.app/Contents/MacOS/firefox`]
        : [`${dir}/firefox/firefox`];
    case "webkit":
      return [`${dir}/pw_run.sh`];
  }
}

/** The command that installs a browser for `engine` on this platform. */
export function installHint(engine: Engine, platform: string): string {
  const npx = `npx playwright install ${engine}`;
  if (platform === "darwin") {
    return engine === "chromium" ? `${npx} (or install Google Chrome)` : npx;
  }
  switch (engine) {
    case "chromium":
      return "sudo apt-get install -y --no-install-recommends chromium (Debian/Ubuntu)";
    case "firefox":
      return "sudo apt-get install -y --no-install-recommends firefox-esr (Debian/Ubuntu)";
    case "webkit":
      // Playwright's WebKit speaks a patched protocol: only its own build works, pinned to ours.
      return "npx playwright@1.64.1 install --with-deps webkit";
  }
}

/** Candidates in search order, each with how it would be driven. */
function candidates(engine: Engine, probe: BrowserProbe, headless: boolean): FoundBrowser[] {
  const out: FoundBrowser[] = [];
  const mac = probe.platform === "darwin";
  const bidi = { channel: "moz-firefox" };
  const envVar = `BAJUTSU_${engine.toUpperCase()}`;
  const fromEnv = probe.env(envVar);
  const cache = playwrightCacheDir(probe);
  if (fromEnv) {
    // A stock Firefox speaks BiDi; Playwright's own Firefox build speaks its patched protocol.
    const patched = cache !== null && fromEnv.startsWith(cache);
    out.push({
      engine,
      executablePath: fromEnv,
      source: "env",
      ...(engine === "firefox" && !patched ? bidi : {}),
    });
  }
  const shell = engine === "chromium" && headless;
  if (engine === "chromium" && !mac) {
    const system = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
    for (const p of shell ? [HEADLESS_SHELL_PATH, ...system] : system) {
      out.push({ engine, executablePath: p, source: "system" });
    }
  }
  if (engine === "firefox") {
    const system = mac
      ? ["/Applications/Firefox.app/Contents/MacOS/firefox"]
      : ["/usr/bin/firefox-esr", "/usr/bin/firefox"];
    for (const p of system) out.push({ engine, executablePath: p, source: "system", ...bidi });
  }
  if (cache && shell) {
    for (const dir of revisionDirs(probe, cache, "chromium_headless_shell")) {
      for (const p of cachedHeadlessShells(probe, dir)) {
        out.push({ engine, executablePath: p, source: "playwright-cache" });
      }
    }
  }
  if (cache) {
    for (const dir of revisionDirs(probe, cache, engine)) {
      for (const p of cachedExecutables(probe, engine, dir)) {
        out.push({ engine, executablePath: p, source: "playwright-cache" });
      }
    }
  }
  if (engine === "chromium" && mac) {
    out.push({
      engine,
      executablePath: "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
      source: "chrome",
    });
  }
  return out;
}

/**
 * The first usable browser for `engine`: `BAJUTSU_<ENGINE>` (e.g. `BAJUTSU_CHROMIUM`), the
 * system browser, Playwright's cache, then an installed Chrome (macOS). For a headless Chromium
 * the headless shell comes first at each of those places; a headed run never takes it.
 *
 * @throws BrowserNotFound naming every path tried and the install command
 *
 * @example
 * ```ts
 * const found = findBrowser("chromium"); // { executablePath: "/usr/bin/chromium", … }
 * ```
 */
export function findBrowser(
  engine: Engine,
  probe: BrowserProbe = systemProbe(),
  headless = true,
): FoundBrowser {
  const all = candidates(engine, probe, headless);
  const hit = all.find((c) => probe.exists(c.executablePath));
  if (hit) return hit;
  const cache = playwrightCacheDir(probe);
  const tried = all.map((c) => c.executablePath);
  // Name the cache folder searched even when it holds no build of this engine.
  if (cache && !all.some((c) => c.source === "playwright-cache")) {
    tried.push(`${cache}/${engine}-*`);
  }
  throw new BrowserNotFound(engine, tried, installHint(engine, probe.platform));
}

/** Whether a run is headless: `--headed` wins over the target's `headless`. */
export function runsHeadless(web: WebSettings, headed: boolean | undefined): boolean {
  return headed === undefined ? web.headless : !headed;
}
