/**
 * The bajutsu CLI entry: `deno run -A main.ts <command>`.
 *
 * @module
 */
import { runCli } from "./src/cli/program.ts";

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args));
}
