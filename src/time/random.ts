/**
 * Injected randomness. Code that needs chance takes a `Random`; tests and benchmarks pass a
 * seeded one so every run sees the same numbers.
 *
 * @module
 */

/** A source of floats in [0, 1). */
export type Random = () => number;

/**
 * A seeded PRNG (mulberry32): small, fast, and reproducible across runs and machines.
 *
 * @example
 * ```ts
 * const rand = seededRandom(42);
 * rand(); // the same first number on every run
 * ```
 */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
