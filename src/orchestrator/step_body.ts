/**
 * `runStepBody` (docs/architecture.md#one-leaf-step): the act / wait / assert of one leaf step,
 * dispatched by one exhaustive `switch` over the DSL action (the compiler checks every kind is
 * handled). Step-level errors (selector, not tappable, unsupported, not implemented, the loop's own
 * `StepFailed`, a bad regex) become a failed step; anything else — a backend crash, a device or
 * channel fault, cancellation — propagates.
 *
 * @module
 */
import { ElementNotTappable, isStepLevelError, SelectorError } from "../drivers/driver.ts";
import type { Candidate, Element } from "../drivers/driver.ts";
import type { WaitTrace } from "../evidence/sink.ts";
import { InvalidRegex } from "../selectors/mod.ts";
import type { Step } from "../scenario/types.ts";
import { evaluateBlock, failedReasons } from "./assert_block.ts";
import type { RunContext } from "./context.ts";
import { deviceControl } from "./actions/device_control.ts";
import { email } from "./actions/email.ts";
import { generate } from "./actions/generate.ts";
import { drag, swipe, tapPoint } from "./actions/gestures.ts";
import { http } from "./actions/http.ts";
import { hover, press } from "./actions/keys.ts";
import { manual } from "./actions/manual.ts";
import { pinch, rotate } from "./actions/multi_touch.ts";
import { back, relaunch } from "./actions/navigation.ts";
import { handleSystemAlert, selectOption, setPickerValue } from "./actions/pickers.ts";
import { scrollTo } from "./actions/scroll.ts";
import { doubleTap, longPress, tap } from "./actions/taps.ts";
import { clear, copySelection, deleteChars, selectText } from "./actions/text_edit.ts";
import { totp } from "./actions/totp.ts";
import { typeText } from "./actions/typing.ts";
import { StepFailed } from "./step_failed.ts";
import type { AssertionResult, WaitRecord } from "./types.ts";
import { type PollWatcher, runWait } from "./waits.ts";

/** What one run of a step body produced. */
export interface BodyResult {
  ok: boolean;
  reason: string;
  assertionResults: AssertionResult[];
  /** The tree a non-mutating step (wait, assert) settled on; null for every other step. */
  tree: Element[] | null;
  /** A `for` wait's poll record when it timed out. */
  trace: WaitTrace | null;
  /** The value a `generate` step produced. */
  generated?: string;
  /** A wait step's record: what ended it, its reads and time. */
  wait?: WaitRecord;
  /** The elements a resolution failure names: every candidate of an ambiguous match. */
  candidates?: Candidate[];
  /** What covered the target of a not-tappable failure. */
  cover?: Candidate;
}

const PASSED: BodyResult = Object.freeze({
  ok: true,
  reason: "",
  assertionResults: [],
  tree: null,
  trace: null,
}) as BodyResult;

/** Actions that keep a live `select` selection (everything else clears it). */
const KEEPS_SELECTION: ReadonlySet<string> = new Set(["wait", "assert", "copy", "select"]);

/** A failed body with `reason`. */
export function failedBody(reason: string): BodyResult {
  return { ok: false, reason, assertionResults: [], tree: null, trace: null };
}

/**
 * Runs one (already substituted) leaf step's body. `watchers` watch the polls of a
 * `for`/`settled`/`screenChanged` wait.
 */
export async function runStepBody(
  ctx: RunContext,
  step: Step,
  watchers: readonly PollWatcher[],
): Promise<BodyResult> {
  try {
    if (!KEEPS_SELECTION.has(step.action)) ctx.selectionLive = false;
    return await dispatch(ctx, step, watchers);
  } catch (e) {
    if (isStepLevelError(e) || e instanceof StepFailed || e instanceof InvalidRegex) {
      const failed = failedBody(e.message);
      if (e instanceof SelectorError && e.candidates.length > 0) failed.candidates = e.candidates;
      if (e instanceof ElementNotTappable && e.cover !== null) failed.cover = e.cover;
      return failed;
    }
    throw e;
  }
}

async function dispatch(
  ctx: RunContext,
  step: Step,
  watchers: readonly PollWatcher[],
): Promise<BodyResult> {
  switch (step.action) {
    case "wait": {
      const w = await runWait(ctx, step.body, watchers);
      return {
        ok: w.ok,
        reason: w.reason,
        assertionResults: w.results ?? [],
        tree: w.tree,
        trace: w.trace,
        wait: w.record,
      };
    }
    case "assert": {
      const { results, tree, wait } = await evaluateBlock(ctx, step.body, {});
      const ok = results.every((r) => r.ok);
      return {
        ok,
        reason: ok ? "" : failedReasons(results),
        assertionResults: results,
        tree,
        trace: null,
        ...(wait ? { wait } : {}),
      };
    }
    case "tap":
      await tap(ctx, step.body);
      return PASSED;
    case "press":
      await press(ctx, step.body);
      return PASSED;
    case "hover":
      await hover(ctx, step.body);
      return PASSED;
    case "doubleTap":
      await doubleTap(ctx, step.body);
      return PASSED;
    case "longPress":
      await longPress(ctx, step.body);
      return PASSED;
    case "tapPoint":
      await tapPoint(ctx, step.body);
      return PASSED;
    case "type":
      await typeText(ctx, step.body);
      return PASSED;
    case "clear":
      await clear(ctx, step.body);
      return PASSED;
    case "delete":
      await deleteChars(ctx, step.body);
      return PASSED;
    case "select":
      await selectText(ctx, step.body);
      return PASSED;
    case "copy":
      await copySelection(ctx);
      return PASSED;
    case "selectOption":
      await selectOption(ctx, step.body);
      return PASSED;
    case "setPickerValue":
      await setPickerValue(ctx, step.body);
      return PASSED;
    case "swipe":
      await swipe(ctx, step.body);
      return PASSED;
    case "drag":
      await drag(ctx, step.body);
      return PASSED;
    case "scroll":
      await scrollTo(ctx, step.body);
      return PASSED;
    case "back":
      await back(ctx);
      return PASSED;
    case "pinch":
      await pinch(ctx, step.body);
      return PASSED;
    case "rotate":
      await rotate(ctx, step.body);
      return PASSED;
    case "relaunch": {
      const gate = await relaunch(ctx, step.body);
      return gate ? { ...PASSED, wait: gate } : PASSED;
    }
    case "handleSystemAlert":
      await handleSystemAlert(ctx, step.body);
      return PASSED;
    case "manual":
      return await manual(step.body);
    case "http":
      await http(ctx, step.body);
      return PASSED;
    case "totp":
      await totp(ctx, step.body);
      return PASSED;
    case "generate":
      return { ...PASSED, generated: generate(ctx, step.body) };
    case "email":
      return await email();
    case "setLocation":
    case "push":
    case "clearKeychain":
    case "clearClipboard":
    case "setClipboard":
    case "background":
    case "foreground":
    case "overrideStatusBar":
    case "clearStatusBar":
      return await deviceControl(step.action);
    case "if":
    case "forEach":
    case "web":
      // Containers never reach a leaf body (control_flow.ts runs them).
      throw new Error(`internal: container ${step.action} dispatched as a leaf`);
    default: {
      const never: never = step;
      throw new Error(`internal: unknown action ${(never as Step).action}`);
    }
  }
}
