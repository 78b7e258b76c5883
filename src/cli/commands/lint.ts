/**
 * `bajutsu lint <files or folders…>`: load every scenario file and print `<file>: ok` or one
 * line per load error; warnings go to stderr. With `--config` (and `--target`, `--backend`),
 * each file's scenarios are also checked as `run` checks them before starting: against the
 * backend's capabilities and the target's platform, reported at their lines (docs/cli.md#bajutsu-lint).
 *
 * @module
 */
import { isAbsolute, relative } from "node:path";
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_FAIL, EXIT_OK } from "../../runner/exit_codes.ts";
import type { LoadError } from "../../yaml/load_error.ts";
import { EXIT_USAGE } from "../../runner/exit_codes.ts";
import { type LintOptions, lintPlan } from "./lint_plan.ts";

export type { LintOptions };

/** Registers the `lint` command. */
export function registerLint(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("lint")
    .description("validate scenario files (folders: every *.yaml / *.yml under them)")
    .argument("<paths...>", "scenario files or folders")
    .option("-c, --config <path>", "also check against this config's target, as run would")
    .option("-t, --target <name>", "the target (optional when the config has only one)")
    .option("--backend <tokens>", "backend tokens to check against (comma list)", list)
    .action(async (paths: string[], opts: LintOptions) => {
      setExit(await lint(paths, io, Deno.cwd(), opts));
    });
}

function list(value: string): string[] {
  return value.split(",").map((v) => v.trim()).filter((v) => v !== "");
}

/**
 * Lints `paths` and returns the exit code: 0 when every file is clean, 1 when one is not or a
 * folder holds no scenario file at all (an empty folder is more likely a wrong path than a
 * finished suite).
 */
export async function lint(
  paths: string[],
  rawIo: CliIo,
  cwd: string,
  opts: LintOptions = {},
): Promise<number> {
  // File names and load errors quote author text: one printable line each (docs/cli.md).
  const io = printableIo(rawIo);
  if (opts.config === undefined && (opts.target !== undefined || opts.backend !== undefined)) {
    io.stderr("--target and --backend need --config");
    return EXIT_USAGE;
  }
  // The config's target and the run check load only with --config (docs/install.md#startup).
  const plan = opts.config === undefined ? null : await lintPlan(opts.config, opts, io);
  if (typeof plan === "number") return plan;
  // Loaded here, not at start, so `--version` and `--help` do not parse the YAML stack
  // (docs/install.md#startup).
  const { loadScenarioPaths } = await import("../../scenario/load.ts");
  const { formatLoadError } = await import("../../yaml/load_error.ts");
  const { files, emptyFolders } = await loadScenarioPaths(paths, {
    configSetup: plan?.setup,
  });
  const show = (file: string) => displayPath(file, cwd);
  let clean = emptyFolders.length === 0;
  for (const dir of emptyFolders) {
    io.stdout(`${show(dir)}: no scenario files (*.yaml, *.yml) in this folder`);
  }
  for (const { file, kind, outcome } of files) {
    if (kind === "config") {
      io.stdout(`${show(file)}: skipped (a config file)`);
      continue;
    }
    const checked = plan && outcome.errors.length === 0
      ? plan.check(outcome.scenarios)
      : { errors: [], warnings: [] };
    for (const w of [...outcome.warnings, ...checked.warnings]) {
      io.stderr(`warning: ${formatLoadError(relativeError(w, show))}`);
    }
    if (checked.errors.length > 0) {
      clean = false;
      for (const e of checked.errors) io.stdout(formatLoadError(relativeError(e, show)));
      continue;
    }
    if (outcome.errors.length === 0) {
      io.stdout(`${show(file)}: ok`);
      continue;
    }
    clean = false;
    for (const e of outcome.errors) io.stdout(formatLoadError(relativeError(e, show)));
  }
  return clean ? EXIT_OK : EXIT_FAIL;
}

function relativeError(e: LoadError, show: (file: string) => string): LoadError {
  return { ...e, file: show(e.file) };
}

/** `file` relative to `cwd` when it lies inside it, else unchanged. */
function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return file;
  return rel;
}
