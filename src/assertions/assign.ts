/**
 * One-to-one assignment of count-less `request` assertions to exchanges
 * (docs/scenario-language.md#network-matching): maximum bipartite matching by Kuhn's augmenting
 * paths, so a broad matcher cannot steal the only exchange a specific one needs.
 *
 * @module
 */

/** Per matcher: the assigned exchange index (-1 when none is left for it). */
export type Assignment = number[];

/**
 * Assigns each matcher a distinct exchange. `adjacency[i]` lists the exchange indices matcher
 * `i` accepts, in timeline order; matchers are tried in declaration order with a fresh visited
 * set each.
 *
 * @example
 * ```ts
 * // matcher 0 (broad) accepts both, matcher 1 (specific) only exchange 0:
 * assignDistinct([[0, 1], [0]], 2); // [1, 0]
 * ```
 */
export function assignDistinct(
  adjacency: readonly (readonly number[])[],
  exchangeCount: number,
): Assignment {
  const owner: number[] = new Array(exchangeCount).fill(-1);
  const assigned: number[] = new Array(adjacency.length).fill(-1);

  const augment = (i: number, seen: boolean[]): boolean => {
    for (const j of adjacency[i]) {
      if (seen[j]) continue;
      seen[j] = true;
      if (owner[j] === -1 || augment(owner[j], seen)) {
        owner[j] = i;
        assigned[i] = j;
        return true;
      }
    }
    return false;
  };

  for (let i = 0; i < adjacency.length; i++) {
    augment(i, new Array(exchangeCount).fill(false));
  }
  return assigned;
}
