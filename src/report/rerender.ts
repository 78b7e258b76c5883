/**
 * `bajutsu report <dir>`: rewrites report.html, junit.xml and ctrf.json from a stored
 * manifest.json (+ scenario.yaml) without re-running or re-judging anything. Nothing is read
 * through a symlink that leads out of the run (docs/reports.md, "Integrity").
 *
 * @module
 */
import { dirname, join } from "node:path";
import { ManifestPathError, ManifestReadError } from "./errors.ts";
import { parseManifest } from "./load.ts";
import type { Manifest } from "./manifest_types.ts";
import { confine, realRunDir } from "./run_confinement.ts";
import { refreshRunsIndex, writeDerivedReports, type WriteReportOptions } from "./write_report.ts";

/**
 * Reads a run's manifest.json, refusing one that is a symlink out of the run.
 *
 * @throws {ManifestReadError} when it is missing or unreadable.
 * @throws {ManifestPathError} when it resolves outside `runDir`.
 *
 * @example
 * ```ts
 * const text = await readRunManifestText("runs/20240501-101500");
 * ```
 */
export async function readRunManifestText(runDir: string): Promise<string> {
  const path = join(runDir, "manifest.json");
  const root = await realRunDir(runDir);
  const where = root === null ? { kind: "missing" as const } : await confine(root, path);
  if (where.kind === "outside") {
    throw new ManifestPathError(
      `${path} leads outside the run (to ${where.real}); refusing to read it`,
      path,
      "manifest.json",
    );
  }
  try {
    return await Deno.readTextFile(where.kind === "inside" ? where.real : path);
  } catch (err) {
    throw new ManifestReadError(`${path}: cannot read (${(err as Error).message})`, path, {
      cause: err,
    });
  }
}

/**
 * Re-renders the derived reports of the run in `runDir` and refreshes the runs index.
 *
 * @throws {ManifestReadError} when manifest.json is missing or is not a manifest.
 * @throws {ManifestVersionError} when its schemaVersion is unknown.
 * @throws {ManifestPathError} when manifest.json is a symlink out of the run.
 * @throws {ReportWriteError} when a report file cannot be written.
 *
 * @example
 * ```ts
 * await rerenderReport("runs/20240501-101500"); // junit.xml, ctrf.json, report.html again
 * ```
 */
export async function rerenderReport(
  runDir: string,
  opts: WriteReportOptions = {},
): Promise<Manifest> {
  const manifest = await rerenderRun(runDir, opts);
  await refreshRunsIndex(dirname(runDir), undefined, {
    warn: opts.warn,
    writeFile: opts.writeFile,
  });
  return manifest;
}

/**
 * {@link rerenderReport} without the runs index: for a caller that re-renders many runs and
 * refreshes the index once.
 *
 * @throws the errors of {@link rerenderReport}.
 *
 * @example
 * ```ts
 * const manifest = await rerenderRun("runs/20240501-101500");
 * ```
 */
export async function rerenderRun(
  runDir: string,
  opts: WriteReportOptions = {},
): Promise<Manifest> {
  const path = join(runDir, "manifest.json");
  const manifest = parseManifest(await readRunManifestText(runDir), path);
  const scenarioYaml = await readScenarioYaml(runDir, opts.warn);
  await writeDerivedReports(runDir, manifest, scenarioYaml, opts);
  return manifest;
}

/** scenario.yaml when present inside the run (older and API-built runs have none). */
async function readScenarioYaml(
  runDir: string,
  warn?: (line: string) => void,
): Promise<string | undefined> {
  const path = join(runDir, "scenario.yaml");
  const root = await realRunDir(runDir);
  if (root === null) return undefined;
  const where = await confine(root, path);
  if (where.kind === "missing") return undefined;
  if (where.kind === "outside") {
    warn?.(`${path} leads outside the run (to ${where.real}); not embedded in report.html`);
    return undefined;
  }
  try {
    return await Deno.readTextFile(where.real);
  } catch {
    return undefined;
  }
}
