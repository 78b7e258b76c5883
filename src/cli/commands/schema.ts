/**
 * `bajutsu schema`: the scenario JSON Schema on stdout (for editors, CI validators and
 * `yaml-language-server`). The schema is imported, so a compiled binary carries it.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { EXIT_OK } from "../../runner/exit_codes.ts";
import scenarioSchema from "../../../schemas/scenario.schema.json" with { type: "json" };

/** The scenario schema as pretty-printed JSON text. */
export function scenarioSchemaText(): string {
  return JSON.stringify(scenarioSchema, null, 2);
}

/** Registers `schema` on `program`. */
export function registerSchema(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
): void {
  program
    .command("schema")
    .description("print the scenario JSON Schema (draft 2020-12) to stdout")
    .action(() => {
      io.stdout(scenarioSchemaText());
      setExit(EXIT_OK);
    });
}
