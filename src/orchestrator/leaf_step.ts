/**
 * The flow of one leaf step (docs/architecture.md#one-leaf-step):
 *
 * 1. step id (`name` or `step<i>`); the pre-action tree when a `screenChanged` rule needs it
 *    (reusing the previous step's post tree); the pre baseline (`sink.before`);
 * 2. runtime substitution + re-validation (a failure here keeps only the pre baseline);
 * 3. start the interval captures the step itself determines, BEFORE acting;
 * 4. interrupts pre-check, then the body; on failure, one retry when the alert guard cleared
 *    a blocker;
 * 5. `after.png` at once, ahead of any other tree read, with the post tree read alongside it (the
 *    settled tree of a wait/assert, else the tree the body itself read after its last command,
 *    else one fresh read); a `for`-wait timeout diagnostic; `extract`;
 * 6. stop the intervals; fire the capturePolicy rules; instant captures; push the outcome with
 *    the actuations drained once.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { stepDirName } from "../evidence/layout.ts";
import type { Interval } from "../evidence/sink.ts";
import { primaryId, treesEqual } from "../selectors/mod.ts";
import type { Selector, Step } from "../scenario/types.ts";
import { RunCancelled } from "../time/cancel.ts";
import { AlertWatch } from "./alert_watch.ts";
import { CANCELLED_FAILURE } from "./cancellation.ts";
import type { PhaseState, RunContext } from "./context.ts";
import { collectCaptures, firedRules, intervalKinds } from "./evidence_rules.ts";
import { runExtract } from "./extract.ts";
import { InterruptGuard } from "./interrupts.ts";
import { newOutcome, recordOutcome, stepIdOf } from "./outcome.ts";
import { primarySelector } from "./primary_selector.ts";
import { autoWait } from "./auto_wait.ts";
import { stepDetail } from "./step_detail.ts";
import { stepOverlay } from "./step_overlay.ts";
import { type BodyResult, failedBody, runStepBody } from "./step_body.ts";
import {
  InvalidAfterSubstitution,
  maskResults,
  maskSecrets,
  maskValue,
  substituteStep,
} from "./substitution.ts";
import type { StepOutcome } from "./types.ts";
import type { PollWatcher } from "./waits.ts";

/** Runs a list of steps in a phase; returns the first failure text or null. */
export type StepListRunner = (
  ctx: RunContext,
  ps: PhaseState,
  steps: readonly Step[],
) => Promise<string | null>;

const NO_WATCHERS: readonly PollWatcher[] = [];

