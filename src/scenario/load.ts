/**
 * The scenario load pipeline (docs/scenario-language.md#templating): parse → raw validation → per
 * scenario: setup prelude → component expansion → data rows → typed validation. Every problem of a
 * file comes back as a `LoadError`; nothing here throws for bad input.
 *
 * @module
 */
import { dirname, join, resolve, sep } from "node:path";
import type { LoadError } from "../yaml/load_error.ts";
import { firstTooDeep, type PNode, type SourcePos } from "../yaml/pnode.ts";
import type { Scenario } from "./types.ts";
import { type ParseResult, parseYaml } from "../yaml/parse.ts";
import { readSourceSync } from "../yaml/read_source.ts";
import { MAX_SCENARIOS_PER_FILE } from "./input_limits.ts";
import { MAX_NESTING_DEPTH } from "../yaml/limits.ts";
import {
  isComponentShape,
  type RawScenario,
  validateScenarioFile,
  validateScenarioNode,
} from "./validate/file.ts";
import { validateComponentNode } from "./validate/component.ts";
import type { TemplatingContext } from "./templating/context.ts";
import { prependSetup } from "./templating/setup.ts";
import { expandComponents } from "./templating/components.ts";
import { expandDataRows } from "./templating/data_rows.ts";

/** What loading one file produced. */
export interface LoadOutcome {
  /** The loaded scenarios (after templating); empty whenever `errors` is not. */
  scenarios: Scenario[];
  errors: LoadError[];
  /** Non-fatal findings (deprecated spellings, ignored fields); same shape as errors. */
  warnings: LoadError[];
}

/** Options shared by the load entry points. */
export interface LoadOptions {
  /** Suite root that component/data/setup references must stay inside. */
  rootDir?: string;
  /** The target config's `setup` prelude, used when a scenario has none of its own. */
  configSetup?: string;
}

/** One file of a `loadScenarioPaths` call. */
export interface LoadedFile {
  /** Absolute path. */
  file: string;
  /** Component files (`{params?, steps}`) are checked for shape and yield no scenarios. */
  kind: "scenario" | "component" | "config";
  outcome: LoadOutcome;
}

/**
 * Loads one scenario file. `rootDir` defaults to the file's own directory.
 *
 * @example
 * const { scenarios, errors } = await loadScenarioFile("scenarios/login.yaml");
 */
export async function loadScenarioFile(file: string, opts: LoadOptions = {}): Promise<LoadOutcome> {
  const abs = resolve(file);
  return await guarded(abs, async () => {
    const parsed = readAndParse(abs);
    return await loadParsed(abs, parsed, opts.rootDir ?? dirname(abs), opts.configSetup);
  });
}

/** What `loadScenarioPaths` found. */
export interface LoadedPaths {
  files: LoadedFile[];
  /** Folders given (absolute) that hold no `*.yaml` / `*.yml` file at all. */
  emptyFolders: string[];
}

/**
 * Loads scenario `text` as if it were the file `file` (component and data references resolve
 * from there; `rootDir` defaults to its directory). Component-shaped text is checked as a
 * component. Used to lint unsaved text.
 *
 * @example
 * const { errors } = await loadScenarioText("- name: x\n  steps: []\n", "scenarios/x.yaml");
 */
export async function loadScenarioText(
  text: string,
  file: string,
  opts: LoadOptions = {},
): Promise<LoadedFile> {
  const abs = resolve(file);
  let kind: LoadedFile["kind"] = "scenario";
  const outcome = await guarded(abs, async () => {
    const parsed = parseYaml(text, abs);
    if (parsed.errors.length === 0 && isComponentShape(parsed.node)) {
      kind = "component";
      const v = validateComponentNode(parsed.node!);
      return { scenarios: [], errors: tidy(v.errors, abs), warnings: tidy(v.warnings, abs) };
    }
    return await loadParsed(abs, parsed, opts.rootDir ?? dirname(abs), opts.configSetup);
  });
  return { file: abs, kind, outcome };
}

/**
 * Loads files and folders (every `*.yaml`/`*.yml` below a folder, recursively, sorted). A
 * folder is the suite root of the files under it; a file's root is its directory (unless
 * `rootDir` is given). Component-shaped files are validated as components. A missing path
 * yields one `E_IO` error, a symlink in a folder that leads out of it one `E_REF_OUTSIDE_ROOT`
 * error (it is not read). Each file appears once, in argument order.
 */
