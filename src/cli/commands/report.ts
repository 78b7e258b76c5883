/**
 * `bajutsu report <run dir>` re-renders report.html, junit.xml and ctrf.json from manifest.json;
 * `bajutsu report --all` does it for every run under a runs folder (docs/cli.md#report---all);
 * `bajutsu report merge <run dirs…>` merges shard runs into one run.
 *
 * @module
 */
import type { Command } from "commander";
import { join, relative } from "node:path";
import type { CliIo } from "../program.ts";
import { errorLine as message } from "../../text/error_line.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_FAIL, EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";

export function registerReport(
  program: Command,
  rawIo: CliIo,
  setExit: (code: number) => void,
): void {
  // Paths and error messages can hold author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  const warn = (line: string) => io.stderr(`warning: ${line}`);
  const report = program
    .command("report")
    .description("re-render a run's reports, or merge shard runs")
    .argument("[runDir]", "a run directory holding manifest.json")
    .option("--all", "re-render every run under --runs")
    .option("--runs <dir>", "the runs folder of --all", "runs")
    .action(async (runDir: string | undefined, flags: { all?: boolean; runs: string }) => {
      if (flags.all) {
        if (runDir) {
          io.stderr("report: give a run directory or --all, not both");
          return setExit(EXIT_USAGE);
        }
        return setExit(await reportAll(flags.runs));
      }
      if (!runDir) {
        io.stderr(
          "report: give a run directory or --all (or use `report merge <run dirs…>`)",
        );
        return setExit(EXIT_USAGE);
      }
      try {
        const { rerenderReport } = await import("../../report/rerender.ts");
        const m = await rerenderReport(runDir, { warn });
        io.stdout(`${m.ok ? "PASS" : "FAIL"}  ${join(runDir, "report.html")}`);
        setExit(EXIT_OK);
      } catch (err) {
        io.stderr(`report: ${message(err)}`);
        setExit(EXIT_USAGE);
      }
    });

  /**
   * Every run under `runsDir`: 0 when all re-rendered runs passed, 1 when one failed, 2 when
   * there was none to re-render or a report could not be written.
   */
  async function reportAll(runsDir: string): Promise<number> {
    const { rerenderAll } = await import("../../report/rerender_all.ts");
    const { ReportWriteError } = await import("../../report/errors.ts");
    let outcomes;
    try {
      outcomes = await rerenderAll(runsDir, { warn });
    } catch (err) {
      // The runs folder itself cannot be listed (a file, no permission).
      io.stderr(`report: cannot read ${runsDir}: ${message(err)}`);
      return EXIT_USAGE;
    }
    let rendered = 0, failed = 0, unwritten = 0;
    for (const o of outcomes) {
      if ("error" in o) {
        if (o.error instanceof ReportWriteError) unwritten++;
        warn(`${o.runDir} not re-rendered: ${message(o.error)}`);
        continue;
      }
      rendered++;
      if (!o.ok) failed++;
      io.stdout(`${o.ok ? "PASS" : "FAIL"}  ${join(o.runDir, "report.html")}`);
    }
    if (rendered === 0) {
      io.stderr(
        outcomes.length === 0
          ? `report: no runs under ${runsDir} (no folder holds a manifest.json)`
          : `report: none of the ${outcomes.length} run(s) under ${runsDir} could be re-rendered`,
      );
      return EXIT_USAGE;
    }
    await printFlipRates(runsDir);
    if (unwritten > 0) return EXIT_USAGE;
    return failed > 0 ? EXIT_FAIL : EXIT_OK;
  }

  /** One line per scenario: its flip rate across the runs (docs/cli.md#report---all). */
  async function printFlipRates(runsDir: string): Promise<void> {
    const { listRuns } = await import("../../report/history.ts");
    const { historyFlips } = await import("../../report/history_flips.ts");
    const runs = (await listRuns(runsDir)).reverse(); // oldest first
    for (const f of historyFlips(runs.map((r) => r.outcomes))) {
      io.stdout(
        `flip rate ${f.flipRate.toFixed(2)}  ${f.scenario} (${f.flips} flip${
          f.flips === 1 ? "" : "s"
        } over ${f.runs} run${f.runs === 1 ? "" : "s"}, ${f.passes} passed)`,
      );
    }
  }

  report
    .command("merge")
    .description("merge shard runs into one manifest, JUnit and HTML report")
    .argument("<runDirs...>", "run directories to merge, in order")
    .option("--runs-dir <dir>", "where the merged run is written", "runs")
    .action(async (runDirs: string[], flags: { runsDir: string }) => {
      let out: string | null = null;
      try {
        const { mergeRuns } = await import("../../report/merge.ts");
        const { uniqueRunId } = await import("../../report/run_id.ts");
        await Deno.mkdir(flags.runsDir, { recursive: true, mode: 0o700 });
        const id = await uniqueRunId(flags.runsDir, new Date(), "merged-");
        out = join(flags.runsDir, id);
        const m = await mergeRuns(runDirs, out, { warn });
        const shown = relative(Deno.cwd(), join(out, "manifest.json"));
        io.stdout(`${m.ok ? "PASS" : "FAIL"}  ${shown}`);
        setExit(m.ok ? EXIT_OK : EXIT_FAIL);
      } catch (err) {
        // The id's folder was claimed empty; a failed merge leaves nothing behind (a plain
        // remove only takes an empty folder).
        if (out !== null) await Deno.remove(out).catch(() => {});
        io.stderr(`report merge: ${message(err)}`);
        setExit(EXIT_USAGE);
      }
    });
}
