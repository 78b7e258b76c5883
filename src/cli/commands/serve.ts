/**
 * `bajutsu serve`: the local web UI to start, watch and cancel runs and browse their history
 * (docs/serve.md). Ctrl-C (SIGINT) or SIGTERM cancels running jobs the way the Cancel button does
 * and waits for them; a second signal kills their process groups at once.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";
import { loadDotenv, overlayEnv } from "../../config/dotenv.ts";
import { DotenvError } from "../../config/errors.ts";
import { pathExists } from "../../fs/probe.ts";

interface ServeFlags {
  config?: string;
  port: string;
  host: string;
  token?: string;
  runs: string;
  maxConcurrentRuns: string;
  baseUrl?: string;
}

function intFlag(name: string, raw: string, min: number, max: number): number | string {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
    return `${name} must be an integer from ${min} to ${max}, got ${raw}`;
  }
  return n;
}

/** Registers `serve` on `program`. */
export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("serve")
    .description("web UI: start, watch and cancel runs; browse their history")
    .option("-c, --config <path>", "config file (default: bajutsu.config.yaml when present)")
    .option("--port <n>", "TCP port (0 picks a free one)", "8765")
    .option("--host <addr>", "address to bind; non-loopback needs a token", "127.0.0.1")
    .option("--token <token>", "require this token (default: $BAJUTSU_SERVE_TOKEN)")
    .option("--runs <dir>", "runs folder (history and new runs)", "runs")
    .option("--max-concurrent-runs <n>", "runs at once; more answer 429 (0 = unlimited)", "4")
    .option("--base-url <url>", "base URL passed to every run of a web target")
    .action(async (flags: ServeFlags) => {
      setExit(await serveCommand(flags, io));
    });
}

/** Runs serve until a signal stops it; resolves to the exit code. */
export async function serveCommand(flags: ServeFlags, io: CliIo): Promise<number> {
  // `.env` values are read through `env` and handed to every run's process; Deno.env is never
  // written.
  const processEnv = (k: string) => Deno.env.get(k);
  let dotenvValues: Record<string, string>;
  try {
    const dotenv = await loadDotenv(processEnv("BAJUTSU_DOTENV") ?? ".env", processEnv);
    if (dotenv.warning) io.stderr(`warning: ${dotenv.warning}`);
    dotenvValues = dotenv.values;
  } catch (err) {
    if (!(err instanceof DotenvError)) throw err;
    io.stderr(err.message);
    return EXIT_USAGE;
  }
  const env = overlayEnv(processEnv, dotenvValues);
  const port = intFlag("--port", flags.port, 0, 65535);
  const cap = intFlag("--max-concurrent-runs", flags.maxConcurrentRuns, 0, 1000);
  for (const v of [port, cap]) {
    if (typeof v === "string") {
      io.stderr(v);
      return EXIT_USAGE;
    }
  }
  if (flags.baseUrl !== undefined) {
    try {
      new URL(flags.baseUrl);
    } catch {
      io.stderr(`--base-url is not a URL: ${flags.baseUrl}`);
      return EXIT_USAGE;
    }
  }
  const { cancelGrace, runRetentionDays } = await import("../../config/env_knobs.ts");
  const { startServe } = await import("../../serve/server.ts");
  const { announceLine } = await import("../../serve/announce.ts");
  const knobWarning = (line: string) => io.stderr(`warning: ${line}`);
  const graceS = cancelGrace(env, knobWarning);
  const retentionDays = runRetentionDays(env, knobWarning);
  const configPath = flags.config ??
    (await pathExists("bajutsu.config.yaml") ? "bajutsu.config.yaml" : null);
  const token = flags.token || env("BAJUTSU_SERVE_TOKEN") || null;
  let server;
  try {
    server = await startServe({
      host: flags.host,
      port: port as number,
      token,
      configPath,
      runsDir: flags.runs,
      maxConcurrentRuns: cap as number,
      baseUrl: flags.baseUrl,
      cancelGraceS: graceS,
      retentionDays,
      env: dotenvValues,
    });
  } catch (err) {
    io.stderr(`serve: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT_USAGE;
  }
  io.stdout(announceLine(server.url));
  if (server.loginUrl) io.stdout(`log in (one-time link): ${server.loginUrl}`);
  io.stderr(
    `config: ${server.context.config.path ?? "none (--config)"} · runs: ${server.context.runsDir}`,
  );
  io.stderr("Ctrl-C stops serve (running jobs are cancelled first)");

  const stopped = Promise.withResolvers<number>();
  let signals = 0;
  const onSignal = (signal: "SIGINT" | "SIGTERM") => () => {
    signals++;
    if (signals === 1) {
      const n = server.context.jobs.running.length;
      io.stderr(`${signal}: stopping${n ? `; cancelling ${n} running job(s)` : ""}…`);
      server.stop().then(() => stopped.resolve(EXIT_OK), (err) => {
        io.stderr(`serve: ${err instanceof Error ? err.message : String(err)}`);
        stopped.resolve(EXIT_USAGE);
      });
    } else {
      io.stderr(`${signal} again: killing running jobs`);
      server.kill();
      stopped.resolve(signal === "SIGINT" ? 130 : 143);
    }
  };
  const listeners = (["SIGINT", "SIGTERM"] as const).map((s) => [s, onSignal(s)] as const);
  for (const [s, fn] of listeners) Deno.addSignalListener(s, fn);
  try {
    return await stopped.promise;
  } finally {
    for (const [s, fn] of listeners) Deno.removeSignalListener(s, fn);
  }
}
