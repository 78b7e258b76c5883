/**
 * "Did you mean …?" hints for unknown keys: the closest allowed key by edit distance.
 *
 * @module
 */

/** The allowed key closest to `key` (case-insensitive edit distance ≤ 2), or undefined. */
export function closest(key: string, allowed: Iterable<string>): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = distance(k, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance (two-row dynamic programming). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[b.length];
}
