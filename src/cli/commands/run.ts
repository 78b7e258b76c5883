/**
 * `bajutsu run`: the deterministic run → reports (config-cli.md §4.1, reporting.md §8).
 *
 * @module
 */
import { type Command, Option } from "commander";
import type { CliIo } from "../program.ts";
import { stderrProgress, useColor } from "../../runner/progress.ts";
import { parseShard } from "../../runner/shards.ts";
import { loadDotenv } from "../../config/dotenv.ts";
import { EXIT_USAGE } from "../exit_codes.ts";

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
  shard?: string;
  timings?: string;
  baseUrl?: string;
  systemAlertHandling?: boolean;
  progress?: boolean;
}

export function registerRun(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
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
    .option("--workers <n>", "parallel lanes (web: browser contexts)", "1")
    .option("--browser <engines>", "web engine(s); several = a cross-browser matrix", list)
    .addOption(new Option("--browsers <engines>", "alias of --browser").argParser(list).hideHelp())
    .option("--headed", "show the browser window (web)")
    .option("--shard <i/n>", "run shard i of n (deterministic partition)")
    .option("--timings <path>", "a previous manifest or runs dir: partition shards by duration")
    .option("--base-url <url>", "override the web target's baseUrl")
    .option("--system-alert-handling", "dismiss system alerts that block a step (default on)")
    .option("--no-system-alert-handling", "never dismiss system alerts")
    .option("--progress", "also print each step as a line on stderr when it is not a terminal")
    .action(async (flags: RunFlags) => {
      await loadDotenv();
      const workers = Number(flags.workers);
      if (!Number.isInteger(workers) || workers < 1) {
        io.stderr(`--workers must be a positive integer, got ${flags.workers}`);
        return setExit(EXIT_USAGE);
      }
      const shard = flags.shard ? parseShard(flags.shard) : undefined;
      if (shard === null) {
        io.stderr(`--shard must look like i/n with 1 ≤ i ≤ n, got ${flags.shard}`);
        return setExit(EXIT_USAGE);
      }
      const env = (k: string) => Deno.env.get(k);
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
        shard,
        timings: flags.timings,
        baseUrl: flags.baseUrl,
        systemAlertHandling: flags.systemAlertHandling,
      }, {
        stdout: io.stdout,
        stderr: io.stderr,
        progress: stderrProgress({ stepLines: flags.progress }),
        env,
        color: useColor(env),
      });
      setExit(code);
    });
}
