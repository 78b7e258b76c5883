/**
 * Flip rate across runs (docs/reports.md#flip-rate-across-runs): for each scenario of a runs
 * folder, how often its outcome changed from one run to the next, oldest first. A scenario's
 * outcome in one run is a pass only when every attempt of it passed (all of `--repeat`'s, all of
 * `--retries`'). Pure: a function of the runs' summaries.
 *
 * @module
 */
import { flipRate } from "./flakiness.ts";
import type { Manifest } from "./manifest_types.ts";

/**
 * Each scenario's outcome in one run, keyed by name (`name [engine]` on a matrix run).
 *
 * @example
 * ```ts
 * scenarioOutcomes(manifest); // { "log in": true, "checkout": false }
 * ```
 */
export function scenarioOutcomes(m: Manifest): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const s of m.scenarios) {
    const key = s.engine ? `${s.scenario} [${s.engine}]` : s.scenario;
    out[key] = (out[key] ?? true) && s.ok;
  }
  return out;
}

/**
 * One scenario's outcomes over the runs it appears in.
 *
 * @example
 * ```ts
 * const f: ScenarioFlips = { scenario: "log in", runs: 3, passes: 2, flips: 2, flipRate: 1 };
 * ```
 */
export interface ScenarioFlips {
  scenario: string;
  /** Runs it appears in. */
  runs: number;
  passes: number;
  /** Consecutive outcome changes. */
  flips: number;
  /** flips / (runs − 1); 0 for a single run. */
  flipRate: number;
}

/**
 * Flip rates of every scenario over `runs`, given oldest first; highest flip rate first, then by
 * name.
 *
 * @example
 * ```ts
 * historyFlips([{ "log in": true }, { "log in": false }, { "log in": true }])[0].flipRate; // 1
 * ```
 */
export function historyFlips(runs: readonly Record<string, boolean>[]): ScenarioFlips[] {
  const series = new Map<string, boolean[]>();
  for (const run of runs) {
    for (const [name, ok] of Object.entries(run)) {
      const list = series.get(name);
      if (list) list.push(ok);
      else series.set(name, [ok]);
    }
  }
  return [...series].map(([scenario, outcomes]) => {
    const rate = flipRate(outcomes);
    return {
      scenario,
      runs: outcomes.length,
      passes: outcomes.filter((ok) => ok).length,
      flips: Math.round(rate * Math.max(0, outcomes.length - 1)),
      flipRate: rate,
    };
  }).sort((a, b) => b.flipRate - a.flipRate || (a.scenario < b.scenario ? -1 : 1));
}
