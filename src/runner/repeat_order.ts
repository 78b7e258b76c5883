/**
 * The order of a repeated run's attempts (docs/cli.md#repeat-and-retries): under `--repeat N`
 * every scenario is dispatched N times, and the attempts of all scenarios are shuffled by a seeded
 * random source, so an order-dependent failure shows up and `--seed` replays the same order.
 *
 * @module
 */
import { seededRandom } from "../time/random.ts";

/**
 * How a run repeats its scenarios: `repeat` dispatches each `count` times in the order `seed`
 * decides; `retries` re-runs a failed scenario up to `count` more times, each on a fresh lease.
 *
 * @example
 * ```ts
 * const plan: RepeatPlan = { mode: "repeat", count: 4, seed: 7 };
 * ```
 */
export interface RepeatPlan {
  mode: "repeat" | "retries";
  count: number;
  /** The seed of the dispatch order (`repeat`); null for `retries`. */
  seed: number | null;
}

/**
 * The scenario indices in the order their attempts are dispatched: each of `0..total-1` appears
 * `count` times, shuffled (Fisher–Yates) by the seeded source. The same seed gives the same order.
 *
 * @example
 * ```ts
 * repeatOrder(2, 2, 7); // e.g. [1, 0, 0, 1]: the same list for seed 7 on every machine
 * ```
 */
export function repeatOrder(total: number, count: number, seed: number): number[] {
  const order: number[] = [];
  for (let i = 0; i < total; i++) for (let k = 0; k < count; k++) order.push(i);
  const random = seededRandom(seed);
  for (let j = order.length - 1; j > 0; j--) {
    const r = Math.floor(random() * (j + 1));
    [order[j], order[r]] = [order[r], order[j]];
  }
  return order;
}

/**
 * A seed for a run that was given none: 32 random bits.
 *
 * @example
 * ```ts
 * const seed = req.seed ?? freshSeed(); // printed, so the order can be replayed
 * ```
 */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
