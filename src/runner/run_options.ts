/**
 * Every option of `bajutsu run`, declared once (docs/architecture.md#run-options): its flag, what
 * its value is, its limits, its default, its help line, and whether a run started from `serve`
 * may set it. The command line (`src/cli/run_flags.ts`), serve's request check and argument
 * building (`src/serve/run_request.ts`, `src/serve/run_args.ts`) and serve's page all read this
 * list, so a limit lives in one place (docs/run-limits.md).
 *
 * Adding an option: one entry here (in `--help` order), then its field on `RunRequest` and the
 * line that hands it over in `src/cli/commands/run.ts`.
 *
 * @module
 */
import { BROWSERS } from "../config/types.ts";
import { BACKEND_TOKENS } from "../model/backend_names.ts";
import { MAX_SHARDS, parseShard } from "./shards.ts";

/**
 * How `serve` treats an option in `POST /api/run` (docs/serve.md#run-options):
 * - `field`: a request field of the same name, checked against this declaration;
 * - `job`: a request field serve checks itself (the job's target and scenario files);
 * - `server`: serve sets it on every run and a request may not (`serveWhy` says why).
 */
export type ServeRole = "field" | "job" | "server";

/** What every option declares. */
interface OptionBase {
  /** Commander's attribute name of the flag, and the serve request field: `workers`. */
  name: string;
  /** The long flag: `--workers`. */
  flag: string;
  /** A one-letter flag: `-c`. */
  short?: string;
  /** The `--help` line. */
  doc: string;
  serve: ServeRole;
  /** For `serve: "server"`: why a request may not set it. */
  serveWhy?: string;
  /** Older spellings of the same option (flags, hidden from `--help`): `--browsers`. */
  aliases?: readonly string[];
}

/** A switch; `negation` is the help line of its `--no-…` twin when it has one. */
export interface BooleanOption extends OptionBase {
  kind: "boolean";
  negation?: string;
}

/** A decimal integer in `[min, max]`. */
export interface IntOption extends OptionBase {
  kind: "int";
  /** The value's name in `--help`: `n`. */
  placeholder: string;
  min: number;
  max: number;
  /** Absent: the option is unset unless given. */
  default?: number;
}

/** One text value. */
export interface TextOption extends OptionBase {
  kind: "text";
  placeholder: string;
  default?: string;
  /** Its form, checked by `run` and `serve` alike: `expected` completes "must be …". */
  form?: { valid: (text: string) => boolean; expected: string };
}

/** What every item of a list must be (checked by `serve`, whose values come from a client). */
export type ItemRule =
  | { pattern: RegExp; noun: string }
  | { choices: readonly string[]; noun: string };

/** Several values: a comma list (`--tag a,b`), or the flag repeated (`-s a -s b`). */
export interface ListOption extends OptionBase {
  kind: "list";
  placeholder: string;
  separator: "comma" | "repeat";
  items?: ItemRule;
}

/** One option of `bajutsu run`. */
export type RunOption = BooleanOption | IntOption | TextOption | ListOption;

/** The most parallel lanes a run takes (docs/run-limits.md). */
export const MAX_WORKERS = 256;
/** The most attempts `--repeat` makes of each scenario, and re-runs `--retries` allows. */
export const MAX_REPEAT = 100;
export const MAX_RETRIES = 10;
/** `--seed` is 32 bits. */
export const MAX_SEED = 0xffffffff;

