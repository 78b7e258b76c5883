/**
 * `bajutsu run`: the deterministic run → reports (docs/cli.md#bajutsu-run, docs/cli.md#exit-codes).
 *
 * @module
 */
import { type Command, Option } from "commander";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { silentProgress, stderrProgress, useColor } from "../../runner/progress.ts";
import { MAX_SHARDS, parseShard } from "../../runner/shards.ts";
import { loadDotenv, overlayEnv } from "../../config/dotenv.ts";
import { DotenvError } from "../../config/errors.ts";
import { EXIT_USAGE } from "../../runner/exit_codes.ts";
import { CliOptionError, parseIntOption } from "../option_error.ts";
import { addInertRunFlags, inertFlagWarnings } from "../inert_run_flags.ts";

/** The most parallel lanes a run takes (docs/run-limits.md). */
export const MAX_WORKERS = 256;
/** The most attempts `--repeat` makes of each scenario, and re-runs `--retries` allows. */
export const MAX_REPEAT = 100;
export const MAX_RETRIES = 10;
/** `--seed` is 32 bits. */
const MAX_SEED = 0xffffffff;

const list = (v: string, prev: string[] = []) => [
  ...prev,
  ...v.split(",").map((s) => s.trim()).filter(Boolean),
];
const collect = (v: string, prev: string[] = []) => [...prev, v];

interface RunFlags {
  config: string;
  target?: string;
  scenario?: string[];
  tag?: string[];
  exclude?: string[];
  runsDir: string;
  erase?: boolean;
  backend?: string[];
  workers: string;
  browser?: string[];
  browsers?: string[];
  headed?: boolean;
  network?: boolean;
  shard?: string;
  timings?: string;
  baseUrl?: string;
  systemAlertHandling?: boolean;
  alertHandling?: boolean;
  dismissAlerts?: boolean;
  progress?: boolean;
  udid?: string[];
  logPredicate?: string;
  logSubsystem?: string;
  zip?: boolean;
  repeat?: string;
  retries?: string;
  seed?: string;
}

export function registerRun(program: Command, rawIo: CliIo, setExit: (code: number) => void): void {
  // Flags, paths and error messages can hold author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  const command = program
    .command("run")
    .description("run scenarios against a target and write the reports")
    .option("-c, --config <path>", "config file", "bajutsu.config.yaml")
    .option("-t, --target <name>", "target in the config (optional when it has only one)")
    .option("-s, --scenario <path>", "scenario file or folder (repeatable)", collect)
    .option("--tag <tags>", "keep scenarios carrying any of these tags (comma list)", list)
    .option("--exclude <tags>", "drop scenarios carrying any of these tags (comma list)", list)
    .option("--runs-dir <dir>", "where runs are written", "runs")
    .option("--erase", "erase the device before every scenario")
    .option("--no-erase", "never erase (also skips the forced erase of a crash retry)")
    .option("--backend <tokens>", "backend tokens, e.g. web or fake (comma list)", list)
    .option("--workers <n>", `parallel lanes, 1–${MAX_WORKERS} (web: browser contexts)`, "1")
    .option("--browser <engines>", "web engine(s); several = a cross-browser matrix", list)
    .addOption(new Option("--browsers <engines>", "alias of --browser").argParser(list).hideHelp())
    .option("--headed", "show the browser window (web)")
    .option("--no-headed", "run the browser headless whatever the config says (web)")
    .option("--network", "collect network traffic and apply the target's mocks (default on)")
    .option("--no-network", "neither collect network traffic nor apply mocks")
    .option("--shard <i/n>", `run shard i of n ≤ ${MAX_SHARDS} (deterministic partition)`)
    .option("--timings <path>", "a previous manifest or runs dir: partition shards by duration")
    .option("--base-url <url>", "override the web target's baseUrl")
    .option("--system-alert-handling", "dismiss system alerts that block a step (default on)")
    .option("--no-system-alert-handling", "never dismiss system alerts")
    // The reference runner's older spellings of the same switch.
    .addOption(new Option("--alert-handling").hideHelp())
    .addOption(new Option("--no-alert-handling").hideHelp())
    .addOption(new Option("--dismiss-alerts").hideHelp())
    .addOption(new Option("--no-dismiss-alerts").hideHelp())
    .option(
      "--udid <devices>",
      "devices to run on: udids, serials or simulator names (comma list = a pool; default: " +
        "the booted simulator or the attached device)",
      list,
    )
    .option("--log-predicate <predicate>", "iOS device log filter (log stream --predicate)")
    .option("--log-subsystem <subsystem>", "iOS device log of this subsystem (no predicate given)")
    .option("--progress", "also print each step as a line on stderr when it is not a terminal")
    .option("--no-progress", "print no progress lines at all (only warnings and the verdict)")
    .option(
      "--zip",
      "after the verdict, also write <runs-dir>/<runId>.zip (never changes the exit code)",
    )
    .option("--repeat <n>", `run each scenario n times, 1–${MAX_REPEAT}: a flakiness verdict`)
    .option("--retries <n>", `run a failed scenario again up to n times, 1–${MAX_RETRIES}`)
    .option("--seed <n>", "the order of --repeat's attempts (default: a fresh seed, printed)");
  addInertRunFlags(command)
    .action(async (flags: RunFlags) => {
      for (const line of inertFlagWarnings(flags as unknown as Record<string, unknown>)) {
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
      let workers: number;
      let shard;
      let repeats;
      try {
        workers = parseIntOption("--workers", flags.workers, 1, MAX_WORKERS);
        repeats = repeatFlags(flags);
        shard = flags.shard ? parseShard(flags.shard) : undefined;
        if (shard === null) {
          throw new CliOptionError("--shard", `i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}`, flags.shard!);
        }
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
        workers,
        browsers: flags.browser ?? flags.browsers,
        headed: flags.headed,
        network: flags.network,
        shard,
        timings: flags.timings,
        baseUrl: flags.baseUrl,
        systemAlertHandling: flags.systemAlertHandling ?? flags.alertHandling ??
          flags.dismissAlerts,
        udids: flags.udid,
        logPredicate: flags.logPredicate,
        logSubsystem: flags.logSubsystem,
        zip: flags.zip,
        ...repeats,
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

/** `--repeat`, `--retries` and `--seed` (docs/cli.md#repeat-and-retries), checked together. */
function repeatFlags(flags: RunFlags): { repeat?: number; retries?: number; seed?: number } {
  if (flags.repeat !== undefined && flags.retries !== undefined) {
    throw new CliOptionError("--retries", "left out when --repeat is given", flags.retries);
  }
  if (flags.seed !== undefined && flags.repeat === undefined) {
    throw new CliOptionError("--seed", "given with --repeat", flags.seed);
  }
  return {
    ...(flags.repeat !== undefined
      ? { repeat: parseIntOption("--repeat", flags.repeat, 1, MAX_REPEAT) }
      : {}),
    ...(flags.retries !== undefined
      ? { retries: parseIntOption("--retries", flags.retries, 1, MAX_RETRIES) }
      : {}),
    ...(flags.seed !== undefined
      ? { seed: parseIntOption("--seed", flags.seed, 0, MAX_SEED) }
      : {}),
  };
}
