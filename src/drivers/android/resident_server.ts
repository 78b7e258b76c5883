/**
 * The UiAutomator2 server as the device's resident runner (docs/backends.md#the-uiautomator2-server):
 * installed when missing or outdated, started with
 * `adb shell am instrument -w --no-window-animation -e disableAnalytics true
 * io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner` in a process group
 * of its own (its exit is the server's death), reached through `adb forward tcp:0 tcp:6790`,
 * ready once `GET /status` answers, then one session with the settings that make it fast (no
 * idle waits: our own settle loop decides when the screen is still).
 *
 * @module
 */
import type { Clock } from "../../time/clock.ts";
import { type GroupChild, spawnGroupChild } from "../../process/group_child.ts";
import { createSession, type WebDriverSession } from "../webdriver/session.ts";
import { WebDriverClient } from "../webdriver/client.ts";
import type { Adb } from "./adb.ts";
import type { ServerApks } from "./server_apks.ts";

export const SERVER_PACKAGE = "io.appium.uiautomator2.server";
export const TEST_PACKAGE = "io.appium.uiautomator2.server.test";
export const INSTRUMENTATION = `${TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;
/** The port the server listens on, on the device. */
export const DEVICE_PORT = 6790;
/** How long the server may take to answer `/status` after the instrumentation started. */
export const STARTUP_TIMEOUT_S = 30;
/** Per-attempt timeout of a read from the server (a `/source` on a huge screen still fits). */
export const READ_TIMEOUT_S = 5;
/** How long the package manager may take to list a freshly installed instrumentation. */
const INSTRUMENTATION_LIST_TIMEOUT_S = 30;
/** Pause before the one retry of an instrumentation that exited during start-up. */
const RETRY_PAUSE_S = 3;
/** Instrumentation output lines kept for messages. */
const KEPT_LINES = 20;

/**
 * Settings of the session: every idle and acknowledgment wait off. UiAutomator would otherwise
 * wait up to 10 s for an animated screen before each read and act (docs/backends.md#performance).
 */
export const FAST_SETTINGS = {
  waitForIdleTimeout: 0,
  waitForSelectorTimeout: 0,
  actionAcknowledgmentTimeout: 0,
  scrollAcknowledgmentTimeout: 0,
} as const;

/** The server could not be started; the environment falls back to the dump route. */
export class ServerStartFailed extends Error {
  readonly code = "E_UIA2_START";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ServerStartFailed";
  }
}

/**
 * Installs both APKs when the server is missing or another version, then waits until the
 * package manager lists the instrumentation.
 */
export async function ensureServerInstalled(
  adb: Adb,
  apks: ServerApks,
  clock: Clock,
): Promise<"current" | "installed"> {
  const [version, testInstalled] = await Promise.all([
    adb.versionName(SERVER_PACKAGE),
    adb.isInstalled(TEST_PACKAGE),
  ]);
  if (version === apks.version && testInstalled) return "current";
  if (version !== null) await adb.uninstall(SERVER_PACKAGE);
  if (testInstalled) await adb.uninstall(TEST_PACKAGE);
  await adb.install(apks.server, ["--no-incremental"]);
  await adb.install(apks.test, ["--no-incremental"]);
  const deadline = clock.now() + INSTRUMENTATION_LIST_TIMEOUT_S;
  while (!(await adb.instrumentation()).includes(INSTRUMENTATION)) {
    if (clock.now() >= deadline) {
      throw new ServerStartFailed(
        `the package manager did not list ${INSTRUMENTATION} within ` +
          `${INSTRUMENTATION_LIST_TIMEOUT_S}s of installing it`,
      );
    }
    await clock.sleep(1);
  }
  return "installed";
}

export interface ResidentServerOptions {
  adb: Adb;
  clock: Clock;
  startupTimeoutS?: number;
  /** Every instrumentation output line (the runner log). */
  onLine?: (line: string) => void;
  /** The run's hard abort, for the HTTP client. */
  signal?: AbortSignal;
  /** Per-attempt timeout of a read (`GET`), seconds (default {@link READ_TIMEOUT_S}). */
  readTimeoutS?: number;
}

/** A running server: its instrumentation, its tunnel, its client and session. */
export class ResidentServer {
  readonly session: WebDriverSession;
  readonly client: WebDriverClient;
  readonly localPort: number;
  readonly #adb: Adb;
  readonly #child: GroupChild;
  #stopped = false;

  private constructor(
    adb: Adb,
    child: GroupChild,
    localPort: number,
    client: WebDriverClient,
    session: WebDriverSession,
  ) {
    this.#adb = adb;
    this.#child = child;
    this.localPort = localPort;
    this.client = client;
    this.session = session;
  }

  /**
   * Starts the instrumentation, the tunnel and a session (one retry of an instrumentation that
   * exits during start-up, 3 s later).
   *
   * @throws ServerStartFailed saying why, with the instrumentation's last lines
   */
  static async start(opts: ResidentServerOptions): Promise<ResidentServer> {
    const { adb, clock } = opts;
    const timeoutS = opts.startupTimeoutS ?? STARTUP_TIMEOUT_S;
    const kept: string[] = [];
    const onLine = (line: string) => {
      kept.push(line);
      if (kept.length > KEPT_LINES) kept.shift();
      opts.onLine?.(line);
    };
    let localPort: number | null = null;
    let lastFailure = "";
    for (let attempt = 1; attempt <= 2; attempt++) {
      const child = spawnInstrumentation(adb, onLine);
      try {
        localPort ??= await adb.forward(DEVICE_PORT);
        const client = new WebDriverClient({
          endpoint: `http://127.0.0.1:${localPort}`,
          clock,
          serverName: "UiAutomator2 server",
          signal: opts.signal,
          getTimeoutS: opts.readTimeoutS ?? READ_TIMEOUT_S,
        });
        const up = await waitForStatus(client, child, clock, timeoutS);
        if (up === "ready") {
          try {
            const session = await createSession(client, { alwaysMatch: {}, firstMatch: [{}] });
            await session.post("/appium/settings", { settings: FAST_SETTINGS });
            return new ResidentServer(adb, child, localPort, client, session);
          } catch (err) {
            client.close();
            throw err;
          }
        }
        client.close();
        lastFailure = up === "exited"
          ? `the instrumentation exited during start-up${tail(kept)}`
          : `GET /status did not answer within ${timeoutS}s${tail(kept)}`;
      } catch (err) {
        lastFailure = err instanceof Error ? err.message : String(err);
      }
      await child.stop({ graceMs: 2000 });
      if (attempt === 1) await clock.sleep(RETRY_PAUSE_S);
    }
    if (localPort !== null) await adb.removeForward(localPort).catch(() => {});
    throw new ServerStartFailed(`the UiAutomator2 server did not start: ${lastFailure}`);
  }

  /** True while the instrumentation runs. */
  get running(): boolean {
    return !this.#stopped && this.#child.running;
  }

  /** Settles when the instrumentation exits (the server died). */
  get exited(): Promise<unknown> {
    return this.#child.exited;
  }

  /** A bounded liveness probe: the instrumentation runs and `/status` answers in time. */
  async healthy(timeoutS: number): Promise<boolean> {
    if (!this.running) return false;
    try {
      const status = await this.client.get("/status", {
        probe: true,
        attempts: 1,
        timeoutS,
      }) as { ready?: boolean } | null;
      return status?.ready === true;
    } catch {
      return false;
    }
  }

  /** Ends the session, the instrumentation (its group) and the tunnel; stops both packages. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#child.running) {
      await this.session.deleteSession({ attempts: 1, timeoutS: 2 }).catch(() => {});
    }
    this.client.close();
    await this.#child.stop({ graceMs: 2000 });
    await this.#adb.removeForward(this.localPort).catch(() => {});
    await this.#adb.forceStop(SERVER_PACKAGE).catch(() => {});
    await this.#adb.forceStop(TEST_PACKAGE).catch(() => {});
  }
}

function spawnInstrumentation(adb: Adb, onLine: (line: string) => void): GroupChild {
  return spawnGroupChild({
    cmd: adb.adbPath,
    args: [
      "-s",
      adb.serial,
      "shell",
      "am",
      "instrument",
      "-w",
      "--no-window-animation",
      "-e",
      "disableAnalytics",
      "true",
      INSTRUMENTATION,
    ],
    output: { lines: onLine },
  });
}

/** Polls `/status` (0.1 s doubling to 1 s) until ready, the process exits, or time is up. */
async function waitForStatus(
  client: WebDriverClient,
  child: GroupChild,
  clock: Clock,
  timeoutS: number,
): Promise<"ready" | "exited" | "timeout"> {
  const deadline = clock.now() + timeoutS;
  let pause = 0.1;
  while (true) {
    if (!child.running) return "exited";
    try {
      const status = await client.get("/status", {
        probe: true,
        attempts: 1,
        timeoutS: 2,
      }) as { ready?: boolean } | null;
      if (status?.ready === true) return "ready";
    } catch {
      // Not listening yet.
    }
    if (!child.running) return "exited";
    if (clock.now() >= deadline) return "timeout";
    await clock.sleep(Math.min(pause, Math.max(0, deadline - clock.now())));
    pause = Math.min(1, pause * 2);
  }
}

function tail(lines: string[]): string {
  const said = lines.filter((l) => l.trim() !== "").slice(-3).join(" / ");
  return said === "" ? "" : ` (it said: ${said})`;
}
