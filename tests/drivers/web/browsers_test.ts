/**
 * Browser discovery over an injected file system: search order per engine and platform, the
 * BiDi channel for a stock Firefox, and BrowserNotFound naming the install command.
 */
import assert from "node:assert/strict";
import {
  type BrowserProbe,
  CHROMIUM_ARGS,
  findBrowser,
  launchOptions,
  playwrightCacheDir,
} from "../../../src/drivers/web/browsers.ts";
import { DeviceError } from "../../../src/drivers/driver.ts";
import { BrowserNotFound } from "../../../src/drivers/web/errors.ts";

/** A probe over a set of existing files (directories are derived from them). */
function probe(
  files: string[],
  opts: { platform?: string; env?: Record<string, string>; home?: string } = {},
): BrowserProbe {
  const set = new Set(files);
  return {
    platform: opts.platform ?? "linux",
    env: (name) => opts.env?.[name],
    home: opts.home ?? "/home/u",
    exists: (p) => set.has(p),
    list: (dir) => {
      const prefix = dir.endsWith("/") ? dir : `${dir}/`;
      const names = files.filter((f) => f.startsWith(prefix)).map((f) =>
        f.slice(prefix.length).split("/")[0]
      );
      return [...new Set(names)];
    },
  };
}

Deno.test("BAJUTSU_CHROMIUM wins over the system browser", () => {
  const found = findBrowser(
    "chromium",
    probe(["/opt/c/chrome", "/usr/bin/chromium"], { env: { BAJUTSU_CHROMIUM: "/opt/c/chrome" } }),
  );
  assert.deepEqual(found, { engine: "chromium", executablePath: "/opt/c/chrome", source: "env" });
});

Deno.test("Debian chromium, then chromium-browser, then the newest Playwright build", () => {
  assert.equal(
    findBrowser("chromium", probe(["/usr/bin/chromium"])).executablePath,
    "/usr/bin/chromium",
  );
  assert.equal(
    findBrowser("chromium", probe(["/usr/bin/chromium-browser"])).executablePath,
    "/usr/bin/chromium-browser",
  );
  const cache = "/home/u/.cache/ms-playwright";
  const found = findBrowser(
    "chromium",
    probe([
      `${cache}/chromium-1100/chrome-linux/chrome`,
      `${cache}/chromium-1248/chrome-linux64/chrome`,
    ]),
  );
  assert.deepEqual(found, {
    engine: "chromium",
    executablePath: `${cache}/chromium-1248/chrome-linux64/chrome`,
    source: "playwright-cache",
  });
});

Deno.test("headless Chromium prefers the headless shell at each place; headed never takes it", () => {
  const shell = "/usr/bin/chromium-headless-shell";
  const both = probe([shell, "/usr/bin/chromium"]);
  assert.deepEqual(findBrowser("chromium", both), {
    engine: "chromium",
    executablePath: shell,
    source: "system",
  });
  assert.equal(findBrowser("chromium", both, false).executablePath, "/usr/bin/chromium");
  assert.throws(() => findBrowser("chromium", probe([shell]), false), BrowserNotFound);

  const cache = "/home/u/.cache/ms-playwright";
  const cachedShell =
    `${cache}/chromium_headless_shell-1248/chrome-headless-shell-linux64/chrome-headless-shell`;
  const olderShell = `${cache}/chromium_headless_shell-1100/chrome-linux/headless_shell`;
  const cachedFull = `${cache}/chromium-1248/chrome-linux64/chrome`;
  const cached = probe([olderShell, cachedShell, cachedFull]);
  assert.equal(findBrowser("chromium", cached).executablePath, cachedShell);
  assert.equal(findBrowser("chromium", probe([olderShell])).executablePath, olderShell);
  assert.equal(findBrowser("chromium", cached, false).executablePath, cachedFull);
  // The system's full Chromium still comes before anything in the cache.
  assert.equal(
    findBrowser("chromium", probe(["/usr/bin/chromium", cachedShell])).executablePath,
    "/usr/bin/chromium",
  );

  const mac = { platform: "darwin", home: "/Users/u" };
  const macCache = "/Users/u/Library/Caches/ms-playwright";
  const macShell =
    `${macCache}/chromium_headless_shell-1248/chrome-headless-shell-mac-arm64/chrome-headless-shell`;
  const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
  assert.equal(findBrowser("chromium", probe([macShell, chrome], mac)).executablePath, macShell);
  assert.equal(
    findBrowser("chromium", probe([macShell, chrome], mac), false).executablePath,
    chrome,
  );
});

