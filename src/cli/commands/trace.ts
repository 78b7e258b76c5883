/**
 * `bajutsu trace [<dir>] [--scenario <name>] [--runs-dir <dir>]` prints a finished run as a
 * text timeline from its manifest.json (default: the newest run under the runs folder);
 * `bajutsu trace --explain <scenario file>` previews how its capturePolicy rules would fire
 * (docs/cli.md#bajutsu-trace). Exit 0, or 2 when there is no run (or the file does not load).
 *
 * @module
 */
import type { Command } from "commander";
import { join } from "node:path";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";

interface TraceFlags {
  scenario?: string;
  runsDir: string;
  explain?: string;
}

export function registerTrace(
  program: Command,
  rawIo: CliIo,
  setExit: (code: number) => void,
): void {
  // Names, reasons and paths are author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  program
    .command("trace")
    .description("print a run as a text timeline, or preview a scenario's capturePolicy")
    .argument("[runDir]", "a run directory (default: the newest run under --runs-dir)")
    .option("--scenario <name>", "only scenarios whose name contains this")
    .option("--runs-dir <dir>", "where runs are found when no run directory is given", "runs")
    .option("--explain <file>", "preview how a scenario file's capturePolicy rules would fire")
    .action(async (runDir: string | undefined, flags: TraceFlags) => {
      if (flags.explain !== undefined) return setExit(await explain(flags.explain, flags, io));
      const { latestRun } = await import("../../trace/latest_run.ts");
      const dir = runDir ?? await latestRun(flags.runsDir);
      let text: string;
      try {
        if (dir === null) throw new Deno.errors.NotFound();
        text = await Deno.readTextFile(join(dir, "manifest.json"));
      } catch {
        io.stderr(`trace: no run found ${runDir ? `at ${runDir}` : `under ${flags.runsDir}/`}`);
        return setExit(EXIT_USAGE);
      }
      const [{ parseManifest }, { traceLines }] = await Promise.all([
        import("../../report/load.ts"),
        import("../../trace/timeline.ts"),
      ]);
      try {
        const manifest = parseManifest(text, join(dir!, "manifest.json"));
        for (const line of traceLines(manifest, flags.scenario)) io.stdout(line);
        setExit(EXIT_OK);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        io.stderr(`trace: ${typeof code === "string" ? `${code} ` : ""}${(err as Error).message}`);
        setExit(EXIT_USAGE);
      }
    });
}

async function explain(
  file: string,
  flags: TraceFlags,
  io: CliIo,
): Promise<number> {
  const [{ loadScenarioFile }, { formatLoadError }, { explainLines }] = await Promise.all([
    import("../../scenario/load.ts"),
    import("../../yaml/load_error.ts"),
    import("../../trace/explain.ts"),
  ]);
  const outcome = await loadScenarioFile(file);
  if (outcome.errors.length > 0) {
    for (const e of outcome.errors) io.stderr(formatLoadError(e));
    return EXIT_USAGE;
  }
  const needle = flags.scenario?.toLowerCase();
  const scenarios = outcome.scenarios.filter((s) =>
    needle === undefined || s.name.toLowerCase().includes(needle)
  );
  for (const line of explainLines(scenarios)) io.stdout(line);
  return EXIT_OK;
}