/** A tag of a scenario (`--tag`, `--exclude`). */
const TAG = /^[A-Za-z0-9_.:-]+$/;
/** A simulator udid or name (`iPhone 16 (bajutsu 1)`): never an option, never a control char. */
const DEVICE = /^[A-Za-z0-9][A-Za-z0-9 ._():'’-]{0,127}$/;

/**
 * The options of `bajutsu run`, in `--help` order.
 *
 * @example
 * ```ts
 * const workers = runOption("workers"); // { kind: "int", min: 1, max: 256, … }
 * ```
 */
export const RUN_OPTIONS: readonly RunOption[] = [
  {
    name: "config",
    flag: "--config",
    short: "-c",
    kind: "text",
    placeholder: "path",
    default: "bajutsu.config.yaml",
    doc: "config file",
    serve: "server",
    serveWhy: "a run of serve uses serve's own config",
  },
  {
    name: "target",
    flag: "--target",
    short: "-t",
    kind: "text",
    placeholder: "name",
    doc: "target in the config (optional when it has only one)",
    serve: "job",
  },
  {
    name: "scenario",
    flag: "--scenario",
    short: "-s",
    kind: "list",
    placeholder: "path",
    separator: "repeat",
    doc: "scenario file or folder (repeatable)",
    serve: "job",
  },
  {
    name: "tag",
    flag: "--tag",
    kind: "list",
    placeholder: "tags",
    separator: "comma",
    items: { pattern: TAG, noun: "tag" },
    doc: "keep scenarios carrying any of these tags (comma list)",
    serve: "field",
  },
  {
    name: "exclude",
    flag: "--exclude",
    kind: "list",
    placeholder: "tags",
    separator: "comma",
    items: { pattern: TAG, noun: "tag" },
    doc: "drop scenarios carrying any of these tags (comma list)",
    serve: "field",
  },
  {
    name: "runsDir",
    flag: "--runs-dir",
    kind: "text",
    placeholder: "dir",
    default: "runs",
    doc: "where runs are written",
    serve: "server",
    serveWhy: "serve lists, serves and deletes the runs of its own runs folder",
  },
  {
    name: "erase",
    flag: "--erase",
    kind: "boolean",
    doc: "erase the device before every scenario",
    negation: "never erase (also skips the forced erase of a crash retry)",
    serve: "field",
  },
  {
    name: "backend",
    flag: "--backend",
    kind: "list",
    placeholder: "tokens",
    separator: "comma",
    // The backends' tokens are data (src/model/backend_names.ts): no backend is loaded for them.
    items: { choices: BACKEND_TOKENS, noun: "backend token" },
    doc: "backend tokens, e.g. web or fake (comma list)",
    serve: "field",
  },
  {
    name: "workers",
    flag: "--workers",
    kind: "int",
    placeholder: "n",
    min: 1,
    max: MAX_WORKERS,
    default: 1,
    doc: `parallel lanes, 1–${MAX_WORKERS} (web: browser contexts)`,
    serve: "field",
  },
  {
    name: "browser",
    flag: "--browser",
    kind: "list",
    placeholder: "engines",
    separator: "comma",
    items: { choices: BROWSERS, noun: "browser engine" },
    aliases: ["--browsers"],
    doc: "web engine(s); several = a cross-browser matrix",
    serve: "field",
  },
  {
    name: "headed",
    flag: "--headed",
    kind: "boolean",
    doc: "show the browser window (web)",
    negation: "run the browser headless whatever the config says (web)",
    serve: "field",
  },
  {
    name: "network",
    flag: "--network",
    kind: "boolean",
    doc: "collect network traffic and apply the target's mocks (default on)",
    negation: "neither collect network traffic nor apply mocks",
    serve: "field",
  },
  {
    name: "shard",
    flag: "--shard",
    kind: "text",
    placeholder: "i/n",
    form: {
      valid: (text) => parseShard(text) !== null,
      expected: `i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}`,
    },
    doc: `run shard i of n ≤ ${MAX_SHARDS} (deterministic partition)`,
    serve: "field",
  },
  {
    name: "timings",
    flag: "--timings",
    kind: "text",
    placeholder: "path",
    doc: "a previous manifest or runs dir: partition shards by duration",
    serve: "server",
    serveWhy: "a path on the server's disk, outside what a client may name",
  },
  {
    name: "baseUrl",
    flag: "--base-url",
    kind: "text",
    placeholder: "url",
    doc: "override the web target's baseUrl",
    serve: "server",
    serveWhy: "serve's own --base-url applies to every web run",
  },
  {
    name: "systemAlertHandling",
    flag: "--system-alert-handling",
    kind: "boolean",
    // The reference runner's older spellings of the same switch.
    aliases: ["--alert-handling", "--dismiss-alerts"],
    doc: "dismiss system alerts that block a step (default on)",
    negation: "never dismiss system alerts",
    serve: "field",
  },
  {
    name: "udid",
    flag: "--udid",
    kind: "list",
    placeholder: "devices",
    separator: "comma",
    items: { pattern: DEVICE, noun: "device" },
    doc: "devices to run on: udids, serials or simulator names (comma list = a pool; default: " +
      "the booted simulator or the attached device)",
    serve: "field",
  },
  {
    name: "logPredicate",
    flag: "--log-predicate",
    kind: "text",
    placeholder: "predicate",
    doc: "iOS device log filter (log stream --predicate)",
    serve: "field",
  },
  {
    name: "logSubsystem",
    flag: "--log-subsystem",
    kind: "text",
    placeholder: "subsystem",
    doc: "iOS device log of this subsystem (no predicate given)",
    serve: "field",
  },
  {
    name: "progress",
    flag: "--progress",
    kind: "boolean",
    doc: "also print each step as a line on stderr when it is not a terminal",
    negation: "print no progress lines at all (only warnings and the verdict)",
    serve: "server",
    serveWhy: "serve's live view reads the step lines of every run",
  },
  {
    name: "zip",
    flag: "--zip",
    kind: "boolean",
    doc: "after the verdict, also write <runs-dir>/<runId>.zip (never changes the exit code)",
    serve: "field",
  },
  {
    name: "repeat",
    flag: "--repeat",
    kind: "int",
    placeholder: "n",
    min: 1,
    max: MAX_REPEAT,
    doc: `run each scenario n times, 1–${MAX_REPEAT}: a flakiness verdict`,
    serve: "field",
  },
  {
    name: "retries",
    flag: "--retries",
    kind: "int",
    placeholder: "n",
    min: 1,
    max: MAX_RETRIES,
    doc: `run a failed scenario again up to n times, 1–${MAX_RETRIES}`,
    serve: "field",
  },
  {
    name: "seed",
    flag: "--seed",
    kind: "int",
    placeholder: "n",
    min: 0,
    max: MAX_SEED,
    doc: "the order of --repeat's attempts (default: a fresh seed, printed)",
    serve: "field",
  },
];

/**
 * The option named `name`.
 *
 * @throws Error when no option has that name (a programming error)
 *
 * @example
 * ```ts
 * (runOption("workers") as IntOption).max; // 256
 * ```
 */
export function runOption(name: string): RunOption {
  const option = RUN_OPTIONS.find((o) => o.name === name);
  if (!option) throw new Error(`no run option ${name}`);
  return option;
}

/**
 * The integer option named `name`: its limits.
 *
 * @throws Error when no integer option has that name (a programming error)
 *
 * @example
 * ```ts
 * intOption("workers").max; // 256
 * ```
 */
export function intOption(name: string): IntOption {
  const option = runOption(name);
  if (option.kind !== "int") throw new Error(`run option ${name} is not an integer`);
  return option;
}

/**
 * The attribute name of a flag: what commander calls it and the serve request field.
 *
 * @example
 * ```ts
 * attributeOf("--alert-handling"); // "alertHandling"
 * ```
 */
export function attributeOf(flag: string): string {
  return flag.replace(/^--/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
