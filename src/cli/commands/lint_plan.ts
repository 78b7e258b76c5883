/**
 * `lint --config … [--target …] [--backend …]`: what the run check (src/runner/plan_check.ts)
 * checks scenarios against — the config's target and the backend a run would choose, without a
 * device. Its modules load only when `--config` is given (docs/install.md#startup).
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import type { Scenario } from "../../scenario/types.ts";
import { EXIT_USAGE } from "../../runner/exit_codes.ts";
import type { CliIo } from "../program.ts";

/** The `lint` flags. */
export interface LintOptions {
  config?: string;
  target?: string;
  backend?: string[];
}

/** Checks one file's scenarios as `run` would before starting. */
export interface LintPlan {
  /** The target's setup prelude, for loading the scenarios as `run` loads them. */
  setup?: string;
  check(scenarios: readonly Scenario[]): { errors: LoadError[]; warnings: LoadError[] };
}

/** The plan for `--config`, or the exit code when the target or its backend cannot be had. */
export async function lintPlan(
  config: string,
  opts: LintOptions,
  io: CliIo,
): Promise<LintPlan | number> {
  const { loadTarget } = await import("../../config/load_target.ts");
  const { descriptorFor } = await import("../../drivers/registry.ts");
  const { checkPlan } = await import("../../runner/plan_check.ts");
  const eff = await loadTarget(config, opts.target, io);
  if (eff === null) return EXIT_USAGE;
  const d = descriptorFor(eff, opts.backend);
  if (d === undefined) {
    io.stderr(
      `no backend among [${(opts.backend ?? [eff.platform]).join(", ")}] drives ` +
        `${eff.app.platform} targets`,
    );
    return EXIT_USAGE;
  }
  const backend = { actuator: d.actuator, capabilities: new Set(d.capabilities) };
  return { setup: eff.setup, check: (scenarios) => checkPlan(scenarios, eff, backend) };
}
