/**
 * report.html (docs/reports.md#reporthtml): one page per run, opened from disk inside its run
 * folder — element trees and step data are embedded, screenshots and videos are the files beside
 * it. The header, chips and matrix are rendered here; the scenario blocks are drawn by the inline
 * script from embedded JSON (one summary list, one data block per scenario), lazily, so large
 * runs open fast. A Content-Security-Policy pins the inline script by hash and forbids every
 * network source except the run dir itself.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { Manifest } from "../manifest_types.ts";
import type { ScenarioTraffic } from "../step_traffic.ts";
import { clientScript } from "./client.ts";
import { escapeHtml, jsonForScript, scriptSafeJson } from "./escape.ts";
import { latencySection } from "./latency_table.ts";
import { REPORT_CSS } from "./style.ts";
import { summarizeScenario } from "./summary.ts";

/**
 * Options of {@link renderReport}.
 *
 * @example
 * ```ts
 * renderReport(manifest, { scenarioYaml: yamlText } satisfies RenderOptions);
 * ```
 */
export interface RenderOptions {
  /**
   * Element trees to embed, keyed by the artifact name of their elements.json. A browser opening
   * the file from disk cannot read side files, so embedded trees are what makes the viewer work
   * offline; trees not given here are linked instead.
   */
  elementTrees?: Record<string, unknown>;
  /** The executed scenario.yaml, shown in a collapsible YAML view. */
  scenarioYaml?: string;
  /** `JSON.stringify` of each scenario, when the caller already has it (saves a pass). */
  scenarioJson?: readonly string[];
  /** Each scenario's exchanges and log lines placed under its steps (null: none embedded). */
  traffic?: readonly (ScenarioTraffic | null)[];
}

/**
 * The report page of a run, as one HTML string.
 *
 * @example
 * ```ts
 * const html = renderReport(manifest, {});
 * html.includes(`Bajutsu run ${manifest.runId}`); // true
 * ```
 */
export function renderReport(manifest: Manifest, opts: RenderOptions = {}): string {
  const script = clientScript();
  const scriptHash = createHash("sha256").update(script).digest("base64");
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' file: data:",
    "media-src 'self' file:",
    "connect-src 'self'",
  ].join("; ");
  const trees = Object.entries(opts.elementTrees ?? {});
  const index: Record<string, number> = {};
  const treeTags = trees.map(([name, tree], n) => {
    index[name] = n;
    return `<script type="application/json" id="bj-el-${n}">${jsonForScript(tree)}</script>`;
  });
  const title = `Bajutsu run ${manifest.runId}`;
  const verdicts = new Map(
    (manifest.flakiness?.scenarios ?? []).map((g) => [`${g.scenario}\u0000${g.engine}`, g.verdict]),
  );
  const verdictOf = (s: Manifest["scenarios"][number]) =>
    verdicts.get(`${s.scenario}\u0000${s.engine}`) ?? null;
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    "</head><body>",
    header(manifest, opts.scenarioYaml !== undefined),
    latencySection(manifest),
    matrix(manifest),
    flakinessTable(manifest),
    '<main id="scenarios"></main>',
    '<div id="lightbox" hidden><img alt="screenshot"><div class="cap"></div>',
    '<div class="nav"><button class="prev" type="button">← prev</button>',
    '<button class="next" type="button">next →</button>',
    '<button class="close" type="button">close (Esc)</button></div></div>',
    `<script type="application/json" id="bj-summary">${
      jsonForScript(manifest.scenarios.map((s) => summarizeScenario(s, verdictOf(s))))
    }</script>`,
    // The page script comes before the bulky data so the list draws while the rest is parsed.
    `<script>${script}</script>`,
    // One block per scenario: a single huge text node parses far slower in browsers.
    ...manifest.scenarios.map((s, i) =>
      `<script type="application/json" id="bj-s-${i}">${
        scriptSafeJson(opts.scenarioJson?.[i] ?? JSON.stringify(s))
      }</script>`
    ),
    ...(opts.traffic ?? []).map((t, i) =>
      t === null
        ? ""
        : `<script type="application/json" id="bj-t-${i}">${jsonForScript(t)}</script>`
    ),
    `<script type="application/json" id="bj-el-index">${jsonForScript(index)}</script>`,
    ...treeTags,
    opts.scenarioYaml !== undefined
      ? `<script type="application/json" id="bj-yaml">${jsonForScript(opts.scenarioYaml)}</script>`
      : "",
    "</body></html>",
    "",
  ].join("\n");
}

