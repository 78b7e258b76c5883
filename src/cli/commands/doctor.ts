/**
 * `bajutsu doctor` (docs/cli.md#doctor): is this machine ready to run the config's targets?
 * Each backend contributes its own checks (`doctorChecks` on its descriptor); with `--target`
 * (or a config) the backends of those targets are required, otherwise every backend reports
 * and one whose tools are missing is skipped. Every problem is printed with the command that
 * fixes it. Exit 0 when nothing failed (warnings included), 1 when something did, 2 for a config
 * that does not load or an unknown target.
 *
 * @module
 */
import type { Command } from "commander";
import type { CliIo } from "../program.ts";
import { printableIo } from "../../text/printable.ts";
import { EXIT_FAIL, EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";
import type { Effective } from "../../config/effective.ts";
import type { BackendDescriptor, DoctorCheck } from "../../drivers/backend.ts";
import { VERSION } from "../../version.ts";
import { isFile } from "../../fs/probe.ts";

export interface DoctorRequest {
  configPath: string;
  /** The config path was given explicitly (a missing file is then an error). */
  configGiven: boolean;
  target?: string;
}

export interface DoctorDeps {
  env(name: string): string | undefined;
  /** The backends to ask (default: the registry's). */
  backends?: readonly BackendDescriptor[];
}

const MARK: Record<DoctorCheck["status"], string> = { ok: "✔", warn: "!", fail: "✘", skip: "–" };

/** Registers the `doctor` command. */
export function registerDoctor(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("doctor")
    .description("check this machine for the config's targets (Xcode, simulators, browsers…)")
    .option("-c, --config <path>", "config file (default bajutsu.config.yaml, when it exists)")
    .option("-t, --target <name>", "check only this target's backend")
    .action(async (flags: { config?: string; target?: string }) => {
      setExit(
        await doctor(
          {
            configPath: flags.config ?? "bajutsu.config.yaml",
            configGiven: flags.config !== undefined,
            target: flags.target,
          },
          io,
          { env: (k) => Deno.env.get(k) },
        ),
      );
    });
}

/** The targets to check: the named one, every target of the config, or none (machine-wide). */
async function targetsOf(req: DoctorRequest, io: CliIo): Promise<Effective[] | number> {
  if (!req.configGiven && !await isFile(req.configPath)) {
    if (req.target) {
      io.stderr(`--target ${req.target}: no config file ${req.configPath}`);
      return EXIT_USAGE;
    }
    return [];
  }
  // Loaded here, not at start (docs/install.md#startup): the config stack and the registry.
  const { loadConfig } = await import("../../config/load_config.ts");
  const { resolveTarget } = await import("../../config/resolve_target.ts");
  const { formatLoadError } = await import("../../yaml/load_error.ts");
  const parsed = await loadConfig(req.configPath);
  for (const w of parsed.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
  if (!parsed.config) {
    for (const e of parsed.errors) io.stderr(formatLoadError(e));
    return EXIT_USAGE;
  }
  const names = Object.keys(parsed.config.targets ?? {});
  const wanted = req.target ? [req.target] : names;
  const out: Effective[] = [];
  for (const name of wanted) {
    try {
      out.push(resolveTarget(parsed.config, name));
    } catch (err) {
      io.stderr(err instanceof Error ? err.message : String(err));
      return EXIT_USAGE;
    }
  }
  return out;
}

/** Runs the checks and returns the exit code. */
export async function doctor(req: DoctorRequest, rawIo: CliIo, deps: DoctorDeps): Promise<number> {
  const io = printableIo(rawIo);
  const targets = await targetsOf(req, io);
  if (typeof targets === "number") return targets;
  const { collectDoctor } = await import("../../drivers/doctor_report.ts");
  io.stdout(
    `bajutsu ${VERSION} doctor (Deno ${Deno.version.deno}, ${Deno.build.os}/${Deno.build.arch})`,
  );
  const report = deps.backends
    ? await collectDoctor(targets, deps.env, deps.backends)
    : await collectDoctor(targets, deps.env);
  for (const section of report.sections) {
    const where = section.target ? ` (target ${section.target})` : "";
    io.stdout(`${section.actuator}${where}:`);
    for (const c of section.checks) {
      io.stdout(`  ${MARK[c.status]} ${c.name}: ${c.detail}`);
      if (c.fix && c.status !== "ok") io.stdout(`      fix: ${c.fix}`);
    }
  }
  const { failed, warnings: warned } = report;
  const notes = warned > 0 ? `, ${warned} warning${warned === 1 ? "" : "s"}` : "";
  io.stdout(
    failed === 0 ? `ready${notes}` : `${failed} problem${failed === 1 ? "" : "s"} to fix${notes}`,
  );
  return failed === 0 ? EXIT_OK : EXIT_FAIL;
}