export async function loadScenarioPaths(
  paths: string[],
  opts: LoadOptions = {},
): Promise<LoadedPaths> {
  const files: LoadedFile[] = [];
  const emptyFolders: string[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    const abs = resolve(p);
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(abs);
    } catch (err) {
      const message = err instanceof Deno.errors.NotFound
        ? "file not found"
        : `cannot read: ${err instanceof Error ? err.message : String(err)}`;
      files.push({ file: abs, kind: "scenario", outcome: failed(ioError(abs, message)) });
      continue;
    }
    let list: FolderEntry[];
    try {
      list = info.isDirectory ? await yamlFilesUnder(abs) : [{ file: abs, outside: false }];
    } catch (err) {
      const message = `cannot list folder: ${err instanceof Error ? err.message : String(err)}`;
      files.push({ file: abs, kind: "scenario", outcome: failed(ioError(abs, message)) });
      continue;
    }
    if (list.length === 0) emptyFolders.push(abs);
    const rootDir = opts.rootDir ?? (info.isDirectory ? abs : dirname(abs));
    for (const { file, outside } of list) {
      if (seen.has(file)) continue;
      seen.add(file);
      if (outside) {
        const message = "a symlink to a file outside the folder; not followed";
        const error: LoadError = { ...ioError(file, message), code: "E_REF_OUTSIDE_ROOT" };
        files.push({ file, kind: "scenario", outcome: failed(error) });
        continue;
      }
      // A folder lists only regular files; a path given directly was just stat-ed.
      const knownRegular = info.isDirectory || info.isFile;
      files.push(await loadOne(file, rootDir, opts.configSetup, info.isDirectory, knownRegular));
    }
  }
  return { files, emptyFolders };
}

async function loadOne(
  file: string,
  rootDir: string,
  configSetup: string | undefined,
  fromFolder: boolean,
  knownRegular: boolean,
): Promise<LoadedFile> {
  let kind: LoadedFile["kind"] = "scenario";
  const outcome = await guarded(file, async () => {
    const parsed = readAndParse(file, knownRegular);
    // Suites often keep their bajutsu.config.yaml beside the scenarios: a folder walk skips it.
    if (fromFolder && parsed.errors.length === 0 && isConfigShape(parsed.node)) {
      kind = "config";
      return { scenarios: [], errors: [], warnings: [] };
    }
    if (parsed.errors.length === 0 && isComponentShape(parsed.node)) {
      kind = "component";
      const v = validateComponentNode(parsed.node!);
      return { scenarios: [], errors: tidy(v.errors, file), warnings: tidy(v.warnings, file) };
    }
    return await loadParsed(file, parsed, rootDir, configSetup);
  });
  return { file, kind, outcome };
}

/** A config file: a top-level mapping with `targets` or `defaults` and no `scenarios`. */
function isConfigShape(node: PNode | null): boolean {
  if (!node || node.kind !== "map") return false;
  const keys = new Set(node.entries.map((e) => e.key));
  return !keys.has("scenarios") && (keys.has("targets") || keys.has("defaults"));
}

/**
 * Reads and parses one file. A synchronous read: scenario files are small, and for a suite of
 * thousands of files the per-read async hop costs more than the read itself.
 */
function readAndParse(file: string, knownRegular = false): ParseResult {
  const source = readSourceSync(file, knownRegular);
  if (!source.ok) return { node: null, errors: [source.error] };
  return parseYaml(source.text, file);
}

/** The pipeline after parsing. */
async function loadParsed(
  file: string,
  parsed: ParseResult,
  rootDir: string,
  configSetup: string | undefined,
): Promise<LoadOutcome> {
  if (parsed.errors.length > 0) return failed(...parsed.errors);
  const raw = validateScenarioFile(parsed.node, file);
  if (raw.errors.length > 0) {
    return { scenarios: [], errors: tidy(raw.errors, file), warnings: tidy(raw.warnings, file) };
  }
  const scenarios: Scenario[] = [];
  const errors: LoadError[] = [];
  const warnings = raw.warnings;
  for (const entry of raw.scenarios) {
    if (!entry.needsSecondPass && !configSetup && entry.scenario) {
      scenarios.push(entry.scenario);
      continue;
    }
    const ctx: TemplatingContext = { rootDir, topFile: file, scenarioPath: entry.path };
    const nodes = await expand(entry, ctx, configSetup, errors);
    // Data rows multiply scenarios: the file's total is bounded like its written list.
    if (scenarios.length + nodes.length > MAX_SCENARIOS_PER_FILE) {
      const at = dataKeyPos(entry.node) ?? entry.node.pos;
      errors.push({
        file: at.file,
        line: at.line,
        col: at.col,
        code: "E_SIZE_LIMIT",
        path: entry.path,
        message: `the file expands to more than ${MAX_SCENARIOS_PER_FILE} scenarios ` +
          "(the limit, docs/input-limits.md)",
      });
      break;
    }
    for (const node of nodes) {
      const typed = validateScenarioNode(node, entry.path);
      appendAll(errors, typed.errors);
      appendAll(warnings, typed.warnings);
      if (typed.scenario) scenarios.push(typed.scenario);
    }
  }
  return {
    scenarios: errors.length > 0 ? [] : scenarios,
    errors: tidy(errors, file),
    warnings: tidy(warnings, file),
  };
}