/** Runs one leaf step and records its outcome; returns its failure text or null. */
export async function runLeafStep(
  ctx: RunContext,
  ps: PhaseState,
  step: Step,
  runList: StepListRunner,
): Promise<string | null> {
  const { driver, sink, clock } = ctx;
  const index = ps.next++;
  const stepId = stepIdOf(step, index);
  // One bounded folder per step, whatever its name holds (`/`, a 300-byte data-row name).
  const stepDir = ps.dirPrefix + stepDirName(step.name, index);
  ctx.options.onStepStart?.(ps.phase, index, step.action);
  const start = clock.now();
  const outcome = newOutcome(ctx, step, index, stepId, start);
  const artifacts = outcome.artifacts;

  // No step read the screen yet (the first step, after a relaunch): the driver's recent read
  // (the readiness gate's) is the screen now while nothing was sent since.
  const recentAtStart = driver.recentTree?.() ?? null;
  const known = ctx.prevTree ?? recentAtStart;
  let preTree = ctx.wantsScreenChanged ? (known ?? await driver.query()) : null;
  const baseline = preTree ?? known;
  let shotPixels: [number, number] | null = null;
  const reuseAfterShot = baseline !== null && baseline === ctx.afterShotTree;
  // An assert step is one page read: the evidence writes still queued would slow that read more
  // than they cost the next action, whose waits they overlap (docs/architecture.md#evidence-sink).
  const holdWrites = step.action === "assert";
  artifacts.push(...await sink.before(driver, stepDir, baseline, { reuseAfterShot, holdWrites }));

  let s: Step;
  try {
    s = substituteStep(ctx, step);
  } catch (e) {
    if (!(e instanceof InvalidAfterSubstitution)) throw e;
    outcome.ok = false;
    outcome.reason = maskSecrets(ctx, e.message);
    return recordOutcome(ctx, ps, outcome, start, true);
  }
  const primary = primarySelector(s);
  const pid = primary ? primaryId(primary) : null;
  // Reports show what the step acted on; a wait has no primary selector
  // (docs/scenario-language.md#capturepolicy-rules) but its awaited selector is what a reader wants
  // to see.
  const shown = primary ?? awaitedSelector(s);
  if (shown) outcome.selector = maskValue(ctx, shown);

  const kinds = intervalKinds(s.capture, ctx.policy, s.action, pid, ctx.baselineCapture);
  const intervals = kinds.length > 0 ? await sink.startIntervals(driver, stepDir, kinds) : [];

  let body: BodyResult;
  let post: Element[];
  try {
    const acted = await act(ctx, ps, s, outcome, preTree, runList);
    body = acted.body;
    preTree = acted.preTree;
    // The after-shot is sent first; the post-step read (when the body has no settled tree) goes
    // alongside it instead of after it: the picture is made while the tree is read.
    const shot = sink.afterShot(driver, stepDir);
    const read = body.tree ?? ownRead(driver, recentAtStart) ?? driver.query();
    // Both settle before either result is used, so a failed read never leaves a shot in flight.
    const [shotOut, readOut] = await Promise.allSettled([shot, read]);
    if (shotOut.status === "rejected") throw shotOut.reason;
    if (readOut.status === "rejected") throw readOut.reason;
    artifacts.push(...shotOut.value);
    shotPixels = sink.shotSize?.() ?? null;
    post = readOut.value;
    ctx.prevTree = post;
    ctx.afterShotTree = post;
    for (const settle of driver.drainSettles?.() ?? []) (outcome.waits ??= []).push(settle);
    const dialogs = driver.drainDialogs?.() ?? [];
    if (dialogs.length > 0) {
      outcome.dialogs = dialogs.map((d) => ({ ...d, text: maskSecrets(ctx, d.text) }));
      const surprise = dialogs.find((d) => d.unexpected);
      if (body.ok && surprise) {
        body = {
          ...body,
          ok: false,
          reason: `unexpected ${surprise.kind} dialog ${JSON.stringify(surprise.text)} ` +
            "(dismissed; dialog handling is off)",
        };
      }
    }
    if (!body.ok && body.trace) {
      const diag = await sink.waitDiagnostic(stepDir, body.trace, post);
      if (diag) artifacts.push(diag);
    }
    if (body.ok && s.extract) {
      const failure = runExtract(post, s.extract, ctx.vars);
      if (failure !== null) body = { ...body, ok: false, reason: failure };
    }
  } catch (e) {
    // Cancelled or crashed mid-step: still finalize what the step started recording.
    if (intervals.length > 0) await stopQuietly(ctx, stepDir, intervals, artifacts);
    if (e instanceof RunCancelled) {
      outcome.ok = false;
      outcome.reason = CANCELLED_FAILURE;
      recordOutcome(ctx, ps, outcome, start, true);
    }
    throw e;
  }
  if (intervals.length > 0) artifacts.push(...await sink.stopIntervals(stepDir, intervals));

  outcome.ok = body.ok;
  outcome.reason = maskSecrets(ctx, body.reason);
  const detail = stepDetail(s, post);
  if (detail !== null) outcome.detail = maskSecrets(ctx, detail);
  outcome.assertionResults = maskResults(ctx, body.assertionResults);
  if (body.generated !== undefined) outcome.generated = body.generated;

  const fired = ctx.policy.length === 0 ? [] : firedRules(ctx.policy, {
    action: s.action,
    primaryId: pid,
    ok: body.ok,
    screenChanged: preTree !== null && !treesEqual(preTree, post),
  });
  outcome.firedRules = fired;
  const tokens = collectCaptures(s.capture, ctx.policy, fired, ctx.baselineCapture);
  artifacts.push(...await sink.capture(driver, stepDir, tokens, { elements: post }));
  const failure = recordOutcome(ctx, ps, outcome, start, true);
  const overlay = stepOverlay({
    action: s.action,
    actuations: outcome.actuations,
    selector: shown,
    before: baseline,
    after: post,
    candidates: body.candidates,
    cover: body.cover,
    shotPixels,
  });
  if (overlay !== null) outcome.overlay = maskValue(ctx, overlay);
  return failure;
}

/**
 * The tree the step's body read itself after its last command (a scroll's or a clear's last
 * read): the screen now, so the post-step tree without a second read. A tree the driver already
 * held when the step began is not one (the step may have changed the app without the driver: an
 * `http` step).
 */
