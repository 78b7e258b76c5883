/**
 * Deterministic sharding (`--shard i/n`): by duration, longest first onto the least-loaded shard,
 * when a previous run's timings are known; else by count (round robin in declaration order).
 *
 * @module
 *
 * @example
 * ```ts
 * const spec: ShardSpec = { index: 1, count: 4 }; // `--shard 1/4`
 * ```
 */

export interface ShardSpec {
  /** 1-based. */
  index: number;
  count: number;
}

/**
 * The most shards a suite can be split into (docs/run-limits.md).
 *
 * @example
 * ```ts
 * parseShard(`1/${MAX_SHARDS + 1}`); // null
 * ```
 */
export const MAX_SHARDS = 1000;

/**
 * Parses `i/n` (1 ≤ i ≤ n ≤ MAX_SHARDS, digits only).
 *
 * @example
 * ```ts
 * parseShard("2/4"); // { index: 2, count: 4 }
 * parseShard("5/4"); // null
 * ```
 */
export function parseShard(text: string): ShardSpec | null {
  const m = /^(\d{1,15})\/(\d{1,15})$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]), count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) return null;
  return { index, count };
}

/**
 * Assigns every item to a shard. Items with a known duration go longest first to the shard with
 * the least total so far (ties → lowest shard number); unknown durations get the median of the
 * known ones (or 1 s). Without any timings, round robin by declaration order.
 *
 * @example
 * ```ts
 * partition(["a", "b", "c"], 2); // [[0, 2], [1]] (round robin without timings)
 * ```
 */
export function partition(
  names: string[],
  count: number,
  durations?: ReadonlyMap<string, number>,
): number[][] {
  const shards: number[][] = Array.from({ length: count }, () => []);
  const known = durations
    ? names.map((n) => durations.get(n)).filter((d): d is number => d !== undefined)
    : [];
  if (known.length === 0) {
    names.forEach((_, i) => shards[i % count].push(i));
    return shards;
  }
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 1;
  const weight = (i: number) => durations!.get(names[i]) ?? median;
  const order = names.map((_, i) => i).sort((a, b) => weight(b) - weight(a) || a - b);
  const load = new Array(count).fill(0);
  for (const i of order) {
    let best = 0;
    for (let s = 1; s < count; s++) if (load[s] < load[best]) best = s;
    shards[best].push(i);
    load[best] += weight(i);
  }
  for (const s of shards) s.sort((a, b) => a - b); // keep declaration order inside a shard
  return shards;
}

/**
 * The items of shard `spec` (declaration order kept).
 *
 * @example
 * ```ts
 * selectShard(scenarios, (s) => s.name, { index: 1, count: 2 });
 * ```
 */
export function selectShard<T>(
  items: T[],
  nameOf: (t: T) => string,
  spec: ShardSpec,
  durations?: ReadonlyMap<string, number>,
): T[] {
  const parts = partition(items.map(nameOf), spec.count, durations);
  return parts[spec.index - 1].map((i) => items[i]);
}
