/**
 * `bajutsu run`: the deterministic run → reports (docs/cli.md#bajutsu-run, docs/cli.md#exit-codes).
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { silentProgress, stderrProgress, useColor } from "../../runner/progress.ts";
import { parseShard } from "../../runner/shards.ts";
import { loadDotenv, overlayEnv } from "../../config/dotenv.ts";
import { DotenvError } from "../../config/errors.ts";
import { EXIT_USAGE } from "../../runner/exit_codes.ts";
import { CliOptionError } from "../option_error.ts";
import { addInertRunFlags, inertFlagWarnings } from "../inert_run_flags.ts";
import { addRunOptions, checkRunFlags } from "../run_flags.ts";

/** The flags once checked (src/runner/run_options.ts declares them, aliases folded in). */
interface RunFlags {
  config: string;
  target?: string;
  scenario?: string[];
  tag?: string[];
  exclude?: string[];
  runsDir: string;
  erase?: boolean;
  backend?: string[];
  workers: number;
  browser?: string[];
  headed?: boolean;
  network?: boolean;
  shard?: string;
  timings?: string;
  baseUrl?: string;
  systemAlertHandling?: boolean;
  udid?: string[];
  logPredicate?: string;
  logSubsystem?: string;
  progress?: boolean;
  zip?: boolean;
  repeat?: number;
  retries?: number;
  seed?: number;
}

export function registerRun(program: Command, rawIo: CliIo, setExit: (code: number) => void): void {
  // Flags, paths and error messages can hold author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  const command = addRunOptions(
    program
      .command("run")
      .description("run scenarios against a target and write the reports"),
  );
  addInertRunFlags(command)
    .action(async (raw: Record<string, unknown>) => {
      for (const line of inertFlagWarnings(raw)) {
        io.stderr(`warning: ${line}`);
      }
      // `.env` values reach the run through its environment getter, never Deno.env.
      const processEnv = (k: string) => Deno.env.get(k);
      let env: (k: string) => string | undefined;
      try {
        const dotenv = await loadDotenv(processEnv("BAJUTSU_DOTENV") ?? ".env", processEnv);
        if (dotenv.warning) io.stderr(`warning: ${dotenv.warning}`);
        env = overlayEnv(processEnv, dotenv.values);
      } catch (err) {
        if (!(err instanceof DotenvError)) throw err;
        io.stderr(err.message);
        return setExit(EXIT_USAGE);
      }
      let flags: RunFlags;
      try {
        flags = checkRunFlags(raw) as unknown as RunFlags;
        checkRepeatFlags(flags);
      } catch (err) {
        if (!(err instanceof CliOptionError)) throw err;
        io.stderr(`${err.code} ${err.message}`);
        return setExit(EXIT_USAGE);
      }
      // Loaded on demand so `lint`, `schema` and `--help` start fast.
      const { runCommand } = await import("../../runner/pipeline.ts");
      const code = await runCommand({
        configPath: flags.config,
        target: flags.target,
        scenarios: flags.scenario ?? [],
        tags: flags.tag ?? [],
        exclude: flags.exclude ?? [],
        runsDir: flags.runsDir,
        erase: flags.erase,
        backend: flags.backend,
        workers: flags.workers,
        browsers: flags.browser,
        headed: flags.headed,
        network: flags.network,
        shard: flags.shard ? parseShard(flags.shard) ?? undefined : undefined,
        timings: flags.timings,
        baseUrl: flags.baseUrl,
        systemAlertHandling: flags.systemAlertHandling,
        udids: flags.udid,
        logPredicate: flags.logPredicate,
        logSubsystem: flags.logSubsystem,
        zip: flags.zip,
        repeat: flags.repeat,
        retries: flags.retries,
        seed: flags.seed,
      }, {
        stdout: io.stdout,
        stderr: io.stderr,
        progress: flags.progress === false
          ? silentProgress
          : stderrProgress({ stepLines: flags.progress }),
        env,
        cwd: Deno.cwd(),
        color: useColor(env),
      });
      setExit(code);
    });
}

/** `--repeat` and `--retries` exclude each other; `--seed` orders `--repeat`'s attempts only. */
function checkRepeatFlags(flags: RunFlags): void {
  if (flags.repeat !== undefined && flags.retries !== undefined) {
    throw new CliOptionError("--retries", "left out when --repeat is given", String(flags.retries));
  }
  if (flags.seed !== undefined && flags.repeat === undefined) {
    throw new CliOptionError("--seed", "given with --repeat", String(flags.seed));
  }
}
