/**
 * The flags of `bajutsu run` on the command line, built from the one declaration of the run's
 * options (src/runner/run_options.ts): registered on commander, then checked against the same
 * limits `serve` applies (docs/run-limits.md).
 *
 * @module
 */
import { type Command, Option } from "commander";
import { attributeOf, RUN_OPTIONS, type RunOption } from "../runner/run_options.ts";
import { CliOptionError, parseIntOption } from "./option_error.ts";

const commaList = (v: string, prev: string[] = []) => [
  ...prev,
  ...v.split(",").map((s) => s.trim()).filter(Boolean),
];
const repeated = (v: string, prev: string[] = []) => [...prev, v];

/** Commander's spelling of `flag` for `option`: `-c, --config <path>`. */
function spelling(option: RunOption, flag: string, short?: string): string {
  const names = short ? `${short}, ${flag}` : flag;
  return option.kind === "boolean" ? names : `${names} <${option.placeholder}>`;
}

/** The `--no-…` twin of a flag. */
function negated(flag: string): string {
  return `--no-${flag.slice(2)}`;
}

/**
 * Registers every declared run option on `command`, in declaration order (their `--help` order);
 * older spellings are accepted and hidden.
 *
 * @example
 * ```ts
 * addRunOptions(program.command("run")).action(...);
 * ```
 */
export function addRunOptions(command: Command): Command {
  for (const option of RUN_OPTIONS) {
    const main = new Option(spelling(option, option.flag, option.short), option.doc);
    if (option.kind === "int" && option.default !== undefined) {
      main.default(String(option.default));
    }
    if (option.kind === "text" && option.default !== undefined) main.default(option.default);
    if (option.kind === "list") {
      main.argParser(option.separator === "comma" ? commaList : repeated);
    }
    command.addOption(main);
    if (option.kind === "boolean" && option.negation !== undefined) {
      command.addOption(new Option(negated(option.flag), option.negation));
    }
    for (const alias of option.aliases ?? []) {
      const hidden = new Option(spelling(option, alias), `alias of ${option.flag}`).hideHelp();
      if (option.kind === "list") {
        hidden.argParser(option.separator === "comma" ? commaList : repeated);
      }
      command.addOption(hidden);
      if (option.kind === "boolean" && option.negation !== undefined) {
        command.addOption(new Option(negated(alias)).hideHelp());
      }
    }
  }
  return command;
}

/**
 * The parsed flags checked against the declaration: an older spelling counts when the flag
 * itself is absent, integers are parsed within their limits, text is checked against its form.
 *
 * @throws CliOptionError naming the flag, for a value outside its form or range
 *
 * @example
 * ```ts
 * checkRunFlags({ workers: "4" }).workers; // 4
 * checkRunFlags({ workers: "257" }); // throws: --workers must be an integer from 1 to 256, got "257"
 * ```
 */
export function checkRunFlags(flags: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const option of RUN_OPTIONS) {
    let value = flags[option.name];
    for (const alias of option.aliases ?? []) value ??= flags[attributeOf(alias)];
    if (value === undefined) continue;
    if (option.kind === "int") {
      value = parseIntOption(option.flag, String(value), option.min, option.max);
    } else if (option.kind === "text" && option.form && value !== "") {
      if (!option.form.valid(String(value))) {
        throw new CliOptionError(option.flag, option.form.expected, String(value));
      }
    }
    out[option.name] = value;
  }
  return out;
}
