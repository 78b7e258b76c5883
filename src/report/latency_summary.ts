/**
 * The run's latency table (docs/reports.md#latency): p50/p95 of step durations per step kind and
 * backend, the slowest steps, and the target's optional budget (`latencyBudget.stepP95`,
 * docs/configuration.md#latencybudget), whose breach fails the run. Pure.
 *
 * @module
 */
import type { ManifestScenario, ManifestStep } from "./manifest_types.ts";

/** One step kind on one backend. */
export interface LatencyGroup {
  action: string;
  backend: string;
  count: number;
  p50_s: number;
  p95_s: number;
  max_s: number;
  /** Medians of the step's work split (docs/reports.md#latency). */
  read_p50_s: number;
  act_p50_s: number;
  wait_p50_s: number;
  evidence_p50_s: number;
}

/** One of the slowest steps, and where it is. */
export interface SlowStep {
  /** Index into `scenarios`. */
  scenario: number;
  phase: "before" | "steps" | "after";
  index: number;
  step_id: string;
  action: string;
  duration_s: number;
}

/** The budget and how the run measured against it. */
export interface LatencyBudgetVerdict {
  step_p95_s: number;
  /** p95 of every executed step of the run. */
  p95_s: number;
  ok: boolean;
  /** Why the run failed on it; "" when within budget. */
  message: string;
}

/** The manifest's `latency` block. */
export interface LatencySummary {
  steps: number;
  p50_s: number;
  p95_s: number;
  groups: LatencyGroup[];
  slowest: SlowStep[];
  budget: LatencyBudgetVerdict | null;
}

/** How many slowest steps the summary names. */
export const SLOWEST_SHOWN = 5;

/**
 * The `q` quantile of `values` by nearest rank (0 for none): the smallest value at or above which
 * a `q` share of the values lie.
 *
 * @example
 * ```ts
 * quantile([1, 2, 3, 4], 0.5); // 2
 * quantile([1, 2, 3, 4], 0.95); // 4
 * ```
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** Steps that did work of their own: containers (if, forEach, web) only hold other steps. */
function timed(st: ManifestStep): boolean {
  return st.latency !== null || !["if", "forEach", "web"].includes(st.action);
}

/**
 * The latency block of a run, with the budget verdict when a budget is set.
 *
 * @example
 * ```ts
 * const s = latencySummary(manifest.scenarios, 0.5);
 * s.budget?.ok; // false when the run's step p95 is above 500 ms
 * ```
 */
export function latencySummary(
  scenarios: readonly ManifestScenario[],
  stepP95S: number | null = null,
): LatencySummary {
  const all: { st: ManifestStep; scenario: number; phase: SlowStep["phase"]; backend: string }[] =
    [];
  scenarios.forEach((s, i) => {
    const phases: [SlowStep["phase"], ManifestStep[]][] = [
      ["before", s.before_outcomes],
      ["steps", s.steps],
      ["after", s.after_outcomes],
    ];
    for (const [phase, steps] of phases) {
      for (const st of steps) {
        if (timed(st)) all.push({ st, scenario: i, phase, backend: s.backend });
      }
    }
  });
  const byGroup = new Map<string, typeof all>();
  for (const e of all) {
    const key = `${e.st.action}\u0000${e.backend}`;
    const list = byGroup.get(key);
    if (list) list.push(e);
    else byGroup.set(key, [e]);
  }
  const groups: LatencyGroup[] = [...byGroup.values()].map((list) => {
    const durations = list.map((e) => e.st.duration_s);
    const part = (f: "read_s" | "act_s" | "wait_s" | "evidence_s") =>
      quantile(list.map((e) => e.st.latency?.[f] ?? 0), 0.5);
    return {
      action: list[0].st.action,
      backend: list[0].backend,
      count: list.length,
      p50_s: quantile(durations, 0.5),
      p95_s: quantile(durations, 0.95),
      max_s: Math.max(...durations),
      read_p50_s: part("read_s"),
      act_p50_s: part("act_s"),
      wait_p50_s: part("wait_s"),
      evidence_p50_s: part("evidence_s"),
    };
  }).sort((a, b) => b.p95_s - a.p95_s || a.action.localeCompare(b.action));
  const slowest = [...all].sort((a, b) => b.st.duration_s - a.st.duration_s)
    .slice(0, SLOWEST_SHOWN)
    .map((e) => ({
      scenario: e.scenario,
      phase: e.phase,
      index: e.st.index,
      step_id: e.st.step_id,
      action: e.st.action,
      duration_s: e.st.duration_s,
    }));
  const durations = all.map((e) => e.st.duration_s);
  const p95 = quantile(durations, 0.95);
  return {
    steps: all.length,
    p50_s: quantile(durations, 0.5),
    p95_s: p95,
    groups,
    slowest,
    budget: stepP95S === null ? null : budgetVerdict(stepP95S, p95, all.length),
  };
}

function ms(s: number): string {
  return `${Math.round(s * 1000)} ms`;
}

function budgetVerdict(limit: number, p95: number, steps: number): LatencyBudgetVerdict {
  const ok = p95 <= limit;
  return {
    step_p95_s: limit,
    p95_s: p95,
    ok,
    message: ok
      ? ""
      : `latency budget exceeded: step p95 ${ms(p95)} over ${steps} step${
        steps === 1 ? "" : "s"
      } is above latencyBudget.stepP95 ${ms(limit)}`,
  };
}
