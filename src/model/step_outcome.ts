/**
 * The outcome of one step (docs/architecture.md#the-run-loop) and the parts reports draw from it:
 * its latency, its overlay, its auto-wait.
 *
 * @module
 */
import type { ActionName } from "./step.ts";
import type { Selector } from "./selector.ts";
import type { Frame } from "./geometry.ts";
import type { Actuation } from "./actuation.ts";
import type { DialogRecord } from "./dialog_record.ts";
import type { Artifact } from "./artifact.ts";
import type { AssertionResult } from "./assertion_result.ts";
import type { WaitRecord } from "./wait_record.ts";

/** The outcome of one step, leaf or container. */
export interface StepOutcome {
  /** 0-based, per phase, in execution order. */
  index: number;
  /** DSL action name. */
  action: ActionName;
  /** `name` or `step<index>`. */
  stepId: string;
  ok: boolean;
  /** Failure reason; "" when ok. */
  reason: string;
  durationS: number;
  actuations: Actuation[];
  droppedActuations: number;
  assertionResults: AssertionResult[];
  artifacts: Artifact[];
  /** Indices of the capturePolicy rules that fired for this step. */
  firedRules: number[];
  /** Source line of the step in its scenario (or component) file, when known. */
  line?: number;
  file?: string;
  /** The selector the step acted on, for reports (after substitution). */
  selector?: Selector;
  /** Value produced by a `generate` step. */
  generated?: string;
  /** True when the alert guard cleared a blocker and the step was retried. */
  retried?: boolean;
  /** Absolute start of the step, epoch seconds (wall clock read once per scenario + monotonic). */
  startedAt?: number;
  /** System alerts the alert guard dismissed during this step. */
  alerts?: { label: string }[];
  /** The opt-in auto-wait before the action (target `actionTimeout`). */
  autoWait?: AutoWait;
  /** JavaScript dialogs the page opened during this step, and how each was answered. */
  dialogs?: DialogRecord[];
  /**
   * What the step did beyond its selector, for reports: the text typed (masked when secret),
   * the key pressed, the kind of wait (docs/reports.md#steps).
   */
  detail?: string;
  /** Every condition wait the step ran (a retry adds its own), in order (docs/reports.md#waits). */
  waits?: WaitRecord[];
  /** Where the step's time went, by kind of work (docs/reports.md#latency). */
  latency?: StepLatency;
  /** What to draw over the step's screenshot (docs/reports.md#element-frames). */
  overlay?: StepOverlay;
}

/**
 * Seconds of one step by kind of work, each counted once (the outermost call wins): reading the
 * screen (`query` and other read-only driver calls), actuating (every other driver call), waiting
 * (sleeps between polls) and capturing evidence (every evidence-sink call, its own reads
 * included). What is left of the step's duration is host-side work.
 */
export interface StepLatency {
  readS: number;
  actS: number;
  waitS: number;
  evidenceS: number;
}

/** A rectangle to draw over a screenshot, in the driver's units, and why. */
export interface OverlayBox {
  frame: Frame;
  /** `target`: what the step resolved; `candidate`: one of an ambiguous match; `cover`: what covered the target. */
  role: "target" | "candidate" | "cover";
  label: string | null;
}

/** The frames and tap point of a step, on the screenshot they belong to. */
export interface StepOverlay {
  /** `before` for actions (resolved on the screen before acting), `after` for waits and asserts. */
  shot: "before" | "after";
  /** The screen in the driver's units (the tree's root or extent). */
  screen: [w: number, h: number];
  /** Screenshot pixels per driver unit, when the shot's size is known. */
  scale: number | null;
  boxes: OverlayBox[];
  /** Where a tap-like gesture landed. */
  point: [x: number, y: number] | null;
}

/** What an action's auto-wait did: how long, how many reads, and whether it got its target. */
export interface AutoWait {
  selector: Selector;
  seconds: number;
  polls: number;
  /** The selector resolved uniquely (to an enabled element, when `enabled`) in time. */
  ready: boolean;
  /** The action presses on its target, so a disabled one was waited out too. */
  enabled: boolean;
}
