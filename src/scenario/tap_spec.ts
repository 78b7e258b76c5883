/**
 * The two spellings of a `tap` body read as one (docs/scenario-language.md#taps).
 *
 * @module
 */
import type { StepBodies, TapSpec } from "./types.ts";

/**
 * The long form of any `tap` body: a bare selector is `{sel}`.
 *
 * @example
 * ```ts
 * tapSpec({ id: "save" }); // { sel: { id: "save" } }
 * tapSpec({ sel: { id: "row" }, button: "secondary" }); // unchanged
 * ```
 */
export function tapSpec(body: StepBodies["tap"]): TapSpec {
  return "sel" in body ? body : { sel: body };
}
