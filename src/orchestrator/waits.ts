/**
 * Condition waits (docs/scenario-language.md#wait): poll `query()` (or the observed
 * exchanges) every 50 ms until the condition holds or the effective timeout passes. Every read is
 * checked before the deadline test, so `timeout: 0` still gets one look. There is no fixed sleep.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import type { WaitTrace } from "../evidence/sink.ts";
import { countMatching, evaluate, passed, requestLabel } from "../assertions/mod.ts";
import { indexedPresent, renderSelector, treesEqual } from "../selectors/mod.ts";
import type { Assertion, RequestMatch, Selector, WaitSpec } from "../scenario/types.ts";
import { failedReasons } from "./assert_block.ts";
import type { AssertionResult, WaitEnd, WaitRecord } from "./types.ts";
import { checkCancelled } from "./cancellation.ts";
import type { RunContext } from "./context.ts";
import { pastDeadline, sleepRemainder } from "./poll.ts";
import { ScreenChange } from "./screen_change.ts";

/** Reads needed for `settled`: the first read plus two unchanged re-reads. */
export const SETTLED_READS = 3;

/**
 * Something watching a wait's polls after its own condition failed (interrupts, the armed
 * alert guard). `acted`: it changed the screen, so the tree just read is stale. `abort`: a
 * failure that ends the wait at once.
 */
export type PollWatcher = (
  tree: readonly Element[],
) => Promise<{ acted: boolean; abort: string | null }>;

/**
 * The result of one wait. `tree` is the last read: the screen the wait settled on. It is null for
 * `until: request` (no tree read) and for a wait a watcher aborted (its recovery steps acted
 * after that read, so the step's post tree must be read afresh).
 */
export interface WaitOutcome {
  ok: boolean;
  reason: string;
  tree: Element[] | null;
  /** Poll record of a `for` wait, for its timeout diagnostic. */
  trace: WaitTrace | null;
  /** An `until: assert` wait's results on its last read. */
  results?: AssertionResult[];
  /** What ended the wait, its reads and its time (docs/reports.md#waits). */
  record: WaitRecord;
}

/** The timeout a wait really uses: its own, raised to the run's floor. */
export function effectiveTimeout(ctx: RunContext, timeout: number): number {
  return Math.max(timeout, ctx.minWaitTimeoutS);
}

/**
 * Runs one wait. `watchers` are consulted on each poll of `for`, `settled` and `screenChanged`
 * waits after the condition failed.
 */
export async function runWait(
  ctx: RunContext,
  spec: WaitSpec,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  const t = effectiveTimeout(ctx, spec.timeout);
  const start = ctx.clock.now();
  const out = await dispatchWait(ctx, spec, t, watchers);
  out.record.seconds = ctx.clock.now() - start;
  out.record.timeoutS = t;
  return out;
}

function dispatchWait(
  ctx: RunContext,
  spec: WaitSpec,
  t: number,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  if ("for" in spec) return waitFor(ctx, spec.for, t, watchers);
  switch (spec.until.kind) {
    case "gone":
      return waitGone(ctx, spec.until.sel, t);
    case "screenChanged":
      return waitScreenChanged(ctx, t, watchers);
    case "settled":
      return waitSettled(ctx, t, watchers);
    case "request":
      return waitRequest(ctx, spec.until.match, t);
    case "assert":
      return waitAssert(ctx, spec.until.assertions, t, watchers);
  }
}

interface PollResult {
  met: boolean;
  tree: Element[];
  abort: string | null;
  reads: number;
  /** Rounds in which a watcher acted. */
  acts: number;
}

/**
 * The shared poll loop: read, check, let the watchers look, test the deadline, sleep the rest
 * of the period. A watcher that acted skips that round's deadline test, so its effect gets one
 * look (watchers are capped, so this stays bounded). `check` is told when the read follows a
 * round in which a watcher acted: that screen shows the watcher's doing, not the step's.
 */
async function pollTree(
  ctx: RunContext,
  deadline: number,
  check: (tree: Element[], readStart: number, afterWatcher: boolean) => boolean,
  watchers: readonly PollWatcher[],
): Promise<PollResult> {
  const { clock, driver } = ctx;
  let reads = 0;
  let acts = 0;
  let afterWatcher = false;
  for (;;) {
    checkCancelled(ctx.cancel);
    const readStart = clock.now();
    const tree = await driver.query();
    reads++;
    if (check(tree, readStart, afterWatcher)) return { met: true, tree, abort: null, reads, acts };
    let acted = false;
    for (const watch of watchers) {
      const verdict = await watch(tree);
      if (verdict.abort !== null) {
        return { met: false, tree, abort: verdict.abort, reads, acts: acts + 1 };
      }
      acted ||= verdict.acted;
    }
    if (acted) acts++;
    afterWatcher = acted;
    if (!acted && pastDeadline(clock, deadline)) {
      return { met: false, tree, abort: null, reads, acts };
    }
    await sleepRemainder(clock, readStart, deadline);
  }
}

/** A wait record with its time and timeout left for `runWait` to stamp. */
function waitRecord(kind: string, endedBy: WaitEnd, reads: number, acts = 0): WaitRecord {
  const record: WaitRecord = { kind, endedBy, reads, seconds: 0, timeoutS: 0 };
  if (acts > 0) record.watcherActs = acts;
  return record;
}

/** The record of a wait that polled the tree: met, aborted by a watcher, or timed out. */
function polledRecord(kind: string, r: PollResult, met: WaitEnd): WaitRecord {
  const end: WaitEnd = r.met ? met : r.abort !== null ? "aborted" : "timeout";
  return waitRecord(kind, end, r.reads, r.acts);
}

