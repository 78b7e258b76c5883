/**
 * Planning a run, before anything is written: the config and its target, the environment knobs,
 * the scenarios (loaded, tag-selected, sharded, checked against the backend and the target: the
 * preflight of docs/cli.md#preflight) and the backend. A usage problem is printed and the run
 * ends with exit 2 before a run folder exists; a preflight problem is printed at its line, and its
 * scenario fails without running while the others run (exit 1).
 *
 * @module
 */
import { loadConfig } from "../config/load_config.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import type { Effective } from "../config/effective.ts";
import { type EnvKnobs, readEnvKnobs } from "../config/env_knobs.ts";
import { formatLoadError, type LoadError } from "../yaml/load_error.ts";
import { loadScenarioPaths } from "../scenario/load.ts";
import { MAX_SCENARIOS_PER_RUN } from "../scenario/input_limits.ts";
import { selectByTags } from "../scenario/templating/tags.ts";
import type { Scenario } from "../scenario/types.ts";
import { type Backend, backendFor, UsageError } from "./backends.ts";
import { checkPlan } from "./plan_check.ts";
import { selectShard } from "./shards.ts";
import { readTimings } from "./timings.ts";
import type { RunIo, RunRequest } from "./run_request.ts";
import { freshSeed, type RepeatPlan } from "./repeat_order.ts";

/**
 * Everything a run needs before it claims its folder.
 *
 * @example
 * ```ts
 * const plan = await planRun(req, io);
 * if (plan === null) return EXIT_USAGE; // the reason is on stderr
 * plan.scenarios.length; // the selected scenarios, erase resolved
 * ```
 */
export interface RunPlan {
  req: RunRequest;
  eff: Effective;
  knobs: EnvKnobs;
  /** Selected, in declaration order, each with its erase resolved (flag › scenario › target). */
  scenarios: Scenario[];
  /** The one scenario file of the run (for the report header), or null when there are several. */
  sourceName: string | null;
  backend: Backend;
  /** `--repeat`/`--retries` (docs/cli.md#repeat-and-retries); null: each scenario once. */
  repeat: RepeatPlan | null;
}

/**
 * Resolves the config, the target, the knobs, the scenarios and the backend. Returns null after
 * printing why on `io.stderr` (a usage problem: exit 2).
 *
 * @example
 * ```ts
 * const plan = await planRun({ configPath: "bajutsu.config.yaml", scenarios: [], tags: [],
 *   exclude: [], runsDir: "runs", workers: 1 }, io);
 * ```
 */
