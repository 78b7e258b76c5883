/**
 * `bajutsu import maestro <flows or folders…> [-o dir] [--force]`: translate Maestro flows into
 * scenario files and report what could not be translated (docs/import-maestro.md).
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";

interface ImportFlags {
  out?: string;
  force?: boolean;
}

/** Registers the `import` command and its `maestro` subcommand. */
export function registerImport(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const command = program
    .command("import")
    .description("translate another tool's tests into scenario files");
  command
    .command("maestro")
    .description("translate Maestro flows (folders: their top-level *.yaml / *.yml)")
    .argument("<paths...>", "flow files or folders")
    .option("-o, --out <dir>", "write the scenario files under this folder")
    .option("--force", "overwrite scenario files that exist")
    .action(async (paths: string[], opts: ImportFlags) => {
      // Loaded here so `--version` and `--help` do not parse the YAML stack (docs/install.md#startup).
      const { importMaestro } = await import("../../import/maestro/import_flows.ts");
      setExit(await importMaestro(paths, opts, printableIo(io), Deno.cwd()));
    });
}
