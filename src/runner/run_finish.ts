/**
 * Finishing a run: the evidence warning, the scenario videos that landed at teardown, the
 * reports (written from records made portable and redacted), the GitHub annotations, the
 * verdict line and the exit code. Reached by every run that dispatched, also a failed, crashed
 * or cancelled one.
 *
 * @module
 */
import { relative } from "node:path";
import type { ScenarioRecord } from "../report/model.ts";
import { ReportWriteError } from "../report/errors.ts";
import type { Scenario } from "../scenario/types.ts";
import { EXIT_FAIL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "./exit_codes.ts";
import { annotationFor } from "./github_annotations.ts";
import { budgetFailure, latencyBudgetOf } from "./latency_budget.ts";
import { portableRecord } from "./report_records.ts";
import { attemptSid, scenarioSid } from "./sid.ts";
import { flakinessLines } from "./flakiness_lines.ts";
import type { RunPlan } from "./run_plan.ts";
import type { StartedRun } from "./run_start.ts";

/**
 * What dispatch produced: a record per scenario (per engine on a matrix run), and the exit code
 * a device error forces (null when the verdict decides).
 *
 * @example
 * ```ts
 * const dispatched: Dispatched = { records, exitOverride: null };
 * ```
 */
export interface Dispatched {
  records: ScenarioRecord[];
  exitOverride: number | null;
}

/**
 * Writes the reports and prints the verdict; returns the exit code (0 pass, 1 fail, 2 when the
 * reports could not be written or a device failed, 130 after Ctrl-C).
 *
 * @example
 * ```ts
 * return await finishRun(plan, run, { records, exitOverride: null });
 * ```
 */
export async function finishRun(
  plan: RunPlan,
  run: StartedRun,
  dispatched: Dispatched,
  reportWriter: Promise<ReportWriter> = loadReportWriter(),
): Promise<number> {
  const { io, signals, evidenceFailures } = run;
  const evidenceWarning = evidenceFailures.summary();
  if (evidenceWarning !== null) io.stderr(`warning: ${evidenceWarning}`);
  const records = await withScenarioVideos(dispatched.records, run.runDir, plan.backend.actuator);
  const scenarioOf = scenariosBySid(plan.scenarios);
  const paths = { cwd: io.cwd, written: (a: { name: string }) => !evidenceFailures.failed(a.name) };
  // Each record names the target it ran on: a merged report shows it per scenario.
  const reportRecords = records.map((r) =>
    run.redactForReport(scenarioOf(r))({ ...portableRecord(r, paths), target: plan.eff.target })
  );
  let manifestPath: string;
  let budgetBreach: string | null = null;
  let flakiness: string[] = [];
  try {
    const { writeReport, buildProvenance } = await reportWriter;
    let manifest;
    ({ manifestPath, manifest } = await writeReport(run.runDir, {
      runId: run.runId,
      results: reportRecords,
      sourceName: plan.sourceName ? relative(io.cwd, plan.sourceName) : null,
      provenance: buildProvenance({
        scenarioYaml: run.yamlText,
        gitRevision: run.provenance.gitRevision || null,
      }),
      scenarioYaml: run.redactor.redactText(run.yamlText),
      ...latencyBudgetOf(plan.eff),
      ...(plan.repeat ? { repeats: plan.repeat } : {}),
    }, { warn: (line) => io.stderr(`warning: ${line}`), writeFile: run.writeReportFile }));
    budgetBreach = budgetFailure(manifest);
    if (manifest.flakiness) flakiness = flakinessLines(manifest.flakiness);
  } catch (err) {
    await signals?.dispose();
    if (!(err instanceof ReportWriteError)) throw err;
    // No result line: without its reports on disk the run has no verdict to point at.
    io.stderr(`${err.code} ${err.message}`);
    return EXIT_USAGE;
  }
  await signals?.dispose();
  if (io.env("GITHUB_ACTIONS") === "true") {
    for (const rec of reportRecords) {
      const line = annotationFor(rec.result, rec.file);
      if (line) io.stdout(line);
    }
  }
  // Each repeated scenario's verdict; any but stable-pass failed an attempt, so the run fails.
  for (const line of flakiness) io.stdout(line);
  // A breached latency budget fails the verdict like a failed scenario (exit 1).
  if (budgetBreach !== null) io.stderr(budgetBreach);
  const ok = records.every((r) => r.result.ok) && !run.cancel.cancelled && budgetBreach === null;
  const shown = relative(io.cwd, manifestPath) || manifestPath;
  io.stdout(`${ok ? "PASS" : "FAIL"}  ${shown.startsWith("..") ? manifestPath : shown}`);
  // An interrupted run exits as shells expect of Ctrl-C, also after a device error.
  if (signals?.signal() === "SIGINT") return EXIT_INTERRUPTED;
  if (dispatched.exitOverride !== null) return dispatched.exitOverride;
  return ok ? EXIT_OK : EXIT_FAIL;
}

/** The report writer and what it needs, loaded on demand (no run needs them before its end). */
export interface ReportWriter {
  writeReport: typeof import("../report/write_report.ts").writeReport;
  buildProvenance: typeof import("../report/provenance.ts").buildProvenance;
}

/**
 * Loads the report writer. Started when dispatch starts, it is evaluated while the run waits on
 * its devices, so neither the start nor the end of the run pays for it.
 *
 * @example
 * ```ts
 * const writer = loadReportWriter();
 * return await finishRun(plan, run, await dispatch(plan, run), writer);
 * ```
 */
export async function loadReportWriter(): Promise<ReportWriter> {
  const [{ writeReport }, { buildProvenance }] = await Promise.all([
    import("../report/write_report.ts"),
    import("../report/provenance.ts"),
  ]);
  return { writeReport, buildProvenance };
}

/**
 * The scenario each record ran (a record's sid names its scenario, on every engine; an attempt's
 * sid names its scenario and attempt).
 */
function scenariosBySid(scenarios: Scenario[]): (r: ScenarioRecord) => Scenario {
  // One map per attempt number met, built on first use.
  const byAttempt = new Map<number | undefined, Map<string, Scenario>>();
  return (r) => {
    let bySid = byAttempt.get(r.repetition);
    if (!bySid) {
      const k = r.repetition;
      bySid = new Map(
        scenarios.map((
          s,
          i,
        ) => [k === undefined ? scenarioSid(i, s.name) : attemptSid(i, s.name, k), s]),
      );
      byAttempt.set(k, bySid);
    }
    return bySid.get(r.sid)!;
  };
}

/** A whole-session recording lands at teardown; list it where it exists. */
async function withScenarioVideos(
  records: ScenarioRecord[],
  runDir: string,
  provider: string,
): Promise<ScenarioRecord[]> {
  const out: ScenarioRecord[] = [];
  for (const r of records) {
    const name = `${r.sid}/scenario.mp4`;
    const path = `${r.engine ? `${runDir}/${r.engine}` : runDir}/${name}`;
    let recorded = false;
    try {
      if ((await Deno.stat(path)).isFile) {
        await Deno.chmod(path, 0o600);
        recorded = true;
      }
    } catch { /* not recorded */ }
    out.push(
      recorded ? { ...r, artifacts: [...r.artifacts, { name, kind: "video", provider }] } : r,
    );
  }
  return out;
}