function ownRead(driver: RunContext["driver"], recentAtStart: Element[] | null): Element[] | null {
  const recent = driver.recentTree?.() ?? null;
  return recent !== null && recent !== recentAtStart ? recent : null;
}

/** Interrupts pre-check, the body, and the alert-guard retry. */
async function act(
  ctx: RunContext,
  ps: PhaseState,
  s: Step,
  outcome: StepOutcome,
  preTree: Element[] | null,
  runList: StepListRunner,
): Promise<{ body: BodyResult; preTree: Element[] | null }> {
  let guard: InterruptGuard | null = null;
  if (ctx.interrupts.length > 0 && !ps.inRecovery) {
    try {
      guard = new InterruptGuard(
        ctx,
        ctx.interrupts,
        (steps) => runRecovery(ctx, ps, steps, runList),
      );
    } catch (e) {
      if (e instanceof InvalidAfterSubstitution) return { body: failedBody(e.message), preTree };
      throw e;
    }
    if (s.action !== "wait") {
      // Always a fresh read, never the reused pre tree: the interstitial may have appeared since
      // the previous step's post read, and evidence config must not change what the guard sees.
      const cleared = await guard.clearBeforeAct(await ctx.driver.query());
      // A cleared interstitial's own change must not count as this step's screen change.
      if (preTree !== null && cleared !== null) preTree = cleared;
    }
    if (guard.failure !== null) return { body: failedBody(guard.failure), preTree };
  }

  const waited = await autoWait(ctx, s, primarySelector(s));
  if (waited !== null) outcome.autoWait = { ...waited, selector: maskValue(ctx, waited.selector) };

  const noteAlert = (label: string) => (outcome.alerts ??= []).push({ label });
  let watchers: readonly PollWatcher[] = NO_WATCHERS;
  if (guard || (ctx.alertGuard && isArmedWait(s))) {
    const list: PollWatcher[] = guard ? [guard.watcher] : [];
    if (ctx.alertGuard && isArmedWait(s)) {
      const watch = new AlertWatch(ctx.alertGuard, ctx.driver, ctx.clock, noteAlert);
      list.push(async (tree) => ({ acted: await watch.observe(tree), abort: null }));
    }
    watchers = list;
  }
  let body = noteWait(outcome, await runStepBody(ctx, s, watchers));
  if (!body.ok && ctx.alertGuard && guard?.failure == null) {
    const label = await ctx.alertGuard(ctx.driver, body.tree);
    if (label !== null) {
      noteAlert(label);
      outcome.retried = true;
      // The retry is the one extra shot: the mid-wait guard is not re-armed for it.
      body = noteWait(outcome, await runStepBody(ctx, s, guard ? [guard.watcher] : NO_WATCHERS));
    }
  }
  if (guard && guard.failure !== null) body = { ...body, ok: false, reason: guard.failure };
  return { body, preTree };
}

/** Records a wait body's record on the outcome (a retry adds a second one). */
function noteWait(outcome: StepOutcome, body: BodyResult): BodyResult {
  if (body.wait) (outcome.waits ??= []).push(body.wait);
  return body;
}

/** The waits the alert guard is armed inside: `for`, `settled`, `screenChanged`. */
function isArmedWait(s: Step): boolean {
  if (s.action !== "wait") return false;
  const w = s.body;
  return "for" in w || w.until.kind === "settled" || w.until.kind === "screenChanged";
}

/** Recovery steps share the phase's counter and outcomes but never trigger interrupts. */
async function runRecovery(
  ctx: RunContext,
  ps: PhaseState,
  steps: readonly Step[],
  runList: StepListRunner,
): Promise<string | null> {
  const was = ps.inRecovery;
  ps.inRecovery = true;
  try {
    return await runList(ctx, ps, steps);
  } finally {
    ps.inRecovery = was;
  }
}

async function stopQuietly(
  ctx: RunContext,
  stepDir: string,
  intervals: Interval[],
  into: StepOutcome["artifacts"],
): Promise<void> {
  try {
    into.push(...await ctx.sink.stopIntervals(stepDir, intervals));
  } catch {
    // The step is already ending on a more important error; a lost recording must not mask it.
  }
}

/** The selector a `wait for` / `until: {gone}` step watches, for reports only. */
function awaitedSelector(s: Step): Selector | null {
  if (s.action !== "wait") return null;
  const w = s.body;
  if ("for" in w) return w.for;
  return w.until.kind === "gone" ? w.until.sel : null;
}
