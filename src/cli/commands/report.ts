/**
 * `bajutsu report <run dir>` re-renders report.html, junit.xml and ctrf.json from manifest.json;
 * `bajutsu report merge <run dirs…>` merges shard runs into one run.
 *
 * @module
 */
import type { Command } from "commander";
import { join, relative } from "node:path";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_FAIL, EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";

/** `<CODE> <message>` for the report layer's coded errors, the bare message otherwise. */
const message = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("E_") ? `${code} ${err.message}` : err.message;
};

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
    .action(async (runDir?: string) => {
      if (!runDir) {
        io.stderr("report: give a run directory (or use `report merge <run dirs…>`)");
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
