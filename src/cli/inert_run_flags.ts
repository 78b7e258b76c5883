/**
 * `run` flags of the reference runner whose features this runner does not have (yet): they are
 * accepted, so a CI script written for the reference keeps working, and each one given prints
 * one warning saying it has no effect (docs/cli.md#flags-without-effect). Never silently.
 *
 * @module
 */
import { type Command, Option } from "commander";

/** One flag that is accepted and has no effect. */
interface InertFlag {
  /** Commander spelling, e.g. `--score` or `--baselines <dir>`. */
  spelling: string;
  /** The flag's attribute name on the parsed flags. */
  attribute: string;
  /** Why it has no effect here. */
  why: string;
  /** A negated twin (`--no-score`) is accepted too. */
  negatable?: boolean;
}

const INERT_FLAGS: readonly InertFlag[] = [
  {
    spelling: "--score",
    attribute: "score",
    why: "the doctor grade is not supported yet",
    negatable: true,
  },
  {
    spelling: "--baselines <dir>",
    attribute: "baselines",
    why: "visual assertions are not supported yet",
  },
  {
    spelling: "--goldens <dir>",
    attribute: "goldens",
    why: "golden assertions are not supported yet",
  },
  {
    spelling: "--schemas <dir>",
    attribute: "schemas",
    why: "responseSchema assertions are not supported yet",
  },
  {
    spelling: "--alert-instruction <text>",
    attribute: "alertInstruction",
    why: "it steers the reference's AI alert fallback; this runner is model-free",
  },
  {
    spelling: "--touch-markers",
    attribute: "touchMarkers",
    why: "touch markers need the reference's in-app kit",
    negatable: true,
  },
  {
    spelling: "--evidence-store <url>",
    attribute: "evidenceStore",
    why: "uploading evidence to a store is not supported; the run folder holds everything",
  },
];

/**
 * Adds the inert flags to `command`, hidden from `--help`.
 *
 * @example
 * ```ts
 * addInertRunFlags(program.command("run"));
 * ```
 */
export function addInertRunFlags(command: Command): Command {
  for (const flag of INERT_FLAGS) {
    command.addOption(new Option(flag.spelling).hideHelp());
    if (flag.negatable) command.addOption(new Option(`--no-${flag.spelling.slice(2)}`).hideHelp());
  }
  return command;
}

/**
 * One warning per inert flag present in `flags`. A `--no-…` form asks for what happens anyway
 * (the feature is off here): no warning.
 *
 * @example
 * ```ts
 * inertFlagWarnings({ score: true });
 * // ["--score has no effect: the doctor grade is not supported yet (docs/cli.md#flags-without-effect)"]
 * ```
 */
export function inertFlagWarnings(flags: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const flag of INERT_FLAGS) {
    const value = flags[flag.attribute];
    if (value === undefined || value === false) continue;
    const name = flag.spelling.split(" ")[0];
    out.push(`${name} has no effect: ${flag.why} (docs/cli.md#flags-without-effect)`);
  }
  return out;
}
