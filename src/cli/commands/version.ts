/**
 * `bajutsu version [--json]`: the version, git commit and build date (the `--version` line), and
 * with `--json` also the Deno, V8, TypeScript and playwright-core versions (docs/install.md).
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { EXIT_OK } from "../../runner/exit_codes.ts";
import { type BuildInfo, versionLine, versionReport } from "../../build_info.ts";

/** Registers `version` on `program`. */
export function registerVersion(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  build: BuildInfo,
): void {
  program
    .command("version")
    .description("print the version, git commit and build date (--json: also runtime versions)")
    .option("--json", "one JSON object with the Deno, V8 and playwright-core versions too")
    .action((flags: { json?: boolean }) => {
      io.stdout(flags.json ? JSON.stringify(versionReport(build), null, 2) : versionLine(build));
      setExit(EXIT_OK);
    });
}
