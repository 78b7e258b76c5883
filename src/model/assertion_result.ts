/**
 * One assertion's verdict, as steps, `expect` and reports keep it.
 *
 * @module
 */
import type { AssertionKind } from "./assertion.ts";

/** One assertion's verdict (docs/scenario-language.md#evaluating-assertions). */
export interface AssertionResult {
  ok: boolean;
  kind: AssertionKind;
  /** What was checked, e.g. `present: id="home.title"`. */
  detail: string;
  /** "" when ok. */
  reason: string;
  visual?: {
    baselineName: string;
    baseline: string;
    actual: string;
    diff?: string;
    diffPct?: number;
    engine: string;
    missing?: boolean;
    elementScoped?: boolean;
    maskedSelectors?: string[];
  };
}
