/**
 * `bajutsu trace`'s timeline (docs/cli.md#bajutsu-trace): a finished run read back from its
 * manifest.json as text. Per scenario: the launch readiness wait, then each step (before,
 * main, after phases) with its start offset from the scenario's start, its duration, action,
 * selector and outcome, the waits it ran and what ended each, the steps that never ran, the
 * expectations, the backend crashes it recovered from, and its failure.
 *
 * @module
 */
import type {
  Manifest,
  ManifestAssertion,
  ManifestScenario,
  ManifestStep,
} from "../report/manifest_types.ts";
import type { ManifestWait } from "../report/step_audit.ts";

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const secs = (s: number) => `${s.toFixed(3)}s`;

/**
 * The timeline of `manifest`, one line per entry; `scenarioFilter` keeps the scenarios whose
 * name contains it (case-insensitive).
 *
 * @example
 * ```ts
 * traceLines(parseManifest(text), "log");
 * // ["run 20260101-000000 · FAIL · backend fake", "", "▸ log in · PASS · fake · 1.204s", …]
 * ```
 */
export function traceLines(manifest: Manifest, scenarioFilter?: string): string[] {
  const out = [
    `run ${manifest.runId} · ${manifest.ok ? "PASS" : "FAIL"} · backend ${manifest.backend || "?"}`,
  ];
  const needle = scenarioFilter?.toLowerCase();
  const shown = manifest.scenarios.filter((s) =>
    needle === undefined || s.scenario.toLowerCase().includes(needle)
  );
  if (shown.length === 0) out.push("", "no scenario matches");
  for (const s of shown) out.push("", ...scenarioLines(s));
  return out;
}

function scenarioLines(s: ManifestScenario): string[] {
  const where = [s.engine, s.backend, s.device_name || s.device].filter((x) => x).join(" · ");
  const out = [
    `▸ ${s.scenario} · ${s.ok ? "PASS" : "FAIL"}${where ? ` · ${where}` : ""} · ${
      secs(s.duration_s)
    }`,
  ];
  const origin = s.started_at > 0
    ? s.started_at
    : [...s.before_outcomes, ...s.steps].find((st) => st.started_at > 0)?.started_at ?? 0;
  if (s.launch) out.push(`  launch: ${s.launch.signal || "no signal"} · ${waitText(s.launch)}`);
  const phases: [string, ManifestStep[]][] = [
    ["before", s.before_outcomes],
    ["", s.steps],
    ["after", s.after_outcomes],
  ];
  for (const [phase, steps] of phases) {
    for (const st of steps) out.push(...stepLines(st, origin, phase));
  }
  for (const sk of s.skipped_steps) {
    out.push(
      `  ${" ".repeat(20)}- step ${sk.index} ${sk.action}${selectorText(sk.selector)}: not run`,
    );
  }
  if (s.expect_results.length > 0 || (s.expect_waits ?? []).length > 0) {
    out.push("  expect:");
    for (const a of s.expect_results) out.push(`    ${assertionText(a)}`);
    for (const w of s.expect_waits ?? []) out.push(`    wait ${w.kind}: ${waitText(w)}`);
  }
  for (const r of s.recoveries ?? []) {
    const next = r.retried
      ? `retried${r.forced_erase ? " with erase" : ""}${r.replace_device ? " on a new device" : ""}`
      : "not retried (budget spent)";
    out.push(`  recovery: attempt ${r.attempt} crashed: ${r.crash} → ${next}`);
  }
  if (!s.ok && s.failure) out.push(`  failure: ${s.failure}`);
  return out;
}

function stepLines(st: ManifestStep, origin: number, phase: string): string[] {
  const offset = origin > 0 && st.started_at > 0 ? st.started_at - origin : 0;
  const label = `${phase ? `${phase} ` : ""}step ${st.index}`;
  const detail = st.detail ? ` ${st.detail}` : "";
  const retried = st.retried ? " (retried)" : "";
  const head = `  ${`+${secs(offset)}`.padStart(10)} ${secs(st.duration_s).padStart(8)} ${
    mark(st.ok)
  } ${label} ${st.action}${selectorText(st.selector)}${detail}${retried}`;
  const out = [st.ok || !st.reason ? head : `${head}: ${st.reason}`];
  const indent = " ".repeat(22);
  if (st.auto_wait?.enabled) {
    const a = st.auto_wait;
    out.push(
      `${indent}auto-wait ${a.ready ? "ready" : "not ready"} after ${
        secs(a.seconds)
      } (${a.polls} polls)`,
    );
  }
  for (const w of st.waits) out.push(`${indent}wait ${w.kind}: ${waitText(w)}`);
  for (const a of st.assertion_results) out.push(`${indent}${assertionText(a)}`);
  return out;
}

/**
 * What ended a wait, after how long and how many reads.
 *
 * @example
 * ```ts
 * waitText({ kind: "exists", ended_by: "condition", reads: 3, seconds: 0.4, timeout_s: 5, … });
 * // "ended by condition after 0.400s (3 reads, timeout 5s)"
 * ```
 */
export function waitText(w: ManifestWait): string {
  const reads = `${w.reads} read${w.reads === 1 ? "" : "s"}`;
  const extra = [
    reads,
    `timeout ${w.timeout_s}s`,
    ...(w.stable_reads !== null ? [`${w.stable_reads} stable reads`] : []),
    ...(w.watcher_acts > 0 ? [`${w.watcher_acts} watcher acts`] : []),
  ];
  return `ended by ${w.ended_by || "?"} after ${secs(w.seconds)} (${extra.join(", ")})`;
}

function assertionText(a: ManifestAssertion): string {
  const body = `${mark(a.ok)} ${a.kind}${a.detail ? ` ${a.detail}` : ""}`;
  return !a.ok && a.reason ? `${body}: ${a.reason}` : body;
}

function selectorText(sel: Record<string, unknown> | null): string {
  return sel === null ? "" : ` ${JSON.stringify(sel)}`;
}