/** Setup prelude, components, data rows for one scenario; [] when a stage failed. */
async function expand(
  entry: RawScenario,
  ctx: TemplatingContext,
  configSetup: string | undefined,
  errors: LoadError[],
): Promise<PNode[]> {
  let node = entry.node;
  const withSetup = entry.hasSetup || configSetup !== undefined;
  if (withSetup) {
    const r = await prependSetup(node, ctx, configSetup);
    if (r.errors.length > 0) return fail(errors, r.errors);
    node = r.node;
  }
  if (entry.usesComponents || withSetup) {
    const r = await expandComponents(node, ctx);
    if (r.errors.length > 0) return fail(errors, r.errors);
    node = r.node;
    // Each file is within the depth limit; components spliced into components can add up.
    const deep = firstTooDeep(node, MAX_NESTING_DEPTH);
    if (deep) {
      const message = `with its components spliced in, the scenario nests deeper than ` +
        `${MAX_NESTING_DEPTH} levels (the limit, docs/input-limits.md)`;
      const { file, line, col } = deep.pos;
      return fail(errors, [{ file, line, col, code: "E_DEPTH_LIMIT", path: entry.path, message }]);
    }
  }
  if (!entry.hasData) return [node];
  const r = await expandDataRows(node, ctx);
  if (r.errors.length > 0) return fail(errors, r.errors);
  return r.nodes;
}

function fail(into: LoadError[], errors: LoadError[]): PNode[] {
  appendAll(into, errors);
  return [];
}

/** `into.push(...items)` without spreading: a long list would overflow the call stack. */
function appendAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** Where a scenario mapping writes `data` or `dataFile`. */
function dataKeyPos(node: PNode): SourcePos | undefined {
  if (node.kind !== "map") return undefined;
  return node.entries.find((e) => e.key === "data" || e.key === "dataFile")?.keyPos;
}

/** Runs a load step, turning any unexpected exception into one `E_INTERNAL` error. */
async function guarded(file: string, f: () => Promise<LoadOutcome>): Promise<LoadOutcome> {
  try {
    return await f();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return failed({
      file,
      line: 1,
      col: 1,
      code: "E_INTERNAL",
      path: "",
      message: `internal loader error: ${why}`,
    });
  }
}

function failed(...errors: LoadError[]): LoadOutcome {
  return { scenarios: [], errors, warnings: [] };
}

function ioError(file: string, message: string): LoadError {
  return { file, line: 1, col: 1, code: "E_IO", path: "", message };
}

/**
 * Drops repeats (data rows re-validate the same nodes) and orders by position: the loaded file
 * first, then other files (components, preludes) in first-seen order.
 */
function tidy(list: LoadError[], file: string): LoadError[] {
  if (list.length < 2) return list;
  const seen = new Set<string>();
  const unique = list.filter((e) => {
    const k = `${e.file}\0${e.line}\0${e.col}\0${e.code}\0${e.path}\0${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const fileOrder = new Map<string, number>([[file, 0]]);
  for (const e of unique) if (!fileOrder.has(e.file)) fileOrder.set(e.file, fileOrder.size);
  return unique.sort((a, b) =>
    fileOrder.get(a.file)! - fileOrder.get(b.file)! || a.line - b.line || a.col - b.col
  );
}

/** A file found in a folder; `outside`: a symlink whose target lies outside the folder. */
interface FolderEntry {
  file: string;
  outside: boolean;
}

/**
 * Every `*.yaml` / `*.yml` below `dir`, recursively, sorted by path. Symlinked files are
 * followed while they stay inside `dir` (one leading out is listed as `outside`, so it is
 * reported, never read); symlinked folders are not followed (they could loop). Anything but a
 * regular file (a FIFO would block the read) is left out.
 */
async function yamlFilesUnder(dir: string): Promise<FolderEntry[]> {
  const out: FolderEntry[] = [];
  const root = await Deno.realPath(dir);
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = join(d, e.name);
      if (e.isDirectory) await walk(p);
      else if (!/\.ya?ml$/i.test(e.name)) continue;
      else if (e.isFile) out.push({ file: p, outside: false });
      else if (e.isSymlink) {
        const target = await symlinkedFile(p);
        if (target !== null) out.push({ file: p, outside: !isInside(target, root) });
      }
    }
  };
  await walk(dir);
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The real path of the regular file a symlink leads to; null when it leads to anything else. */
async function symlinkedFile(path: string): Promise<string | null> {
  try {
    return (await Deno.stat(path)).isFile ? await Deno.realPath(path) : null;
  } catch {
    return null;
  }
}

function isInside(path: string, dir: string): boolean {
  return path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}
