/**
 * The target's app server (`launchServer`, docs/configuration.md#launchserver): started before
 * the run as a group child (src/process/group_child.ts: its own process group, killed with it,
 * also if the run exits without stopping it), ready once `readyUrl` answers (or `port` accepts a
 * connection), stopped at the end — SIGTERM to the group, then SIGKILL when it lingers. What it
 * prints is passed on line by line; when it dies or never gets ready, the error quotes its last
 * lines.
 *
 * @module
 */
import { resolve } from "node:path";
import type { LaunchServer } from "../config/types.ts";
import type { Clock } from "../time/clock.ts";
import type { ChildExit } from "./process_group.ts";
import { type GroupChild, type GroupChildOptions, spawnGroupChild } from "./group_child.ts";

/** Default `readyTimeout` (seconds). */
export const DEFAULT_READY_TIMEOUT_S = 30;
/** Pause between readiness probes (seconds). */
export const READY_POLL_S = 0.2;
/** Lines of the server's output an error quotes. */
const TAIL_LINES = 5;

/** The server could not be started or never got ready; `run` exits 2. */
export class AppServerError extends Error {
  readonly code = "E_LAUNCH_SERVER";
  constructor(message: string) {
    super(message);
    this.name = "AppServerError";
  }
}

/** A running app server. */
export interface AppServer {
  readonly pid: number;
  /** Stops the server's process group (idempotent). */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** What starting a server needs from the world. */
export interface AppServerDeps {
  clock: Clock;
  /** Starts the server's group (default: a real one); tests wrap it to watch the group. */
  spawn?: (opts: GroupChildOptions) => GroupChild;
  /** One readiness probe of `readyUrl`: true once the server answers (any status below 500). */
  probeUrl?: (url: string) => Promise<boolean>;
  /** One readiness probe of `port` on 127.0.0.1: true once it accepts a connection. */
  probePort?: (port: number) => Promise<boolean>;
  /** The server's output, one line at a time. */
  log(line: string): void;
}

async function httpProbe(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

async function tcpProbe(port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `cfg.cmd` (through `sh -c`, in `cfg.cwd` relative to `configDir`, with `cfg.env` over
 * the runner's environment) and waits until it is ready.
 *
 * @throws AppServerError for a container image (not supported in this build), a server that
 *   exits before it is ready, or one not ready within `readyTimeout`
 *
 * @example
 * ```ts
 * await using server = await startAppServer(eff.launchServer!, eff.configDir, deps);
 * // … the run …
 * ```
 */
export async function startAppServer(
  cfg: LaunchServer,
  configDir: string,
  deps: AppServerDeps,
): Promise<AppServer> {
  for (const key of ["dockerImage", "dockerfile"] as const) {
    if (cfg[key] !== undefined) {
      throw new AppServerError(
        `launchServer.${key} is not supported in this build (no container engine): start the ` +
          "container yourself and point baseUrl at it, or give launchServer a cmd",
      );
    }
  }
  const tail: string[] = [];
  const child = (deps.spawn ?? spawnGroupChild)({
    cmd: "sh",
    args: ["-c", cfg.cmd],
    env: cfg.env ?? {},
    cwd: cfg.cwd ? resolve(configDir, cfg.cwd) : configDir,
    output: {
      lines: (line) => {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        deps.log(line);
      },
    },
  });
  let exit: ChildExit | null = null;
  child.exited.then((e) => exit = e);
  const server: AppServer = {
    pid: child.pid,
    stop: async () => void await child.stop(),
    [Symbol.asyncDispose]: async () => void await child.stop(),
  };
  const quote = () => tail.length > 0 ? `; its last output:\n${tail.join("\n")}` : "";
  // Stopped first, so the error quotes everything the server printed.
  const fail = async (message: () => string): Promise<never> => {
    await server.stop();
    throw new AppServerError(message());
  };
  try {
    const probe = cfg.readyUrl !== undefined
      ? () => (deps.probeUrl ?? httpProbe)(cfg.readyUrl!)
      : cfg.port !== undefined
      ? () => (deps.probePort ?? tcpProbe)(cfg.port!)
      : null;
    if (probe === null) return server;
    const what = cfg.readyUrl ?? `port ${cfg.port}`;
    const limit = cfg.readyTimeout ?? DEFAULT_READY_TIMEOUT_S;
    const deadline = deps.clock.now() + limit;
    for (;;) {
      if (await probe()) return server;
      // Let an exit that has already happened be seen before the next probe.
      await Promise.resolve();
      if (exit !== null) {
        const e = exit as ChildExit;
        return await fail(() =>
          `launchServer: ${JSON.stringify(cfg.cmd)} exited (code ${e.code}) before ${what} ` +
          `was ready${quote()}`
        );
      }
      if (deps.clock.now() >= deadline) {
        return await fail(() =>
          `launchServer: ${what} not ready after ${limit}s (readyTimeout)${quote()}`
        );
      }
      await deps.clock.sleep(Math.min(READY_POLL_S, Math.max(0, deadline - deps.clock.now())));
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
}