function seconds(s: number): string {
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)}s`;
  const m = Math.floor(s / 60);
  return `${m}m ${String(Math.round(s - m * 60)).padStart(2, "0")}s`;
}

function header(m: Manifest, hasYaml: boolean): string {
  const passed = m.scenarios.filter((s) => s.ok).length;
  const failed = m.scenarios.length - passed;
  const total = m.scenarios.reduce((t, s) => t + s.duration_s, 0);
  const devices = new Set(m.scenarios.map((s) => s.device).filter((d) => d));
  const targets = [...new Set(m.scenarios.map((s) => s.target).filter((t) => t))];
  const wall = wallTime(m);
  const chips = [
    `<span class="chip ok">${passed} passed</span>`,
    `<span class="chip fail">${failed} failed</span>`,
    wall === null
      ? `<span class="chip">${escapeHtml(seconds(total))}</span>`
      : `<span class="chip" title="first start to last end">wall ${escapeHtml(seconds(wall))}` +
        `</span><span class="chip" title="sum of scenario durations">Σ ${
          escapeHtml(seconds(total))
        }</span>`,
  ];
  if (targets.length > 0) {
    chips.push(
      `<span class="chip">target${targets.length > 1 ? "s" : ""}: ${
        escapeHtml(targets.join(", "))
      }</span>`,
    );
  }
  if (m.backend) chips.push(`<span class="chip">driver: ${escapeHtml(m.backend)}</span>`);
  if (devices.size > 1) chips.push(`<span class="chip">${devices.size} devices</span>`);
  const flaky = (m.flakiness?.scenarios ?? []).filter((g) => g.verdict === "flaky").length;
  if (flaky > 0) chips.push(`<span class="chip flaky">${flaky} flaky</span>`);
  const verdict = m.ok
    ? '<span class="verdict ok">PASS</span>'
    : '<span class="verdict fail">FAIL</span>';
  const prov = m.provenance ?? {};
  const provBits = ["toolVersion", "gitRevision", "scenarioHash"]
    .filter((k) => typeof prov[k] === "string")
    .map((k) => `${k}: ${escapeHtml(String(prov[k]))}`);
  return [
    "<header>",
    `<h1>Bajutsu run ${escapeHtml(m.runId)} ${verdict}</h1>`,
    m.sourceName ? `<p class="sub-h">${escapeHtml(m.sourceName)}</p>` : "",
    `<div class="chips">${chips.join("")}</div>`,
    '<div class="controls">',
    '<label><input type="checkbox" id="only-failures"> only failures</label>',
    '<button type="button" id="expand-all">expand all</button>',
    '<button type="button" id="collapse-all">collapse all</button>',
    "</div>",
    provBits.length ? `<p class="prov">${provBits.join(" · ")}</p>` : "",
    '<p class="prov">Screenshots and videos are the files beside this page: open it, or share ' +
    "it, with its whole run folder.</p>",
    hasYaml ? '<details id="yaml"><summary>scenario.yaml</summary><pre></pre></details>' : "",
    "</header>",
  ].join("\n");
}

/**
 * Seconds from the first scenario's start to the last one's end, or null when starts are unknown
 * (an older manifest). On a merged or parallel run it is less than the sum of durations.
 */
export function wallTime(m: Manifest): number | null {
  const timed = m.scenarios.filter((s) => s.started_at > 0);
  if (timed.length === 0 || timed.length < m.scenarios.length) return null;
  const start = Math.min(...timed.map((s) => s.started_at));
  const end = Math.max(...timed.map((s) => s.started_at + s.duration_s));
  return Math.max(0, end - start);
}

/**
 * Each repeated scenario's verdict (docs/reports.md#flakiness): a badge, passes and fails, the
 * flip rate, the distinct reasons, and a link to every attempt's block, failed ones marked, so a
 * failing attempt's evidence is one click away.
 */
function flakinessTable(m: Manifest): string {
  if (!m.flakiness) return "";
  const blockOf = new Map<string, number>();
  m.scenarios.forEach((s, i) => blockOf.set(s.engine ? `${s.engine}/${s.sid}` : s.sid, i));
  const rows = m.flakiness.scenarios.map((g) => {
    const name = g.engine ? `${g.scenario} [${g.engine}]` : g.scenario;
    const failed = new Set(g.failed_sids);
    const links = g.sids.map((sid, k) => {
      const i = blockOf.get(sid);
      const text = `${k + 1} ${failed.has(sid) ? "✘" : "✔"}`;
      const cls = failed.has(sid) ? "fail" : "ok";
      return i === undefined
        ? `<span class="${cls}">${text}</span>`
        : `<a class="${cls}" href="#s${i}" title="${escapeHtml(sid)}">${text}</a>`;
    });
    return `<tr><td>${escapeHtml(name)}</td><td><span class="badge ${g.verdict}">${g.verdict}` +
      `</span></td><td>${g.passes}/${g.attempts}</td><td>${g.flip_rate.toFixed(2)}</td>` +
      `<td>${links.join(" ")}</td><td>${
        g.reasons.map((r) => `<div class="reason">${escapeHtml(r)}</div>`).join("")
      }</td></tr>`;
  });
  const how = m.flakiness.mode === "repeat"
    ? `--repeat ${m.flakiness.count}, seed ${m.flakiness.seed}`
    : `--retries ${m.flakiness.count}`;
  return `<table class="flakiness"><caption>Flakiness (${escapeHtml(how)})</caption><thead><tr>` +
    "<th>scenario</th><th>verdict</th><th>passed</th><th>flip rate</th><th>attempts</th>" +
    `<th>failure reasons</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function matrix(m: Manifest): string {
  if (!m.matrix) return "";
  const { engines, scenarios, cells } = m.matrix;
  const blockOf = new Map<string, number>();
  m.scenarios.forEach((s, i) => blockOf.set(`${s.scenario}\u0000${s.engine}`, i));
  const head = engines.map((e) => `<th>${escapeHtml(e)}</th>`).join("");
  const rows = scenarios.map((name) => {
    const tds = engines.map((engine) => {
      const cell = cells[name]?.[engine];
      if (!cell) return "<td>—</td>";
      const text = cell.ok ? "PASS" : "FAIL";
      const title = cell.failure ? ` title="${escapeHtml(cell.failure)}"` : "";
      const i = blockOf.get(`${name}\u0000${engine}`);
      const inner = i === undefined ? text : `<a href="#s${i}">${text}</a>`;
      return `<td class="${cell.ok ? "ok" : "fail"}"${title}>${inner}</td>`;
    });
    return `<tr><td>${escapeHtml(name)}</td>${tds.join("")}</tr>`;
  });
  return `<table class="matrix"><thead><tr><th>scenario</th>${head}</tr></thead><tbody>${
    rows.join("")
  }</tbody></table>`;
}
