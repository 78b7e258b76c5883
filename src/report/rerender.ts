/**
 * `bajutsu report <dir>`: rewrites report.html, junit.xml and ctrf.json from a stored
 * manifest.json (+ scenario.yaml) without re-running or re-judging anything.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { ManifestReadError } from "./errors.ts";
import { parseManifest } from "./load.ts";
import type { Manifest } from "./manifest_types.ts";
import { refreshRunsIndex, writeDerivedReports, type WriteReportOptions } from "./write_report.ts";

/**
 * Re-renders the derived reports of the run in `runDir` and refreshes the runs index.
 *
 * @throws {ManifestReadError} when manifest.json is missing or is not a manifest.
 */
export async function rerenderReport(
  runDir: string,
  opts: WriteReportOptions = {},
): Promise<Manifest> {
  const path = join(runDir, "manifest.json");
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    throw new ManifestReadError(`${path}: cannot read (${(err as Error).message})`, path, {
      cause: err,
    });
  }
  const manifest = parseManifest(text, path);
  let scenarioYaml: string | undefined;
  try {
    scenarioYaml = await Deno.readTextFile(join(runDir, "scenario.yaml"));
  } catch {
    scenarioYaml = undefined; // older runs and API-built runs have none
  }
  await writeDerivedReports(runDir, manifest, scenarioYaml, opts);
  await refreshRunsIndex(dirname(runDir));
  return manifest;
}
