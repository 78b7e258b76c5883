/**
 * Building assertion results. Evaluation is total
 * (docs/scenario-language.md#evaluating-assertions): a selector error or a bad regex becomes a
 * failed result carrying the error text, never an exception. Every failure reason names what the
 * assertion looked at, so a line joining several reasons stays unambiguous.
 *
 * @module
 */
import type { AssertionKind } from "../model/assertion.ts";
import type { AssertionResult } from "../model/assertion_result.ts";

/**
 * A failure reason that names its assertion: `<kind> <target>: <text>`, where `target` is the
 * selector rendered as wait and tap failures render it (`renderSelector`), or the request, event,
 * file… the assertion looked at. Text that already quotes the target (a selector error such as
 * `no match: <sel>`) gets `<kind>: <text>`, so the selector is not repeated.
 *
 * @example
 * ```ts
 * namedReason("label", '{"id":"count"}', 'expected equals="5" but actual="0"');
 * // 'label {"id":"count"}: expected equals="5" but actual="0"'
 * namedReason("label", '{"id":"x"}', 'no match: {"id":"x"}'); // 'label: no match: {"id":"x"}'
 * ```
 */
export function namedReason(kind: AssertionKind, target: string, text: string): string {
  return target === "" || text.includes(target) ? `${kind}: ${text}` : `${kind} ${target}: ${text}`;
}

/** A passing or failing result; `reason` is "" when ok, else `text` named (`namedReason`). */
export function result(
  ok: boolean,
  kind: AssertionKind,
  detail: string,
  target: string,
  text: string,
): AssertionResult {
  return { ok, kind, detail, reason: ok ? "" : namedReason(kind, target, text) };
}

/** A failed result whose reason is the error's message, named (`namedReason`). */
export function failure(
  kind: AssertionKind,
  detail: string,
  target: string,
  err: unknown,
): AssertionResult {
  const text = err instanceof Error ? err.message : String(err);
  return { ok: false, kind, detail, reason: namedReason(kind, target, text) };
}

/** Runs `check`, turning anything it throws into a failed result with the same detail. */
export function guarded(
  kind: AssertionKind,
  detail: string,
  target: string,
  check: () => AssertionResult,
): AssertionResult {
  try {
    return check();
  } catch (e) {
    return failure(kind, detail, target, e);
  }
}
