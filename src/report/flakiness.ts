/**
 * Flakiness as a verdict (docs/reports.md#flakiness): a scenario run several times (`run --repeat
 * N`, or `run --retries N` after a failure) is `stable-pass` when every attempt passed,
 * `stable-fail` when every attempt failed, and `flaky` otherwise. The flip rate is how often the
 * outcome changed from one attempt to the next. Pure: a function of the manifest's scenarios.
 *
 * @module
 */
import type { ManifestScenario } from "./manifest_types.ts";

/**
 * What several attempts of one scenario say about it.
 *
 * @example
 * ```ts
 * const v: FlakyVerdict = flakyVerdict([true, false]); // "flaky"
 * ```
 */
export type FlakyVerdict = "stable-pass" | "stable-fail" | "flaky";

/**
 * How a run repeated its scenarios: `repeat` runs each one `count` times in an order the seed
 * decides; `retries` re-runs a failed one up to `count` more times until it passes.
 *
 * @example
 * ```ts
 * const r: RepeatMode = { mode: "repeat", count: 4, seed: 7 };
 * ```
 */
export interface RepeatMode {
  mode: "repeat" | "retries";
  count: number;
  /** The dispatch order's seed (`--repeat`); null under `--retries`. */
  seed: number | null;
}

/**
 * The verdict of a scenario's attempts, in order; no attempt at all is a stable failure.
 *
 * @example
 * ```ts
 * flakyVerdict([true, true]); // "stable-pass"
 * flakyVerdict([false, true]); // "flaky"
 * flakyVerdict([false, false]); // "stable-fail"
 * ```
 */
export function flakyVerdict(outcomes: readonly boolean[]): FlakyVerdict {
  if (outcomes.length > 0 && outcomes.every((ok) => ok)) return "stable-pass";
  if (outcomes.every((ok) => !ok)) return "stable-fail";
  return "flaky";
}

/**
 * Consecutive outcome changes over the chances to change (`outcomes.length - 1`), in [0, 1]; 0
 * for fewer than two outcomes. Alternating outcomes flip at rate 1.
 *
 * @example
 * ```ts
 * flipRate([true, false, true, false]); // 1
 * flipRate([true, true, false, false]); // 1/3
 * flipRate([true]); // 0
 * ```
 */
export function flipRate(outcomes: readonly boolean[]): number {
  if (outcomes.length < 2) return 0;
  let flips = 0;
  for (let i = 1; i < outcomes.length; i++) if (outcomes[i] !== outcomes[i - 1]) flips++;
  return flips / (outcomes.length - 1);
}

/**
 * One scenario's attempts summed up (one engine's, on a matrix run).
 *
 * @example
 * ```ts
 * manifest.flakiness?.scenarios.filter((f: ManifestFlakyScenario) => f.verdict === "flaky");
 * ```
 */
export interface ManifestFlakyScenario {
  scenario: string;
  engine: string;
  attempts: number;
  passes: number;
  fails: number;
  flip_rate: number;
  /** The distinct failure texts, in the order they first happened. */
  reasons: string[];
  verdict: FlakyVerdict;
  /** Each attempt's evidence folder, in attempt order (`<engine>/` first on a matrix run). */
  sids: string[];
  /** The evidence folders of the attempts that failed, in attempt order. */
  failed_sids: string[];
}

/**
 * The manifest's `flakiness` block: how the run repeated and each scenario's verdict.
 *
 * @example
 * ```ts
 * const f: ManifestFlakiness | undefined = manifest.flakiness;
 * f?.scenarios.some((s) => s.verdict !== "stable-pass"); // the run failed
 * ```
 */
export interface ManifestFlakiness {
  mode: "repeat" | "retries";
  count: number;
  seed: number | null;
  scenarios: ManifestFlakyScenario[];
}

/**
 * Groups a run's attempts by scenario (and engine) into verdicts, in first-seen order; attempts
 * are ordered by their `repetition` number. A scenario entry without one counts as one attempt.
 *
 * @example
 * ```ts
 * buildFlakiness(manifest.scenarios, { mode: "repeat", count: 4, seed: 7 }).scenarios[0].verdict;
 * ```
 */
export function buildFlakiness(
  scenarios: readonly ManifestScenario[],
  how: RepeatMode,
): ManifestFlakiness {
  const groups = new Map<string, ManifestScenario[]>();
  for (const s of scenarios) {
    const key = `${s.scenario}\u0000${s.engine}`;
    const group = groups.get(key);
    if (group) group.push(s);
    else groups.set(key, [s]);
  }
  const out: ManifestFlakyScenario[] = [];
  for (const group of groups.values()) {
    const attempts = [...group].sort((a, b) => (a.repetition ?? 1) - (b.repetition ?? 1));
    const outcomes = attempts.map((a) => a.ok);
    const sidOf = (a: ManifestScenario) => a.engine ? `${a.engine}/${a.sid}` : a.sid;
    const reasons = [
      ...new Set(attempts.filter((a) => !a.ok).map((a) => a.failure ?? "failed")),
    ];
    const passes = outcomes.filter((ok) => ok).length;
    out.push({
      scenario: attempts[0].scenario,
      engine: attempts[0].engine,
      attempts: attempts.length,
      passes,
      fails: attempts.length - passes,
      flip_rate: flipRate(outcomes),
      reasons,
      verdict: flakyVerdict(outcomes),
      sids: attempts.map(sidOf),
      failed_sids: attempts.filter((a) => !a.ok).map(sidOf),
    });
  }
  return { mode: how.mode, count: how.count, seed: how.seed, scenarios: out };
}