Deno.test("PLAYWRIGHT_BROWSERS_PATH and XDG_CACHE_HOME move the cache", () => {
  assert.equal(
    playwrightCacheDir(probe([], { env: { PLAYWRIGHT_BROWSERS_PATH: "/pw" } })),
    "/pw",
  );
  assert.equal(
    playwrightCacheDir(probe([], { env: { XDG_CACHE_HOME: "/xdg" } })),
    "/xdg/ms-playwright",
  );
  assert.equal(
    playwrightCacheDir(probe([], { platform: "darwin", home: "/Users/u" })),
    "/Users/u/Library/Caches/ms-playwright",
  );
  const found = findBrowser(
    "webkit",
    probe(["/pw/webkit-2370/pw_run.sh"], { env: { PLAYWRIGHT_BROWSERS_PATH: "/pw" } }),
  );
  assert.equal(found.executablePath, "/pw/webkit-2370/pw_run.sh");
});

Deno.test("macOS: Playwright's Chrome for Testing, then an installed Google Chrome", () => {
  const cache = "/Users/u/Library/Caches/ms-playwright";
  const cft =
    `${cache}/chromium-1248/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`;
  const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
  const mac = { platform: "darwin", home: "/Users/u" };
  assert.equal(findBrowser("chromium", probe([cft, chrome], mac)).executablePath, cft);
  assert.deepEqual(findBrowser("chromium", probe([chrome], mac)), {
    engine: "chromium",
    executablePath: chrome,
    source: "chrome",
  });
});

Deno.test("a stock Firefox is driven over BiDi; Playwright's own build is not", () => {
  assert.deepEqual(findBrowser("firefox", probe(["/usr/bin/firefox-esr"])), {
    engine: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    source: "system",
    channel: "moz-firefox",
  });
  const cached = "/home/u/.cache/ms-playwright/firefox-1555/firefox/firefox";
  assert.equal(findBrowser("firefox", probe([cached])).channel, undefined);
});

Deno.test("no browser: BrowserNotFound lists what was tried and the install command", () => {
  const err = (() => {
    try {
      findBrowser("chromium", probe([], { env: { BAJUTSU_CHROMIUM: "/nowhere/chrome" } }));
    } catch (e) {
      return e;
    }
  })();
  assert.ok(err instanceof BrowserNotFound);
  assert.ok(err instanceof DeviceError, "a device error: the CLI exits 2");
  assert.equal(err.code, "E_BROWSER_NOT_FOUND");
  assert.match(
    err.message,
    /tried: \/nowhere\/chrome, \/usr\/bin\/chromium-headless-shell, \/usr\/bin\/chromium, \/usr\/bin\/chromium-browser/,
  );
  assert.match(err.message, /sudo apt-get install -y --no-install-recommends chromium/);
  const mac = (() => {
    try {
      findBrowser("chromium", probe([], { platform: "darwin" }));
    } catch (e) {
      return e as Error;
    }
  })();
  assert.match(mac!.message, /npx playwright install chromium \(or install Google Chrome\)/);
  assert.throws(
    () => findBrowser("webkit", probe([])),
    /tried: \/home\/u\/\.cache\/ms-playwright\/webkit-\*\); install one: npx playwright@1\.64\.1 install/,
  );
  assert.throws(() => findBrowser("firefox", probe([])), /apt-get install .*firefox-esr/);
});

Deno.test("launch options: Chromium flags headless, no --headless and slow motion when headed", () => {
  const found = {
    engine: "chromium" as const,
    executablePath: "/usr/bin/chromium",
    source: "system" as const,
  };
  const headless = launchOptions(found, true);
  assert.deepEqual(headless.args, CHROMIUM_ARGS);
  assert.equal(headless.slowMo, undefined);
  const headed = launchOptions(found, false);
  assert.ok(!headed.args!.includes("--headless"));
  assert.equal(headed.slowMo, 250);
  const ff = launchOptions(
    {
      engine: "firefox",
      executablePath: "/usr/bin/firefox-esr",
      source: "system",
      channel: "moz-firefox",
    },
    true,
  );
  assert.deepEqual([ff.channel, ff.args], ["moz-firefox", []]);
});

Deno.test("launch options: Playwright never handles SIGINT, SIGTERM or SIGHUP (the run does)", () => {
  for (const engine of ["chromium", "firefox", "webkit"] as const) {
    for (const headless of [true, false]) {
      const o = launchOptions({ engine, executablePath: "/x", source: "system" }, headless);
      assert.deepEqual(
        [o.handleSIGINT, o.handleSIGTERM, o.handleSIGHUP],
        [false, false, false],
        `${engine} headless=${headless}`,
      );
    }
  }
});
