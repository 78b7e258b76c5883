/**
 * The target's `launchServer` for a command that drives the app (`run`, `inspect`): started
 * before the first device is leased, running until the command ends
 * (docs/configuration.md#launchserver). Its output goes to stderr as `server: …` lines.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import { type AppServer, AppServerError, startAppServer } from "../process/app_server.ts";
import { realClock } from "../time/clock.ts";

/**
 * The started server (null when the target has none), or `false` after printing why it could not
 * start (`E_LAUNCH_SERVER` and the server's last lines; the command exits 2).
 *
 * @example
 * ```ts
 * const server = await startTargetServer(eff, io);
 * if (server === false) return EXIT_USAGE;
 * await using _server = server; // stopped (process group) however the command ends
 * ```
 */
export async function startTargetServer(
  eff: Effective,
  io: { stderr(line: string): void },
): Promise<AppServer | null | false> {
  if (!eff.launchServer) return null;
  try {
    return await startAppServer(eff.launchServer, eff.configDir, {
      clock: realClock,
      log: (line) => io.stderr(`server: ${line}`),
    });
  } catch (err) {
    if (!(err instanceof AppServerError)) throw err;
    for (const line of `${err.code} ${err.message}`.split("\n")) io.stderr(line);
    return false;
  }
}
