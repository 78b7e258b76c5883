/**
 * `bajutsu export <run|dir>`: a finished run as one zip rooted at `<runId>/`
 * (docs/cli.md#bajutsu-export).
 *
 * @module
 */
import { type Command, Option } from "commander";
import type { CliIo } from "../program.ts";
import { errorLine } from "../../text/error_line.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";

interface ExportFlags {
  output?: string;
  force?: boolean;
  runsDir: string;
  runs?: string;
}

/** Registers the `export` command. */
export function registerExport(
  program: Command,
  rawIo: CliIo,
  setExit: (code: number) => void,
): void {
  // Paths and error messages can hold author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  program
    .command("export")
    .description("write a run as one zip (rooted at <runId>/) for sharing or CI upload")
    .argument("<run>", "a run folder, or a run id under --runs-dir")
    .option("-o, --output <file>", "the zip to write (default: <runId>.zip beside the run)")
    .option("--force", "overwrite the zip when it exists")
    .option("--runs-dir <dir>", "where a run id is looked up", "runs")
    // The reference runner's spelling of --runs-dir.
    .addOption(new Option("--runs <dir>").hideHelp())
    .action(async (run: string, flags: ExportFlags) => {
      try {
        // Loaded on demand so `lint`, `schema` and `--help` start fast.
        const { exportRun } = await import("../../archive/export_run.ts");
        const done = await exportRun({
          run,
          runsDir: flags.runs ?? flags.runsDir,
          output: flags.output,
          force: flags.force === true,
        });
        io.stdout(`wrote ${done.zipPath}`);
        setExit(EXIT_OK);
      } catch (err) {
        if (!(err instanceof Error && "code" in err)) throw err;
        io.stderr(`export: ${errorLine(err)}`);
        setExit(EXIT_USAGE);
      }
    });
}
