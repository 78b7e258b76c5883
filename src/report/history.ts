/**
 * Run history (docs/reports.md#the-runs-history-page): there is no index file of record; a listing
 * scans `runs/<id>/manifest.json`, skipping unreadable ones. `renderRunsIndex` turns a listing into
 * the static runs history page (`runs/index.html`; where it goes: runs_index.ts), which also
 * carries the summaries it was drawn from so the next refresh only parses manifests that changed.
 *
 * @module
 */
import { join } from "node:path";
import { escapeHtml, jsonForScript } from "./html/escape.ts";
import { REPORT_CSS } from "./html/style.ts";
import { parseManifest } from "./load.ts";
import type { Manifest } from "./manifest_types.ts";
import { runFolderNames } from "./run_id.ts";
import { RUNS_INDEX_MARKER } from "./runs_index_marker.ts";
import { isFile } from "../fs/probe.ts";
import { historyFlips, scenarioOutcomes } from "./history_flips.ts";

/**
 * One run in the history.
 *
 * @example
 * ```ts
 * const s: RunSummary = {
 *   id: "20240501-101500",
 *   ok: false,
 *   report: true,
 *   scenarios: ["log in", "checkout"],
 *   passed: 1,
 *   total: 2,
 *   outcomes: { "log in": true, "checkout": false },
 * };
 * ```
 */
export interface RunSummary {
  /** The run dir's name. */
  id: string;
  ok: boolean;
  /** Whether report.html exists. */
  report: boolean;
  /** Scenario names, in manifest order (engine-major on a matrix run). */
  scenarios: string[];
  passed: number;
  total: number;
  /** Each scenario's outcome (every attempt passed), for the flip rate across runs. */
  outcomes: Record<string, boolean>;
}

/**
 * The summary of one manifest (pure).
 *
 * @example
 * ```ts
 * summarizeRun("20240501-101500", manifest, true).passed; // scenarios that passed
 * ```
 */
export function summarizeRun(id: string, manifest: Manifest, hasReport: boolean): RunSummary {
  const passed = manifest.scenarios.filter((s) => s.ok).length;
  return {
    id,
    ok: manifest.ok,
    report: hasReport,
    scenarios: manifest.scenarios.map((s) => s.scenario),
    passed,
    total: manifest.scenarios.length,
    outcomes: scenarioOutcomes(manifest),
  };
}

/**
 * A summary plus the stamp (mtime:size) of the manifest it was read from.
 *
 * @example
 * ```ts
 * const run: IndexedRun = { ...summarizeRun(id, manifest, true), stamp: "1714558500000:20480" };
 * ```
 */
export interface IndexedRun extends RunSummary {
  stamp: string;
}

/**
 * Every run under `runsDir` with a readable manifest, newest first. Hidden entries (`.trash`,
 * temp files) and runs whose manifest is missing or corrupt are skipped; a missing `runsDir`
 * is an empty history.
 *
 * @example
 * ```ts
 * (await listRuns("runs")).map((r) => r.id); // newest first
 * ```
 */
export async function listRuns(runsDir: string): Promise<RunSummary[]> {
  return (await scanRuns(runsDir)).map(({ stamp: _, ...summary }) => summary);
}

/**
 * Like {@link listRuns}, reusing `known` summaries whose manifest stamp is unchanged, so a
 * refresh parses only new or rewritten manifests (a long history of big runs stays cheap).
 *
 * @example
 * ```ts
 * const runs = await scanRuns("runs", indexedRunsOf(previousIndexHtml));
 * ```
 */
export async function scanRuns(
  runsDir: string,
  known: ReadonlyMap<string, IndexedRun> = new Map(),
): Promise<IndexedRun[]> {
  const ids = await runFolderNames(runsDir);
  const runs: IndexedRun[] = [];
  for (const id of ids) {
    const dir = join(runsDir, id);
    const path = join(dir, "manifest.json");
    let stamp: string;
    try {
      const st = await Deno.stat(path);
      stamp = `${st.mtime?.getTime() ?? 0}:${st.size}`;
    } catch {
      continue; // a run still in progress or killed: no manifest yet
    }
    const hasReport = await isFile(join(dir, "report.html"));
    const cached = known.get(id);
    if (cached && cached.stamp === stamp) {
      runs.push({ ...cached, report: hasReport });
      continue;
    }
    try {
      const manifest = parseManifest(await Deno.readTextFile(path));
      runs.push({ ...summarizeRun(id, manifest, hasReport), stamp });
    } catch {
      continue; // corrupt or hand-edited: not part of the history
    }
  }
  return runs;
}

