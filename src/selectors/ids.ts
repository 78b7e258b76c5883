/**
 * `id` / `idMatches` accept one string or a list of OR candidates
 * (docs/scenario-language.md#selectors).
 *
 * @module
 */
import type { Selector } from "../model/selector.ts";

/** A single value or a candidate list, as a list. */
export function idCandidates(v: string | readonly string[]): readonly string[] {
  return typeof v === "string" ? [v] : v;
}

/**
 * The selector's representative id for consumers that need one (actuation targets, reports):
 * the string, or entry 0 of an id list; null when the selector has no `id`.
 *
 * @example
 * ```ts
 * primaryId({ id: ["stable.refresh", "stable_refresh"] }); // "stable.refresh"
 * ```
 */
export function primaryId(sel: Selector): string | null {
  if (sel.id === undefined) return null;
  return idCandidates(sel.id)[0] ?? null;
}
