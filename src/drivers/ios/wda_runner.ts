/**
 * One WebDriverAgent per simulator: `xcodebuild test-without-building` of the cached build in a
 * process group of its own, `USE_PORT` set to a free loopback port, its output kept in
 * `runner-<udid>-<port>.log`. It is up when `GET /status` says `ready: true` within the startup
 * ceiling; a process that exits, or prints the end of its test run, before that is a failed
 * start. Stopping it signals its whole group (SIGTERM, SIGKILL 5 s later), so no xcodebuild is
 * left behind.
 *
 * ```
 * USE_PORT=<port> xcodebuild test-without-building -project <src>/WebDriverAgent.xcodeproj \
 *   -scheme WebDriverAgentRunner -destination id=<udid> -derivedDataPath <derived> BAJUTSU_WDA=1
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { DeviceError } from "../driver.ts";
import { type GroupChild, spawnGroupChild } from "../../process/group_child.ts";
import type { Clock } from "../../time/clock.ts";
import { WebDriverClient } from "../webdriver/mod.ts";
import type { WdaBuild } from "./wda_build.ts";

/** The WDA runner's bundle id as the Simulator knows it (for a backup `simctl terminate`). */
export const WDA_RUNNER_BUNDLE = "com.facebook.WebDriverAgentRunner.xctrunner";
/** The tag on our xcodebuild command lines (a no-op build setting), to tell our runners apart. */
export const RUNNER_MARKER = "BAJUTSU_WDA=1";

/** Lines that say the runner's test ended: it will not serve (any more). */
const RUN_ENDED =
  /Test Suite '(All tests|Selected tests)' (passed|failed)|\*\* TEST EXECUTE FAILED \*\*|Testing failed:/;
/** Log lines quoted in a start failure. */
const TAIL_LINES = 12;

/**
 * The runner did not come up.
 *
 * @example
 * ```ts
 * if (err instanceof RunnerStartFailed && err.exited) console.log("xcodebuild ended on its own");
 * ```
 */
export class RunnerStartFailed extends DeviceError {
  override readonly code = "E_RUNNER_START";
  constructor(
    message: string,
    /** The process ended (or its test run ended) by itself, as opposed to never answering. */
    readonly exited: boolean,
    readonly logPath: string,
  ) {
    super(message);
  }
}

export interface RunnerSpawn {
  xcodebuild: string;
  build: WdaBuild;
  udid: string;
  /** Where `runner-<udid>-<port>.log` goes. */
  logDir: string;
  /** Keep an `.xcresult` per runner here (`BAJUTSU_XCUITEST_RESULT_BUNDLES`). */
  resultBundlesDir: string | null;
  /** Startup ceiling, seconds. */
  timeoutS: number;
  clock: Clock;
  /** The cancel signal of the run: a start in progress stops waiting. */
  signal?: AbortSignal;
}

/** A free TCP port on loopback (the OS picks it; the listener is closed at once). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** A started WebDriverAgent. */
export class WdaRunner {
  readonly url: string;
  #ended: string | null = null;
  #exit: { code: number; signal: Deno.Signal | null } | null = null;
  readonly #tail: string[] = [];

  private constructor(
    readonly port: number,
    readonly logPath: string,
    readonly child: GroupChild,
    log: Deno.FsFile,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    child.exited.then((exit) => {
      this.#exit = exit;
      try {
        log.close();
      } catch { /* closed */ }
    });
  }

  /** Still serving as far as the process can tell (running, test run not ended). */
  get alive(): boolean {
    return this.child.running && this.#ended === null;
  }