/**
 * The summaries a previous `runs/index.html` carried (its `#bj-runs` block), by id; empty when
 * the page is missing, foreign or damaged.
 *
 * @example
 * ```ts
 * indexedRunsOf(await Deno.readTextFile("runs/index.html")).get("20240501-101500")?.passed;
 * ```
 */
export function indexedRunsOf(indexHtml: string): Map<string, IndexedRun> {
  const m = /<script type="application\/json" id="bj-runs">(.*?)<\/script>/s.exec(indexHtml);
  const out = new Map<string, IndexedRun>();
  if (!m) return out;
  try {
    const list: unknown = JSON.parse(m[1]);
    if (!Array.isArray(list)) return out;
    for (const r of list) {
      if (
        r && typeof r.id === "string" && typeof r.stamp === "string" && typeof r.ok === "boolean" &&
        Array.isArray(r.scenarios) && typeof r.passed === "number" &&
        typeof r.total === "number" && r.outcomes !== null && typeof r.outcomes === "object"
      ) out.set(r.id, r as IndexedRun);
    }
  } catch {
    // damaged: everything is re-read
  }
  return out;
}

/**
 * Each scenario's flip rate across the runs (given newest first), when there are two runs or more.
 */
function flipsTable(runs: readonly RunSummary[]): string {
  if (runs.length < 2) return "";
  const rows = historyFlips([...runs].reverse().map((r) => r.outcomes)).map((f) =>
    `<tr><td>${escapeHtml(f.scenario)}</td><td>${f.flipRate.toFixed(2)}</td>` +
    `<td>${f.flips}</td><td>${f.passes}/${f.runs}</td></tr>`
  );
  return '<h2 id="flip-rates">Flip rate across runs</h2><table class="flips"><thead><tr>' +
    "<th>scenario</th><th>flip rate</th><th>flips</th><th>passed runs</th></tr></thead>" +
    `<tbody>${rows.join("")}</tbody></table>`;
}

/**
 * The `runs/index.html` page: one row per run with its verdict and a link to its report, then
 * each scenario's flip rate across the runs (docs/reports.md#flip-rate-across-runs).
 *
 * @example
 * ```ts
 * renderRunsIndex(await listRuns("runs")); // "<!doctype html>…"
 * ```
 */
export function renderRunsIndex(runs: readonly (RunSummary | IndexedRun)[]): string {
  const rows = runs.map((r) => {
    const dir = encodeURIComponent(r.id);
    const target = r.report ? `${dir}/report.html` : `${dir}/manifest.json`;
    const names = r.scenarios.slice(0, 5).join(", ") + (r.scenarios.length > 5 ? ", …" : "");
    return `<tr><td><a href="${escapeHtml(target)}">${escapeHtml(r.id)}</a></td>` +
      `<td><span class="pill ${r.ok ? "ok" : "fail"}">${r.ok ? "PASS" : "FAIL"}</span></td>` +
      `<td>${r.passed}/${r.total}</td><td>${escapeHtml(names)}</td></tr>`;
  });
  const body = runs.length
    ? `<table><thead><tr><th>run</th><th>verdict</th><th>passed</th><th>scenarios</th></tr>` +
      `</thead><tbody>${rows.join("")}</tbody></table>`
    : '<p class="muted">no runs yet</p>';
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    // Lets the next refresh replace this page, and only this page (runs_index.ts).
    RUNS_INDEX_MARKER,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    "<title>Bajutsu runs</title>",
    `<style>${REPORT_CSS}</style>`,
    "</head><body>",
    `<header><h1>Bajutsu runs</h1><div class="chips"><span class="chip">${runs.length} run${
      runs.length === 1 ? "" : "s"
    }</span>` +
    `<span class="chip fail">${runs.filter((r) => !r.ok).length} failed</span></div></header>`,
    `<main>${body}${flipsTable(runs)}</main>`,
    // Summaries with their manifest stamps: the next refresh re-reads only changed runs.
    `<script type="application/json" id="bj-runs">${jsonForScript(runs)}</script>`,
    "</body></html>",
    "",
  ].join("\n");
}
