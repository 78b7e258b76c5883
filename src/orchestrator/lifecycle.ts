/**
 * The lifecycle phases around the step loop (docs/scenario-language.md#lifecycle-before-and-after):
 * `before` as a precondition, `after` once a verdict exists — on every exit path, including a
 * cancelled run (then under its own deadline) and a `before` failure.
 *
 * @module
 */
import { RunCancelled } from "../time/cancel.ts";
import {
  afterPhaseSignal,
  CANCELLED_FAILURE,
  DEFAULT_AFTER_PHASE_DEADLINE_S,
} from "./cancellation.ts";
import { newPhase, type RunContext } from "./context.ts";
import { runStepList } from "./steps.ts";
import type { RunResult } from "./types.ts";

/** Runs `before`; returns `before: <step failure>` or null. Throws `RunCancelled`. */
export async function runBeforePhase(ctx: RunContext, result: RunResult): Promise<string | null> {
  if (ctx.scenario.before.length === 0) return null;
  const failure = await runStepList(
    ctx,
    newPhase("before", result.beforeOutcomes),
    ctx.scenario.before,
  );
  return failure === null ? null : `before: ${failure}`;
}

/** `<existing>; <addition>`, or the addition alone on a passing run. */
function appendFailure(existing: string | null, addition: string): string {
  return existing === null ? addition : `${existing}; ${addition}`;
}

/**
 * Runs every `after` rule whose `on` is `always` or the verdict, in order, and returns the run
 * failure with rule failures folded in. The verdict is fixed before the first rule. A failing
 * rule stops its own steps only. The phase reads a deadline-bounded cancel signal: once the
 * run's own signal is set, rules still pending after the deadline are abandoned.
 */
export async function runAfterPhase(
  ctx: RunContext,
  result: RunResult,
  failure: string | null,
): Promise<string | null> {
  const rules = ctx.scenario.after;
  if (rules.length === 0) return failure;
  const verdict = failure === null ? "success" : "error";
  const runSignal = ctx.cancel;
  ctx.cancel = afterPhaseSignal(
    runSignal,
    ctx.clock,
    ctx.options.afterPhaseDeadlineS ?? DEFAULT_AFTER_PHASE_DEADLINE_S,
  );
  const ps = newPhase("after", result.afterOutcomes);
  let out = failure;
  let abandoned = false;
  try {
    for (const rule of rules) {
      // `on` defaults to always (the loader fills it in; a hand-built scenario may not).
      const on = rule.on ?? "always";
      if (on !== "always" && on !== verdict) continue;
      if (ctx.cancel.cancelled) {
        abandoned = true;
        break;
      }
      result.afterVerdict = verdict;
      const ruleFailure = await runStepList(ctx, ps, rule.steps);
      if (ruleFailure !== null) out = appendFailure(out, `after: ${ruleFailure}`);
    }
  } catch (e) {
    if (!(e instanceof RunCancelled)) throw e;
    abandoned = true;
  } finally {
    ctx.cancel = runSignal;
  }
  if (!abandoned || out?.startsWith(CANCELLED_FAILURE)) return out;
  return out === null ? CANCELLED_FAILURE : appendFailure(out, `after: ${CANCELLED_FAILURE}`);
}
