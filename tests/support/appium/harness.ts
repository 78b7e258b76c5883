/**
 * A real Appium server for the remote backend's tests: `appium` and the Appium fake driver
 * installed from npm into a cached folder (installed once per machine, shared by every test file
 * and CI step: a file lock serialises the install, a `.ready` marker says it finished), the fake
 * driver registered with `appium driver install --source=local`, and servers started on loopback
 * in a process group of their own (stopped, or killed mid-run, as a whole).
 *
 * Not a project dependency: nothing here is imported by `src/`. When it cannot be installed (no
 * node, npm cannot reach its registry) the tests that need it fail with
 * {@link AppiumHarnessUnavailable} saying why and how to fix it: nothing is skipped.
 *
 * @module
 */
import { join } from "node:path";
import { withFileLock } from "../../../src/drivers/ios/file_lock.ts";
import { type GroupChild, spawnGroupChild } from "../../../src/process/group_child.ts";
import { freePort } from "../../../src/drivers/ios/wda_runner.ts";

export const APPIUM_VERSION = "3.8.0";
export const FAKE_DRIVER_VERSION = "6.2.4";
/** appium@3.8.0's `engines.node`. */
const NODE_OK = /^v(20\.(19|[2-9]\d)|22\.(1[2-9]|[2-9]\d)|2[4-9]|[3-9]\d)\./;

/** The Appium harness cannot be installed on this machine (the message says why and what to do). */
export class AppiumHarnessUnavailable extends Error {
  readonly code = "E_APPIUM_HARNESS";
  constructor(why: string) {
    super(
      `the real-Appium tests need appium@${APPIUM_VERSION} and @appium/fake-driver@` +
        `${FAKE_DRIVER_VERSION} from npm (installed once into ${appiumCacheDir()}): ${why}. ` +
        "Give this machine Node >= 20.19 and access to the npm registry, or point " +
        "BAJUTSU_APPIUM_CACHE at a folder where both are installed (with a .ready file).",
    );
  }
}

/** A finished install. */
export interface AppiumInstall {
  /** The npm project folder (its `node_modules`). */
  dir: string;
  /** `APPIUM_HOME`: where the fake driver is registered. */
  home: string;
  /** `node_modules/appium/index.js`. */
  main: string;
  /** The fake driver package (its app format is XML: buttons, inputs, text). */
  fakeDriver: string;
  /** Seconds the install took in this process (0 when it was already cached). */
  installS: number;
}

/**
 * Where the install is cached: `BAJUTSU_APPIUM_CACHE`, else a folder in the system temp dir
 * named by both versions (so a version bump installs afresh).
 */
export function appiumCacheDir(env: (k: string) => string | undefined = Deno.env.get): string {
  return env("BAJUTSU_APPIUM_CACHE") ??
    join(
      env("TMPDIR") ?? "/tmp",
      `bajutsu-appium-${APPIUM_VERSION}-fake-driver-${FAKE_DRIVER_VERSION}`,
    );
}

/** npm's words for a registry it could not reach. */
const UNREACHABLE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|network request to .* failed|request to .* failed, reason/i;

async function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string> },
) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd: opts.cwd,
    env: opts.env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { ok: out.success, text };
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cached install, installing it first when missing.
 *
 * @throws AppiumHarnessUnavailable when node is missing or too old, or npm cannot reach its
 *   registry
 * @throws Error when npm or the driver registration fails for another reason (with their output)
 */
