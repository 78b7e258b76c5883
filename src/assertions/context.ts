/**
 * The context-bearing kinds (docs/scenario-language.md#assertions, LATER): `responseSchema`,
 * `visual`, `clipboard`, `golden`. Preflight normally rejects scenarios using them before any
 * device work; these evaluators are the run-time backstop and fail cleanly when their input is
 * missing.
 *
 * @module
 */
import type { Exchange } from "../model/exchange.ts";
import type { Assertion } from "../model/assertion.ts";
import type { AssertionResult } from "../model/assertion_result.ts";
import { compileRegex } from "../selectors/pattern.ts";
import { compileRequestMatch, requestLabel } from "./request_match.ts";
import { guarded, result } from "./result.ts";

/** Per-block inputs of the context-bearing kinds. */
export interface EvalContext {
  /**
   * Pasteboard text read once for the block through device control; absent or null when nothing
   * could read it (fake driver, web, parallel run).
   */
  clipboard?: string | null;
}

type Of<K extends Assertion["kind"]> = Extract<Assertion, { kind: K }>;

/** `responseSchema`: needs a matching exchange, then a schema context this build lacks. */
export function evaluateResponseSchema(
  exchanges: readonly Exchange[],
  a: Of<"responseSchema">,
): AssertionResult {
  const target = `${requestLabel(a.request)} ~ ${a.schema}`;
  const detail = `responseSchema ${target}`;
  return guarded("responseSchema", detail, target, () => {
    const matched = exchanges.some(compileRequestMatch(a.request));
    const text = matched
      ? "no schema context provided"
      : `no matching exchange (observed ${exchanges.length})`;
    return result(false, "responseSchema", detail, target, text);
  });
}

/** `visual`: no screenshot/baseline context exists in this build. */
export function evaluateVisual(a: Of<"visual">): AssertionResult {
  const target = `≈ ${a.baseline}`;
  return result(false, "visual", `visual ${target}`, target, "no visual context provided");
}

/** `golden`: no goldens context exists in this build. */
export function evaluateGolden(a: Of<"golden">): AssertionResult {
  const target = `≈ ${a.path}`;
  return result(false, "golden", `golden ${target}`, target, "no golden context provided");
}

/** `clipboard`: compares the block's pasteboard read (`equals`, or `matches` regex search). */
export function evaluateClipboard(
  clipboard: string | null | undefined,
  a: Of<"clipboard">,
): AssertionResult {
  const [name, expected] = "equals" in a.op
    ? ["equals", a.op.equals] as const
    : ["matches", a.op.matches] as const;
  const want = `${name}=${JSON.stringify(expected)}`;
  const detail = `clipboard ${want}`;
  // The clipboard has no target beyond itself: its reasons read `clipboard: …`.
  return guarded("clipboard", detail, "", () => {
    if (clipboard === null || clipboard === undefined) {
      return result(
        false,
        "clipboard",
        detail,
        "",
        "no clipboard read (device control unavailable)",
      );
    }
    const ok = name === "equals" ? clipboard === expected : compileRegex(expected).test(clipboard);
    const text = `expected ${want} but was ${JSON.stringify(clipboard)}`;
    return result(ok, "clipboard", detail, "", text);
  });
}
