/**
 * Writes a run's reports into its run dir (docs/reports.md#the-run-folder), each atomically (temp
 * name + rename): manifest.json first, then scenario.yaml, junit.xml, ctrf.json and report.html,
 * then the runs history page. The manifest is the source of truth, so nothing may claim a result it
 * does not back: when manifest.json cannot be written no other report is, and a junit.xml or
 * ctrf.json on disk always has its manifest beside it. A later failure leaves a manifest the rest
 * can be re-rendered from (`bajutsu report <dir>`). See docs/reports.md ("Integrity").
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { ctrfText } from "./ctrf.ts";
import { DEFAULT_TREE_BUDGET, loadElementTrees } from "./embedded_trees.ts";
import { ReportWriteError } from "./errors.ts";
import { type IndexedRun, summarizeRun } from "./history.ts";
import { renderReport } from "./html/render.ts";
import { junitXml } from "./junit.ts";
import { buildManifest } from "./manifest.ts";
import type { Manifest } from "./manifest_types.ts";
import { manifestText } from "./manifest_text.ts";
import type { RunReportInput } from "./model.ts";
import { type FileWriter, refreshRunsIndex } from "./runs_index.ts";
import { loadStepTraffic } from "./step_traffic.ts";

export { type FileWriter, refreshRunsIndex } from "./runs_index.ts";

/**
 * Options of {@link writeReport} and {@link writeDerivedReports}.
 *
 * @example
 * ```ts
 * await writeReport(runDir, input, { treeBudget: 0, warn: console.warn } satisfies WriteReportOptions);
 * ```
 */
export interface WriteReportOptions {
  /** Bytes of element trees embedded into report.html (0 disables); default 8 MiB. */
  treeBudget?: number;
  /**
   * Prefix of JUnit attachment paths; default the run dir as given plus `/`, so a CI job whose
   * workspace is the current directory resolves `runs/<id>/…` paths.
   */
  junitAttachmentPrefix?: string;
  /** Receives one line per thing left out (a symlink out of the run, a displaced index). */
  warn?: (line: string) => void;
  /** Writes one report file; default an atomic write. Tests inject a failing disk here. */
  writeFile?: FileWriter;
}

/**
 * Where {@link writeReport} put things.
 *
 * @example
 * ```ts
 * const { manifestPath, indexPath }: WrittenReport = await writeReport(runDir, input);
 * ```
 */
export interface WrittenReport {
  manifestPath: string;
  /** The runs history page, or null when it was not written (the run's files are written). */
  indexPath: string | null;
  manifest: Manifest;
}

const FILE_MODE = 0o600;

const reasonOf = (err: unknown) => err instanceof Error ? err.message : String(err);

/**
 * Writes every report file of a run and refreshes the runs index.
 *
 * @throws {ReportWriteError} when a report file cannot be written; `manifestWritten` is false
 *   when manifest.json itself failed, in which case no other report file was written.
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
  const write = opts.writeFile ?? writeFileAtomic;
  const manifest = buildManifest(input);
  // Serialized once, shared by manifest.json and report.html's data blocks.
  const scenarioJson = manifest.scenarios.map((s) => JSON.stringify(s));
  const manifestPath = join(runDir, "manifest.json");
  try {
    await Deno.mkdir(runDir, { recursive: true, mode: 0o700 });
    await write(manifestPath, manifestText(manifest, scenarioJson), FILE_MODE);
  } catch (err) {
    throw new ReportWriteError(
      `cannot write ${manifestPath} (${reasonOf(err)}); no report was written`,
      manifestPath,
      false,
      { cause: err },
    );
  }
  if (input.scenarioYaml !== undefined) {
    await writeDerived(runDir, "scenario.yaml", input.scenarioYaml, write);
  }
  await writeDerivedReports(runDir, manifest, input.scenarioYaml, opts, scenarioJson);
  const indexPath = await refreshRunsIndex(dirname(runDir), await freshEntry(runDir, manifest), {
    warn: opts.warn,
    writeFile: opts.writeFile,
  });
  return { manifestPath, indexPath, manifest };
}

/** The history entry of the run just written; undefined when its manifest cannot be stat'ed. */
async function freshEntry(runDir: string, manifest: Manifest): Promise<IndexedRun | undefined> {
  try {
    const st = await Deno.stat(join(runDir, "manifest.json"));
    return {
      ...summarizeRun(basename(runDir), manifest, true),
      stamp: `${st.mtime?.getTime() ?? 0}:${st.size}`,
    };
  } catch {
    return undefined; // the index re-reads it
  }
}

/** Writes one file the manifest already backs; a failure says how to get it back. */
async function writeDerived(
  runDir: string,
  name: string,
  text: string,
  write: FileWriter,
): Promise<void> {
  const path = join(runDir, name);
  try {
    await write(path, text, FILE_MODE);
  } catch (err) {
    throw new ReportWriteError(
      `cannot write ${path} (${reasonOf(err)}); manifest.json is written: ` +
        `re-render with \`bajutsu report ${runDir}\``,
      path,
      true,
      { cause: err },
    );
  }
}

/**
 * Writes junit.xml, ctrf.json and report.html for `manifest` (shared with re-rendering and
 * merging; the manifest is on disk already).
 *
 * @throws {ReportWriteError} naming the first file that could not be written.
 *
 * @example
 * ```ts
 * await writeDerivedReports("runs/x", parseManifest(text), undefined); // junit, ctrf, html
 * ```
 */
export async function writeDerivedReports(
  runDir: string,
  manifest: Manifest,
  scenarioYaml: string | undefined,
  opts: WriteReportOptions = {},
  scenarioJson?: readonly string[],
): Promise<void> {
  const write = opts.writeFile ?? writeFileAtomic;
  const prefix = opts.junitAttachmentPrefix ?? `${runDir.replace(/\/+$/, "")}/`;
  await writeDerived(runDir, "junit.xml", junitXml(manifest, { attachmentPrefix: prefix }), write);
  await writeDerived(runDir, "ctrf.json", ctrfText(manifest), write);
  const budget = opts.treeBudget ?? DEFAULT_TREE_BUDGET;
  const elementTrees = budget > 0
    ? await loadElementTrees(runDir, manifest, budget, opts.warn)
    : {};
  const traffic = await loadStepTraffic(runDir, manifest.scenarios);
  const html = renderReport(manifest, { elementTrees, scenarioYaml, scenarioJson, traffic });
  await writeDerived(runDir, "report.html", html, write);
}
