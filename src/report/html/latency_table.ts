/**
 * The run's latency section of report.html (docs/reports.md#latency): the budget verdict when a
 * target set one, p50/p95 of step durations per step kind and backend with the median split of
 * their time, and the slowest steps linked to their scenarios. Server-rendered, every text
 * escaped.
 *
 * @module
 */
import type { Manifest } from "../manifest_types.ts";
import { escapeHtml } from "./escape.ts";

function ms(s: number): string {
  return s < 10 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`;
}

/** The budget line and the latency tables; "" when the run has no timed step. */
export function latencySection(m: Manifest): string {
  const lat = m.latency;
  if (!lat || lat.steps === 0) return "";
  const budget = lat.budget;
  const verdict = budget === null
    ? ""
    : budget.ok
    ? `<p class="budget ok">latency budget met: step p95 ${escapeHtml(ms(budget.p95_s))} ≤ ${
      escapeHtml(ms(budget.step_p95_s))
    }</p>`
    : `<p class="budget fail">${escapeHtml(budget.message)}</p>`;
  const groups = lat.groups.map((g) =>
    `<tr><td><span class="act">${escapeHtml(g.action)}</span></td><td>${
      escapeHtml(g.backend)
    }</td><td>${g.count}</td><td>${ms(g.p50_s)}</td><td>${ms(g.p95_s)}</td><td>${
      ms(g.max_s)
    }</td><td class="split">${ms(g.read_p50_s)} · ${ms(g.act_p50_s)} · ${ms(g.wait_p50_s)} · ${
      ms(g.evidence_p50_s)
    }</td></tr>`
  ).join("");
  const slowest = lat.slowest.map((s) => {
    const scn = m.scenarios[s.scenario];
    const where = `${scn ? scn.scenario : "?"} · ${
      s.phase === "steps" ? "" : `${s.phase} `
    }${s.step_id}`;
    return `<tr><td>${ms(s.duration_s)}</td><td><span class="act">${
      escapeHtml(s.action)
    }</span></td><td><a href="#s${s.scenario}">${escapeHtml(where)}</a></td></tr>`;
  }).join("");
  return [
    '<details class="latency" id="latency"' + (budget && !budget.ok ? " open" : "") + ">",
    `<summary>Step latency: ${lat.steps} steps · p50 ${ms(lat.p50_s)} · p95 ${
      ms(lat.p95_s)
    }</summary>`,
    verdict,
    '<div class="lat-tables"><table class="lat-groups"><thead><tr><th>action</th><th>backend</th>',
    "<th>steps</th><th>p50</th><th>p95</th><th>max</th>",
    '<th title="medians: reading the screen · actuating · waiting · evidence">',
    "read · act · wait · evidence (p50)</th></tr></thead>",
    `<tbody>${groups}</tbody></table>`,
    '<table class="lat-slowest"><thead><tr><th>slowest</th><th>action</th><th>step</th></tr>',
    `</thead><tbody>${slowest}</tbody></table></div>`,
    "</details>",
  ].join("");
}
