/**
 * `bajutsu inspect --config … --target … [--url …] [--watch] [--json]` (docs/cli.md#inspect):
 * the command's flags; the session (src/inspect/session.ts) is loaded when it runs, so other
 * commands never load a backend for it.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import type { InspectOptions } from "../../inspect/session.ts";
import { CancelSource } from "../../time/cancel.ts";

function list(value: string): string[] {
  return value.split(",").map((v) => v.trim()).filter((v) => v !== "");
}

/** Registers the `inspect` command. */
export function registerInspect(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
): void {
  program
    .command("inspect")
    .description("launch the target and print its element tree with a selector per element")
    .option("-c, --config <path>", "config file", "bajutsu.config.yaml")
    .option("-t, --target <name>", "target in the config (optional when it has only one)")
    .option("--backend <tokens>", "backend tokens, e.g. web or fake (comma list)", list)
    .option("--url <url>", "open this after launch (web: a path on the target's origin)")
    .option("--watch", "print the tree again after each change, until interrupted")
    .option("--json", "print JSON for tools")
    .action(async (opts: InspectOptions) => {
      const cancel = new CancelSource();
      const stop = () => cancel.cancel();
      Deno.addSignalListener("SIGINT", stop);
      try {
        const { inspect } = await import("../../inspect/session.ts");
        setExit(await inspect(opts, io, { cancel }));
      } finally {
        Deno.removeSignalListener("SIGINT", stop);
      }
    });
}
