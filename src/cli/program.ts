/**
 * Builds the commander program. Each command lives in `commands/<name>.ts` and registers itself
 * through a `register(program, io)` function; only commands that work are listed.
 *
 * @module
 */
import { Command, CommanderError } from "commander";
import { type BuildInfo, DEV_BUILD, versionLine } from "../build_info.ts";
import { EXIT_USAGE } from "../runner/exit_codes.ts";
import { printableLines } from "../text/printable.ts";
import { registerDoctor } from "./commands/doctor.ts";
import { registerExport } from "./commands/export.ts";
import { registerImport } from "./commands/import.ts";
import { registerInspect } from "./commands/inspect.ts";
import { registerLint } from "./commands/lint.ts";
import { registerReport } from "./commands/report.ts";
import { registerRun } from "./commands/run.ts";
import { registerSchema } from "./commands/schema.ts";
import { registerServe } from "./commands/serve.ts";
import { registerTrace } from "./commands/trace.ts";
import { registerVersion } from "./commands/version.ts";

/** Where a command writes; injected so tests can capture output. */
export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

/**
 * The process's streams. The last line of defence (docs/cli.md): no control, bidi or invisible
 * character reaches the terminal; line breaks stay for multi-line blocks (help, `schema`).
 * Commands that print author text one line per call also escape line breaks (`printableIo`).
 */
export const consoleIo: CliIo = {
  stdout: (text) => console.log(printableLines(text)),
  stderr: (text) => console.error(printableLines(text)),
};

/** The result a command action hands back to `runCli`. */
export interface CommandOutcome {
  exitCode: number;
}

/**
 * Runs the CLI with `args` and resolves to the process exit code. `build` is what `--version`
 * reports: a compiled binary passes its own (scripts/compile.ts), a checkout runs as `dev`.
 */
export async function runCli(
  args: string[],
  io: CliIo = consoleIo,
  build: BuildInfo = DEV_BUILD,
): Promise<number> {
  let exitCode = 0;
  const program = new Command("bajutsu")
    .description("Deterministic end-to-end UI test runner for iOS Simulator, Android and web apps")
    .version(versionLine(build), "-V, --version", "print the version, git commit and build date")
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s.replace(/\n$/, "")),
      writeErr: (s) => io.stderr(s.replace(/\n$/, "")),
    });
  const setExit = (code: number) => {
    exitCode = code;
  };
  registerRun(program, io, setExit);
  registerLint(program, io, setExit);
  registerInspect(program, io, setExit);
  registerReport(program, io, setExit);
  registerExport(program, io, setExit);
  registerImport(program, io, setExit);
  registerSchema(program, io, setExit);
  registerServe(program, io, setExit);
  registerTrace(program, io, setExit);
  registerVersion(program, io, setExit, build);
  registerDoctor(program, io, setExit);
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version") return 0;
      if (err.code === "commander.help") return 0;
      return EXIT_USAGE;
    }
    throw err;
  }
  if (args.length === 0) {
    io.stdout(program.helpInformation().replace(/\n$/, ""));
  }
  return exitCode;
}
