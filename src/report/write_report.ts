/**
 * Writes a run's reports into its run dir (reporting.md §1): scenario.yaml, junit.xml, ctrf.json,
 * report.html, then manifest.json, each atomically (temp name + rename), then refreshes
 * `<runsDir>/index.html`. A run killed at any moment leaves either no manifest or a complete one,
 * and since the manifest goes last, a present manifest implies the other files are there too.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { ctrfText } from "./ctrf.ts";
import { DEFAULT_TREE_BUDGET, loadElementTrees } from "./embedded_trees.ts";
import {
  type IndexedRun,
  indexedRunsOf,
  renderRunsIndex,
  scanRuns,
  summarizeRun,
} from "./history.ts";
import { renderReport } from "./html/render.ts";
import { junitXml } from "./junit.ts";
import { buildManifest } from "./manifest.ts";
import type { Manifest } from "./manifest_types.ts";
import { manifestText } from "./manifest_text.ts";
import type { RunReportInput } from "./model.ts";

/** Options of {@link writeReport} and {@link writeDerivedReports}. */
export interface WriteReportOptions {
  /** Bytes of element trees embedded into report.html (0 disables); default 8 MiB. */
  treeBudget?: number;
  /**
   * Prefix of JUnit attachment paths; default the run dir as given plus `/`, so a CI job whose
   * workspace is the current directory resolves `runs/<id>/…` paths.
   */
  junitAttachmentPrefix?: string;
}

/** Where {@link writeReport} put things. */
export interface WrittenReport {
  manifestPath: string;
  /** `<runsDir>/index.html`, or null when refreshing it failed (the run's files are written). */
  indexPath: string | null;
  manifest: Manifest;
}

const FILE_MODE = 0o600;

/**
 * Writes every report file of a run and refreshes the runs index.
 *
 * @example
 * ```ts
 * const { manifestPath } = await writeReport("runs/20240501-101500", input);
 * ```
 */
export async function writeReport(
  runDir: string,
  input: RunReportInput,
  opts: WriteReportOptions = {},
): Promise<WrittenReport> {
  await Deno.mkdir(runDir, { recursive: true, mode: 0o700 });
  const manifest = buildManifest(input);
  if (input.scenarioYaml !== undefined) {
    await writeFileAtomic(join(runDir, "scenario.yaml"), input.scenarioYaml, FILE_MODE);
  }
  // Serialized once, shared by manifest.json and report.html's data blocks.
  const scenarioJson = manifest.scenarios.map((s) => JSON.stringify(s));
  await writeDerivedReports(runDir, manifest, input.scenarioYaml, opts, scenarioJson);
  const manifestPath = join(runDir, "manifest.json");
  await writeFileAtomic(manifestPath, manifestText(manifest, scenarioJson), FILE_MODE);
  const st = await Deno.stat(manifestPath);
  const fresh: IndexedRun = {
    ...summarizeRun(basename(runDir), manifest, true),
    stamp: `${st.mtime?.getTime() ?? 0}:${st.size}`,
  };
  const indexPath = await refreshRunsIndex(dirname(runDir), fresh);
  return { manifestPath, indexPath, manifest };
}

/** Writes junit.xml, ctrf.json and report.html for `manifest` (shared with re-rendering). */
export async function writeDerivedReports(
  runDir: string,
  manifest: Manifest,
  scenarioYaml: string | undefined,
  opts: WriteReportOptions = {},
  scenarioJson?: readonly string[],
): Promise<void> {
  const prefix = opts.junitAttachmentPrefix ?? `${runDir.replace(/\/+$/, "")}/`;
  await writeFileAtomic(
    join(runDir, "junit.xml"),
    junitXml(manifest, { attachmentPrefix: prefix }),
    FILE_MODE,
  );
  await writeFileAtomic(join(runDir, "ctrf.json"), ctrfText(manifest), FILE_MODE);
  const budget = opts.treeBudget ?? DEFAULT_TREE_BUDGET;
  const elementTrees = budget > 0 ? await loadElementTrees(runDir, manifest, budget) : {};
  await writeFileAtomic(
    join(runDir, "report.html"),
    renderReport(manifest, { elementTrees, scenarioYaml, scenarioJson }),
    FILE_MODE,
  );
}

/**
 * Rewrites `<runsDir>/index.html` from the current history, reusing the summaries the previous
 * index carried for unchanged manifests; `fresh` is the run just written (already summarized).
 * Best effort: the index is derived data, so a failure returns null instead of failing a run
 * whose reports are written.
 */
export async function refreshRunsIndex(
  runsDir: string,
  fresh?: IndexedRun,
): Promise<string | null> {
  const path = join(runsDir, "index.html");
  try {
    let known = new Map<string, IndexedRun>();
    try {
      known = indexedRunsOf(await Deno.readTextFile(path));
    } catch {
      // no previous index
    }
    if (fresh) known.set(fresh.id, fresh);
    await writeFileAtomic(path, renderRunsIndex(await scanRuns(runsDir, known)), FILE_MODE);
    return path;
  } catch {
    return null;
  }
}