export async function planRun(req: RunRequest, io: RunIo): Promise<RunPlan | null> {
  const eff = await effectiveTarget(req, io);
  if (eff === null) return null;
  try {
    const knobs = readEnvKnobs(io.env, (line) => io.stderr(`warning: ${line}`));
    const { scenarios, sourceName } = await prepareScenarios(req, eff, io);
    const backend = await backendFor(eff, {
      ...req,
      env: io.env,
      warn: (line) => io.stderr(`warning: ${line}`),
    });
    // Every scenario against the backend and the target, all at once, before any device work:
    // a refused scenario fails in the run's records without a lease; the others still run.
    const checked = checkPlan(scenarios, eff, backend);
    for (const w of checked.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
    if (checked.errors.length > 0) {
      for (const e of checked.errors) io.stderr(formatLoadError(e));
      io.stderr(
        `${checked.errors.length} problem(s) before the run: ${checked.refused} scenario(s) ` +
          `fail without running (docs/cli.md#preflight)`,
      );
    }
    return { req, eff, knobs, scenarios, sourceName, backend, repeat: repeatPlan(req) };
  } catch (err) {
    // A usage error may list load errors, one per line; each line is printed on its own.
    for (const line of (err instanceof Error ? err.message : String(err)).split("\n")) {
      io.stderr(line);
    }
    return null;
  }
}

/**
 * How the run repeats its scenarios. The CLI refuses `--repeat` with `--retries` and `--seed`
 * without `--repeat`; here the first given wins.
 */
function repeatPlan(req: RunRequest): RepeatPlan | null {
  if (req.repeat !== undefined) {
    return { mode: "repeat", count: req.repeat, seed: req.seed ?? freshSeed() };
  }
  if (req.retries !== undefined) return { mode: "retries", count: req.retries, seed: null };
  return null;
}

/** Platforms whose runs lease devices `--udid` can name. */
const DEVICE_PLATFORMS: readonly string[] = ["ios", "android"];

/** The config's target as the run sees it (with `--base-url` applied); null after printing why. */
async function effectiveTarget(req: RunRequest, io: RunIo): Promise<Effective | null> {
  const parsed = await loadConfig(req.configPath);
  for (const w of parsed.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
  if (!parsed.config) {
    for (const e of parsed.errors) io.stderr(formatLoadError(e));
    return null;
  }
  try {
    const names = Object.keys(parsed.config.targets ?? {});
    const target = req.target ?? (names.length === 1 ? names[0] : undefined);
    if (!target) {
      io.stderr(`--target is required (targets: ${names.join(", ") || "none"})`);
      return null;
    }
    let eff = resolveTarget(parsed.config, target);
    if (req.baseUrl) {
      if (eff.app.platform !== "web") {
        io.stderr(`--base-url applies to web targets; ${target} is ${eff.platform}`);
        return null;
      }
      eff = { ...eff, app: { ...eff.app, baseUrl: req.baseUrl } };
    }
    if (req.network !== undefined) eff = { ...eff, run: { ...eff.run, network: req.network } };
    if (req.udids && req.udids.length > 0 && !DEVICE_PLATFORMS.includes(eff.platform)) {
      io.stderr(`--udid applies to iOS and Android targets; ${target} is ${eff.platform}`);
      return null;
    }
    return eff;
  } catch (err) {
    io.stderr(err instanceof Error ? err.message : String(err));
    return null;
  }
}

/** Loads, selects and prepares the scenarios; a usage problem throws UsageError. */
async function prepareScenarios(
  req: RunRequest,
  eff: Effective,
  io: RunIo,
): Promise<{ scenarios: Scenario[]; sourceName: string | null }> {
  const paths = req.scenarios.length > 0
    ? req.scenarios
    : eff.dirs.scenarios
    ? [eff.dirs.scenarios]
    : [];
  if (paths.length === 0) {
    throw new UsageError(
      `no scenarios: pass --scenario or set targets.${eff.target}.scenarios in the config`,
    );
  }
  for (const p of paths) {
    try {
      await Deno.stat(p);
    } catch {
      throw new UsageError(`scenario path not found: ${p}`);
    }
  }
  const loaded = await loadScenarioPaths(paths, { configSetup: eff.setup });
  const errors: LoadError[] = [];
  const scenarios: Scenario[] = [];
  // Element by element, not push(...list): a spread of a long list overflows the call stack.
  for (const f of loaded.files) {
    for (const e of f.outcome.errors) errors.push(e);
    for (const w of f.outcome.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
    for (const s of f.outcome.scenarios) scenarios.push(s);
  }
  if (errors.length > 0) {
    for (const e of errors) io.stderr(formatLoadError(e));
    throw new UsageError(`${errors.length} scenario load error(s)`);
  }
  if (scenarios.length > MAX_SCENARIOS_PER_RUN) {
    throw new UsageError(
      `E_SIZE_LIMIT ${scenarios.length} scenarios loaded; a run takes at most ` +
        `${MAX_SCENARIOS_PER_RUN} (docs/input-limits.md): run the suite in parts`,
    );
  }
  if (scenarios.length === 0) throw new UsageError(`no scenarios found in ${paths.join(", ")}`);
  let selected = selectByTags(scenarios, req.tags, req.exclude);
  if (selected.length === 0) {
    throw new UsageError(
      `no scenario matches the tag selection (tag: ${req.tags.join(",") || "-"}, exclude: ${
        req.exclude.join(",") || "-"
      })`,
    );
  }
  if (req.shard) {
    const durations = req.timings ? await readTimings(req.timings) : undefined;
    selected = selectShard(selected, (s) => s.name, req.shard, durations);
  }
  // Erase resolves to a concrete bool before the pipeline: flag > scenario > target > off.
  for (const s of selected) {
    s.preconditions.erase = req.erase ?? s.preconditions.erase ?? eff.run.erase;
  }
  const files = [...new Set(loaded.files.map((f) => f.file))];
  return { scenarios: selected, sourceName: files.length === 1 ? files[0] : null };
}