  /** What went wrong with the process, for crash messages; null while it looks fine. */
  note(): string | null {
    if (this.#exit) {
      return `the runner (xcodebuild) exited with ${
        this.#exit.signal ?? `code ${this.#exit.code}`
      }; log: ${this.logPath}`;
    }
    if (this.#ended) return `the runner's test run ended (${this.#ended}); log: ${this.logPath}`;
    return null;
  }

  /** The last lines the runner printed. */
  tail(): string {
    return this.#tail.join("\n");
  }

  /**
   * Starts the runner and waits until `/status` says ready.
   *
   * @throws RunnerStartFailed when it exits, ends its test run or stays silent past the ceiling
   */
  static async start(spawn: RunnerSpawn): Promise<WdaRunner> {
    const port = freePort();
    await Deno.mkdir(spawn.logDir, { recursive: true });
    const logPath = join(spawn.logDir, `runner-${spawn.udid}-${port}.log`);
    const log = await Deno.open(logPath, { create: true, write: true, truncate: true });
    const encoder = new TextEncoder();
    const args = [
      "test-without-building",
      "-project",
      spawn.build.project,
      "-scheme",
      "WebDriverAgentRunner",
      "-destination",
      `id=${spawn.udid}`,
      "-derivedDataPath",
      spawn.build.derivedDataPath,
    ];
    if (spawn.resultBundlesDir) {
      args.push(
        "-resultBundlePath",
        join(spawn.resultBundlesDir, `runner-${spawn.udid}-${port}-${Date.now()}.xcresult`),
        "-collect-test-diagnostics",
        "never",
      );
    }
    args.push(RUNNER_MARKER);
    let runner: WdaRunner | null = null;
    const early: string[] = [];
    const onLine = (line: string) => {
      try {
        log.writeSync(encoder.encode(line + "\n"));
      } catch { /* the log is closed once the process ended */ }
      const target = runner ?? null;
      if (target === null) early.push(line);
      else target.#line(line);
    };
    const child = spawnGroupChild({
      cmd: spawn.xcodebuild,
      args,
      env: { USE_PORT: String(port) },
      output: { lines: onLine },
    });
    runner = new WdaRunner(port, logPath, child, log);
    for (const line of early) runner.#line(line);
    try {
      await runner.#awaitReady(spawn);
    } catch (err) {
      await child.stop();
      throw err;
    }
    return runner;
  }

  #line(line: string): void {
    this.#tail.push(line);
    if (this.#tail.length > TAIL_LINES) this.#tail.shift();
    const ended = RUN_ENDED.exec(line);
    if (ended && this.#ended === null) this.#ended = ended[0];
  }

  async #awaitReady(spawn: RunnerSpawn): Promise<void> {
    const { clock } = spawn;
    const deadline = clock.now() + spawn.timeoutS;
    const client = new WebDriverClient({
      endpoint: this.url,
      clock,
      serverName: "WebDriverAgent",
      maxAttempts: 1,
    });
    let poll = 0.25;
    try {
      for (;;) {
        if (spawn.signal?.aborted) throw new DeviceError("runner start cancelled");
        if (!this.alive) {
          // Let the last lines arrive before quoting them.
          await Promise.race([this.child.exited, clock.sleep(0.2)]);
          throw this.#failure(true, "ended before it served");
        }
        try {
          const status = await client.get("/status", { probe: true, attempts: 1, timeoutS: 2 }) as
            | { ready?: unknown }
            | null;
          if (status?.ready === true) return;
        } catch {
          // Not listening yet.
        }
        const left = deadline - clock.now();
        if (left <= 0) {
          throw this.#failure(false, `did not answer /status within ${spawn.timeoutS}s`);
        }
        await clock.sleep(Math.min(poll, left));
        poll = Math.min(poll * 2, 1);
      }
    } finally {
      client.close();
    }
  }

  #failure(exited: boolean, what: string): RunnerStartFailed {
    return new RunnerStartFailed(
      `WebDriverAgent on ${this.port} ${what}; last lines:\n${this.tail()}\nfull log: ${this.logPath}`,
      exited,
      this.logPath,
    );
  }

  /** Liveness of the main queue: `GET /health` answers `I-AM-ALIVE` within `timeoutS`. */
  async health(clock: Clock, timeoutS: number): Promise<boolean> {
    if (!this.alive) return false;
    const client = new WebDriverClient({ endpoint: this.url, clock, maxAttempts: 1 });
    try {
      const text = await client.getText("/health", { probe: true, attempts: 1, timeoutS });
      return text.includes("I-AM-ALIVE");
    } catch {
      return false;
    } finally {
      client.close();
    }
  }

  /** Stops the runner's process group: SIGTERM, SIGKILL 5 s later. */
  async stop(): Promise<void> {
    await this.child.stop();
  }
}
