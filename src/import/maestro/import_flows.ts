/**
 * `bajutsu import maestro <paths…>`: find the flows, read them all (any unreadable input stops
 * the import before a file is written), translate each into a scenario file, check it loads,
 * write it, and print the report (docs/import-maestro.md).
 *
 * @module
 */
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from "node:path";
import type { LineOutput } from "../../text/printable.ts";
import { EXIT_FAIL, EXIT_OK, EXIT_USAGE } from "../../runner/exit_codes.ts";
import { formatLoadError, type LoadError } from "../../yaml/load_error.ts";
import { loadScenarioText } from "../../scenario/load.ts";
import { type FlowFile, type FlowRead, readFlowFile } from "./flow_file.ts";
import { formatFinding } from "./findings.ts";
import { translateFlow } from "./scenario.ts";
import { emitScenario } from "./emit.ts";
import { LOOKUP_TIMEOUT_S } from "./commands/timing.ts";

/** Options of the command. */
export interface ImportOptions {
  /** Where the scenario files go; default: next to each flow, as `<name>.bajutsu.yaml`. */
  out?: string;
  /** Overwrite scenario files that exist. */
  force?: boolean;
}

/** The suffix of a scenario written next to its flow (never read back as a flow). */
export const OUTPUT_SUFFIX = ".bajutsu.yaml";

/** Maestro's workspace config, not a flow. */
const WORKSPACE_CONFIGS: ReadonlySet<string> = new Set(["config.yaml", "config.yml"]);

interface Input {
  abs: string;
  out: string;
  flow: FlowFile;
}

/** Runs the import and returns the exit code (docs/import-maestro.md#exit-codes). */
export async function importMaestro(
  paths: string[],
  opts: ImportOptions,
  io: LineOutput,
  cwd: string,
): Promise<number> {
  const show = (p: string) => displayPath(p, cwd);
  const errors: LoadError[] = [];
  const found = await findFlows(paths, cwd, errors);
  const reads = new Map<string, FlowRead>();
  const read = (abs: string): FlowRead => {
    if (!reads.has(abs)) reads.set(abs, readFlowFile(abs));
    return reads.get(abs)!;
  };
  const inputs: Input[] = [];
  const outputs = new Map<string, string>();
  for (const { abs, root } of found) {
    const r = read(abs);
    if (!r.ok) {
      errors.push(...r.errors);
      continue;
    }
    const out = outputPath(abs, root, opts.out, cwd);
    const clash = outputs.get(out);
    if (clash) {
      errors.push(ioError(abs, `writes ${show(out)} as ${show(clash)} does`, "E_IO"));
      continue;
    }
    outputs.set(out, abs);
    inputs.push({ abs, out, flow: r.flow });
  }
  if (errors.length === 0 && !opts.force) {
    for (const { abs, out } of inputs) {
      if (await exists(out)) {
        errors.push(ioError(abs, `${show(out)} exists (pass --force to overwrite it)`, "E_IO"));
      }
    }
  }
  if (errors.length > 0) {
    for (const e of errors) io.stderr(formatLoadError({ ...e, file: show(e.file) }));
    return EXIT_USAGE;
  }
  let clean = 0;
  let secretsUsed = false;
  for (const { abs, out, flow } of inputs) {
    const scenario = translateFlow(flow, abs, { read, display: show });
    const text = emitScenario(scenario);
    const check = await loadScenarioText(text, out);
    for (const e of check.outcome.errors) io.stdout(formatLoadError({ ...e, file: show(e.file) }));
    await Deno.mkdir(dirname(out), { recursive: true });
    await Deno.writeTextFile(out, text);
    for (const f of scenario.findings) io.stdout(formatFinding(f));
    const left = scenario.findings.length;
    const ok = left === 0 && check.outcome.errors.length === 0;
    if (ok) clean++;
    secretsUsed ||= scenario.secrets.length > 0;
    io.stdout(
      `${show(abs)} -> ${show(out)}: ${ok ? "translated" : `${left} command(s) left as comments`}${
        scenario.secrets.length > 0
          ? `; reads ${scenario.secrets.join(", ")} from the environment`
          : ""
      }`,
    );
  }
  io.stdout(
    `imported ${inputs.length} flow(s): ${clean} translated, ${
      inputs.length - clean
    } with commands left as comments`,
  );
  io.stderr(
    `note: Maestro waits up to ${LOOKUP_TIMEOUT_S} s for each element; set the target's actionTimeout for the same (docs/import-maestro.md#waits)`,
  );
  if (secretsUsed) {
    io.stderr("note: list the names read from the environment under the config's secrets");
  }
  return clean === inputs.length ? EXIT_OK : EXIT_FAIL;
}

/** The flows named by `paths`: files as given, a folder's top-level *.yaml/*.yml (Maestro's own rule). */
async function findFlows(
  paths: string[],
  cwd: string,
  errors: LoadError[],
): Promise<{ abs: string; root: string | null }[]> {
  const out: { abs: string; root: string | null }[] = [];
  const seen = new Set<string>();
  const add = (abs: string, root: string | null) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    out.push({ abs, root });
  };
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(abs);
    } catch (err) {
      errors.push(
        ioError(
          abs,
          err instanceof Deno.errors.NotFound ? "file not found" : `cannot read: ${String(err)}`,
          "E_IO",
        ),
      );
      continue;
    }
    if (!info.isDirectory) {
      add(abs, null);
      continue;
    }
    const names: string[] = [];
    for await (const e of Deno.readDir(abs)) {
      if (!e.isFile || !/\.ya?ml$/.test(e.name)) continue;
      if (WORKSPACE_CONFIGS.has(e.name) || e.name.endsWith(OUTPUT_SUFFIX)) continue;
      names.push(e.name);
    }
    if (names.length === 0) {
      errors.push(
        ioError(abs, "no Maestro flows (*.yaml, *.yml) in this folder", "E_MAESTRO_FLOW"),
      );
    }
    for (const n of names.sort()) add(join(abs, n), abs);
  }
  return out;
}

/** `<out>/<name>.yaml`, or `<name>.bajutsu.yaml` next to the flow. */
function outputPath(
  abs: string,
  root: string | null,
  outDir: string | undefined,
  cwd: string,
): string {
  const stem = basename(abs, extname(abs));
  if (outDir === undefined) return join(dirname(abs), `${stem}${OUTPUT_SUFFIX}`);
  const rel = root === null ? `${stem}.yaml` : join(dirname(relative(root, abs)), `${stem}.yaml`);
  return resolve(cwd, outDir, rel);
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

function ioError(file: string, message: string, code: LoadError["code"]): LoadError {
  return { file, line: 1, col: 1, code, path: "", message };
}

/** `file` relative to `cwd` when it lies inside it, else unchanged. */
function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return file;
  return rel;
}
