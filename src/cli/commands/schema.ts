/**
 * `bajutsu schema`: the scenario JSON Schema on stdout (for editors, CI validators and
 * `yaml-language-server`). The schema is imported (when the command runs, not at start), so a
 * compiled binary carries it.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { EXIT_OK } from "../../runner/exit_codes.ts";

/** The scenario schema as pretty-printed JSON text. */
export async function scenarioSchemaText(): Promise<string> {
  const { default: schema } = await import("../../../schemas/scenario.schema.json", {
    with: { type: "json" },
  });
  return JSON.stringify(schema, null, 2);
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
    .action(async () => {
      io.stdout(await scenarioSchemaText());
      setExit(EXIT_OK);
    });
}