/** A wait a watcher ended: no tree, since the watcher's steps acted after the last read. */
function aborted(reason: string, record: WaitRecord): WaitOutcome {
  return { ok: false, reason, tree: null, trace: null, record };
}

function timeoutText(what: string, t: number): string {
  return `wait timeout: ${what} (${String(t)}s)`;
}

async function waitFor(
  ctx: RunContext,
  sel: Selector,
  t: number,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  const start = ctx.clock.now();
  // Rendered only on timeout: the common (passing) wait should not pay for a string.
  const trace: WaitTrace = {
    target: "",
    timeoutSeconds: t,
    polls: 0,
    firstNonemptySeconds: null,
    elementsAtTimeout: 0,
    readiness: ctx.options.readiness ?? null,
  };
  const r = await pollTree(ctx, start + t, (tree, readStart) => {
    trace.polls++;
    if (tree.length > 0 && trace.firstNonemptySeconds === null) {
      trace.firstNonemptySeconds = readStart - start;
    }
    return indexedPresent(tree, sel);
  }, watchers);
  const record = polledRecord("for", r, "condition");
  if (r.met) return { ok: true, reason: "", tree: r.tree, trace: null, record };
  trace.elementsAtTimeout = r.tree.length;
  trace.target = renderSelector(sel);
  if (r.abort !== null) return aborted(r.abort, record);
  return { ok: false, reason: timeoutText(`for ${trace.target}`, t), tree: r.tree, trace, record };
}

async function waitGone(ctx: RunContext, sel: Selector, t: number): Promise<WaitOutcome> {
  const r = await pollTree(ctx, ctx.clock.now() + t, (tree) => !indexedPresent(tree, sel), []);
  const reason = r.met ? "" : timeoutText(`gone ${renderSelector(sel)}`, t);
  return {
    ok: r.met,
    reason,
    tree: r.tree,
    trace: null,
    record: polledRecord("gone", r, "condition"),
  };
}

/**
 * Compares every read with the first read this wait takes, not the screen before the previous
 * action; what a watcher's action removed is left out of the comparison (`ScreenChange`).
 */
async function waitScreenChanged(
  ctx: RunContext,
  t: number,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  const { clock } = ctx;
  const deadline = clock.now() + t;
  checkCancelled(ctx.cancel);
  const initialStart = clock.now();
  const change = new ScreenChange(await ctx.driver.query());
  await sleepRemainder(clock, initialStart, deadline);
  const r = await pollTree(
    ctx,
    deadline,
    (tree, _start, afterWatcher) => change.changed(tree, afterWatcher),
    watchers,
  );
  const record = polledRecord("screenChanged", r, "changed");
  record.reads++; // the initial read
  if (change.setAside > 0) record.watcherRemoved = change.setAside;
  if (r.met) return { ok: true, reason: "", tree: r.tree, trace: null, record };
  if (r.abort !== null) return aborted(r.abort, record);
  return { ok: false, reason: timeoutText("screenChanged", t), tree: r.tree, trace: null, record };
}

/**
 * Three consecutive identical reads with at least one identified element. A collapsed tree
 * (empty or anonymous) never settles; on timeout the wait passes with the current screen.
 */
async function waitSettled(
  ctx: RunContext,
  t: number,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  let previous: Element[] | null = null;
  let identical = 0;
  const r = await pollTree(ctx, ctx.clock.now() + t, (tree) => {
    identical = previous !== null && treesEqual(previous, tree) ? identical + 1 : 1;
    previous = tree;
    return identical >= SETTLED_READS && tree.some((el) => !!el.identifier);
  }, watchers);
  const record = polledRecord("settled", r, "stable");
  record.stableReads = identical;
  if (r.abort !== null) return aborted(r.abort, record);
  return { ok: true, reason: "", tree: r.tree, trace: null, record };
}

/**
 * Polls until every assertion holds on one read (the explicit form of auto-waiting); on timeout
 * fails with the reasons of the last read's failed assertions.
 */
async function waitAssert(
  ctx: RunContext,
  assertions: readonly Assertion[],
  t: number,
  watchers: readonly PollWatcher[],
): Promise<WaitOutcome> {
  let results: AssertionResult[] = [];
  const r = await pollTree(ctx, ctx.clock.now() + t, (tree) => {
    results = evaluate(tree, assertions, ctx.driver.exchanges?.() ?? [], {});
    return passed(results);
  }, watchers);
  const record = polledRecord("assert", r, "condition");
  if (r.met) return { ok: true, reason: "", tree: r.tree, trace: null, results, record };
  if (r.abort !== null) return aborted(r.abort, record);
  const reason = `${timeoutText("until assert", t)}: ${failedReasons(results)}`;
  return { ok: false, reason, tree: r.tree, trace: null, results, record };
}

/** Counts observed exchanges matching `match` (≥ `match.count ?? 1`); reads no tree. */
async function waitRequest(ctx: RunContext, match: RequestMatch, t: number): Promise<WaitOutcome> {
  const { clock, driver } = ctx;
  const deadline = clock.now() + t;
  const need = match.count ?? 1;
  let reads = 0;
  for (;;) {
    checkCancelled(ctx.cancel);
    const readStart = clock.now();
    reads++;
    if (countMatching(driver.exchanges?.() ?? [], match) >= need) {
      return {
        ok: true,
        reason: "",
        tree: null,
        trace: null,
        record: waitRecord("request", "condition", reads),
      };
    }
    if (pastDeadline(clock, deadline)) {
      return {
        ok: false,
        reason: timeoutText(`request ${requestLabel(match)}`, t),
        tree: null,
        trace: null,
        record: waitRecord("request", "timeout", reads),
      };
    }
    await sleepRemainder(clock, readStart, deadline);
  }
}
