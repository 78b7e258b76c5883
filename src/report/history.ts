/**
 * Run history (reporting.md §7): there is no index file of record; a listing scans
 * `runs/<id>/manifest.json`, skipping unreadable ones. `renderRunsIndex` turns a listing into the
 * static `runs/index.html` page.
 *
 * @module
 */
import { join } from "node:path";
import { escapeHtml } from "./html/escape.ts";
import { REPORT_CSS } from "./html/style.ts";
import { parseManifest } from "./load.ts";
import type { Manifest } from "./manifest_types.ts";
import { compareRunIdsNewestFirst } from "./run_id.ts";

/** One run in the history. */
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
}

/** The summary of one manifest (pure). */
export function summarizeRun(id: string, manifest: Manifest, hasReport: boolean): RunSummary {
  const passed = manifest.scenarios.filter((s) => s.ok).length;
  return {
    id,
    ok: manifest.ok,
    report: hasReport,
    scenarios: manifest.scenarios.map((s) => s.scenario),
    passed,
    total: manifest.scenarios.length,
  };
}

/**
 * Every run under `runsDir` with a readable manifest, newest first. Hidden entries (`.trash`,
 * temp files) and runs whose manifest is missing or corrupt are skipped; a missing `runsDir`
 * is an empty history.
 */
export async function listRuns(runsDir: string): Promise<RunSummary[]> {
  const ids: string[] = [];
  try {
    for await (const entry of Deno.readDir(runsDir)) {
      if (entry.isDirectory && !entry.name.startsWith(".")) ids.push(entry.name);
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  ids.sort(compareRunIdsNewestFirst);
  const runs: RunSummary[] = [];
  for (const id of ids) {
    const dir = join(runsDir, id);
    let manifest: Manifest;
    try {
      manifest = parseManifest(await Deno.readTextFile(join(dir, "manifest.json")));
    } catch {
      continue; // a run still in progress, killed, or hand-edited: not part of the history
    }
    runs.push(summarizeRun(id, manifest, await isFile(join(dir, "report.html"))));
  }
  return runs;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/**
 * The `runs/index.html` page: one row per run with its verdict and a link to its report.
 *
 * @example
 * ```ts
 * renderRunsIndex(await listRuns("runs")); // "<!doctype html>…"
 * ```
 */
export function renderRunsIndex(runs: readonly RunSummary[]): string {
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
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    "<title>Bajutsu runs</title>",
    `<style>${REPORT_CSS}</style>`,
    "</head><body>",
    `<header><h1>Bajutsu runs</h1><div class="chips"><span class="chip">${runs.length} runs</span>` +
    `<span class="chip fail">${runs.filter((r) => !r.ok).length} failed</span></div></header>`,
    `<main>${body}</main>`,
    "</body></html>",
    "",
  ].join("\n");
}
