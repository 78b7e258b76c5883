/**
 * Building assertion results. Evaluation is total
 * (docs/scenario-language.md#evaluating-assertions): a selector error or a bad regex becomes a
 * failed result carrying the error text, never an exception.
 *
 * @module
 */
import type { AssertionKind } from "../scenario/types.ts";
import type { AssertionResult } from "../orchestrator/types.ts";

/** A passing or failing result; `reason` is "" when ok. */
export function result(
  ok: boolean,
  kind: AssertionKind,
  detail: string,
  reason: string,
): AssertionResult {
  return { ok, kind, detail, reason: ok ? "" : reason };
}

/** A failed result whose reason is the error's message. */
export function failure(kind: AssertionKind, detail: string, err: unknown): AssertionResult {
  const reason = err instanceof Error ? err.message : String(err);
  return { ok: false, kind, detail, reason };
}

/** Runs `check`, turning anything it throws into a failed result with the same detail. */
export function guarded(
  kind: AssertionKind,
  detail: string,
  check: () => AssertionResult,
): AssertionResult {
  try {
    return check();
  } catch (e) {
    return failure(kind, detail, e);
  }
}