export async function ensureAppium(): Promise<AppiumInstall> {
  const dir = appiumCacheDir();
  const install: AppiumInstall = {
    dir,
    home: join(dir, "appium-home"),
    main: join(dir, "node_modules", "appium", "index.js"),
    fakeDriver: join(dir, "node_modules", "@appium", "fake-driver"),
    installS: 0,
  };
  const ready = join(dir, ".ready");
  if (exists(ready)) return install;
  const node = await run("node", ["--version"], { cwd: "/" }).catch(() => null);
  if (node === null || !node.ok || !NODE_OK.test(node.text.trim())) {
    throw new AppiumHarnessUnavailable(
      `appium needs Node ^20.19, ^22.12 or >=24 on PATH; found ${node?.text.trim() || "no node"}`,
    );
  }
  return await withFileLock(`${dir}.lock`, async () => {
    if (exists(ready)) return install;
    const started = performance.now();
    // A half-finished install (killed mid-way) starts over.
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(join(dir, "package.json"), '{"private":true}\n');
    const npm = await run("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--no-save",
      "--loglevel=error",
      `appium@${APPIUM_VERSION}`,
      `@appium/fake-driver@${FAKE_DRIVER_VERSION}`,
    ], { cwd: dir }).catch((err) => {
      throw new AppiumHarnessUnavailable(`npm could not be started (${err})`);
    });
    if (!npm.ok) {
      if (UNREACHABLE.test(npm.text)) {
        throw new AppiumHarnessUnavailable(
          `npm cannot reach its registry (${npm.text.trim().split("\n")[0]})`,
        );
      }
      throw new Error(`npm install of appium failed:\n${npm.text}`);
    }
    const register = await run("node", [
      install.main,
      "driver",
      "install",
      "--source=local",
      install.fakeDriver,
    ], { cwd: dir, env: { APPIUM_HOME: install.home } });
    if (!register.ok) throw new Error(`appium driver install failed:\n${register.text}`);
    install.installS = (performance.now() - started) / 1000;
    await Deno.writeTextFile(
      ready,
      `${new Date().toISOString()} ${install.installS.toFixed(1)}s\n`,
    );
    return install;
  });
}

/** A running Appium server. */
export interface AppiumServer {
  readonly url: string;
  readonly port: number;
  /** Everything the server printed (its log), for assertions and diagnostics. */
  readonly log: string[];
  /**
   * The first log line (already printed or still to come) that matches `pattern`.
   *
   * @throws Error when none came within `timeoutS` (with the tail of the log)
   */
  waitForLine(pattern: RegExp, timeoutS: number): Promise<string>;
  /** SIGKILLs the server's whole process group (a crash, as far as its clients can tell). */
  kill(): Promise<void>;
  /** Stops it gracefully (SIGTERM, then SIGKILL after a grace). */
  stop(): Promise<void>;
}

/**
 * Starts a server on loopback (`port`, else a free one) and waits until `/status` is ready.
 *
 * @throws Error when it is not ready within `readyS` seconds (with the tail of its log)
 */
export async function startAppium(
  install: AppiumInstall,
  opts: { port?: number; readyS?: number } = {},
): Promise<AppiumServer> {
  const port = opts.port ?? freePort();
  const log: string[] = [];
  const waiters = new Set<{ pattern: RegExp; found: (line: string) => void }>();
  const onLine = (line: string) => {
    log.push(line);
    for (const w of waiters) {
      if (w.pattern.test(line)) {
        waiters.delete(w);
        w.found(line);
      }
    }
  };
  const waitForLine = (pattern: RegExp, timeoutS: number): Promise<string> => {
    const seen = log.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        pattern,
        found: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `appium printed no line matching ${pattern} within ${timeoutS}s:\n${
              log.slice(-20).join("\n")
            }`,
          ),
        );
      }, timeoutS * 1000);
      waiters.add(waiter);
    });
  };
  const child: GroupChild = spawnGroupChild({
    cmd: "node",
    args: [
      install.main,
      "server",
      "--address",
      "127.0.0.1",
      "--port",
      String(port),
      "--log-no-colors",
      "--log-level",
      "info",
    ],
    env: { APPIUM_HOME: install.home },
    cwd: install.dir,
    output: { lines: onLine },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + (opts.readyS ?? 60) * 1000;
  for (;;) {
    if (!child.running) {
      throw new Error(`appium exited before it was ready:\n${log.slice(-20).join("\n")}`);
    }
    try {
      const res = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) });
      const body = await res.json();
      if (body?.value?.ready === true) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await child.stop({ signal: "SIGKILL" });
      throw new Error(
        `appium was not ready within ${opts.readyS ?? 60}s:\n${log.slice(-20).join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    log,
    waitForLine,
    kill: async () => {
      await child.stop({ signal: "SIGKILL", graceMs: 0 });
    },
    stop: async () => {
      await child.stop();
    },
  };
}

/**
 * A fake-driver app file (the fake driver's XML app format): `<app>` with mock elements at
 * `left`/`top`/`width`/`height`.
 *
 * @example
 * ```ts
 * fakeDriverApp(400, 700, [`<MockButton id="ok" label="OK" left="20" top="20" width="120" height="44"/>`]);
 * ```
 */
export function fakeDriverApp(width: number, height: number, elements: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<app width="${width}" height="${height}">\n  ${
    elements.join("\n  ")
  }\n</app>\n`;
}
