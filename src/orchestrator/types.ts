/**
 * Run results (StepOutcome / RunResult, docs/architecture.md#the-run-loop) and the inputs of
 * `runScenario`. Reports are pure functions of these records.
 *
 * @module
 */
import type {
  Actuation,
  DialogPolicy,
  DialogRecord,
  Driver,
  Element,
  Frame,
} from "../drivers/driver.ts";
import type { AssertionKind, Interrupt, Redact, Selector } from "../scenario/types.ts";
import type { ActionName, CaptureToken } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import type { CancelSignal } from "../time/cancel.ts";
import type { Artifact, EvidenceSink, WaitTrace } from "../evidence/sink.ts";
import type { EvalContext } from "../assertions/context.ts";

export type { Artifact };

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
 * What ended a wait: its condition held (`condition`), the screen held still for the reads
 * `settled` needs (`stable`), the screen differed from the wait's first read (`changed`), the
 * timeout passed (`timeout`), a watcher's recovery failed (`aborted`), or (`assert-retry`) only
 * assertions a re-read cannot change still failed (`readOnce`).
 */
export type WaitEnd = "condition" | "stable" | "changed" | "timeout" | "aborted" | "readOnce";

/** The launch readiness gate as a wait: which rung fired (`timeout` when none did). */
export interface LaunchRecord extends WaitRecord {
  signal: string;
}

/** One condition wait, as the report shows it: what ended it, how many reads, how long. */
export interface WaitRecord {
  /**
   * `for`, `gone`, `screenChanged`, `settled`, `request` or `assert` (wait steps); `assert-retry`
   * (an assertion re-read under the run's floor); `scroll-settle` (a driver's in-page scroll
   * settle); `launch` (the readiness gate, on the scenario); `relaunch` (the readiness gate after a
   * relaunch step).
   */
  kind: string;
  endedBy: WaitEnd;
  /** Tree reads (exchange-list reads for `request`), the screenChanged initial read included. */
  reads: number;
  seconds: number;
  /** The effective timeout (the run's floor applied). */
  timeoutS: number;
  /** `settled`: identical consecutive reads at the end. */
  stableReads?: number;
  /** Rounds in which a watcher (interrupt recovery, alert guard) acted on the screen. */
  watcherActs?: number;
  /** `screenChanged`: elements left out of the comparison because a watcher's action removed them. */
  watcherRemoved?: number;
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

export type AfterVerdict = "success" | "error" | "";

export interface RunResult {
  scenario: string;
  ok: boolean;
  steps: StepOutcome[];
  expectResults: AssertionResult[];
  /** e.g. `step 3 (tap): no match: {"id":"x"}`; null when ok. */
  failure: string | null;
  beforeOutcomes: StepOutcome[];
  afterOutcomes: StepOutcome[];
  afterVerdict: AfterVerdict;
  durationS: number;
  /** Variables bound during the run (values of secrets never appear here). */
  vars: Record<string, string>;
  /** What the driver did while the alert guard cleared a blocker before `expect` re-ran. */
  expectActuations?: Actuation[];
  /** Alerts the guard dismissed before `expect` was re-evaluated. */
  expectAlerts?: { label: string }[];
  /** The `expect` block's re-read waits under the run's floor (docs/reports.md#waits). */
  expectWaits?: WaitRecord[];
  /** The launch readiness gate's wait (docs/reports.md#waits). */
  launch?: LaunchRecord;
}

/**
 * Clears a blocker (a system alert…) when a step failed; returns a description of what it
 * dismissed, or null when nothing was there. A non-null answer earns the step one retry.
 */
export type AlertGuard = (driver: Driver, tree: Element[] | null) => Promise<string | null>;

/** Re-launches the app (terminate + launch with overrides) then waits until it is ready. */
/** Relaunches the app; resolves to the readiness gate's record when it ran one. */
export type Relauncher = (overrides: { env?: Record<string, string>; args?: string[] }) => Promise<
  WaitRecord | void
>;

export interface RunOptions {
  clock?: Clock;
  sink?: EvidenceSink;
  alertGuard?: AlertGuard | null;
  cancel?: CancelSignal;
  /** Seconds the after phase may use when the run was cancelled (a tenth of the grace). */
  afterPhaseDeadlineS?: number;
  /** Initial variable bindings (`vars.*`). */
  vars?: Record<string, string>;
  /** Resolved `${secrets.*}` values, masked in evidence. */
  secrets?: Record<string, string>;
  /** Config baseline captures applied to every leaf step (`defaults.capture`). */
  baselineCapture?: CaptureToken[];
  /** Floor under every wait timeout and the assert/expect re-read budget (BAJUTSU_MIN_WAIT_TIMEOUT). */
  minWaitTimeoutS?: number;
  relauncher?: Relauncher | null;
  /** Config-level interrupts, run before the scenario's (docs/scenario-language.md#interrupts). */
  interrupts?: Interrupt[];
  /** Redaction rules (config ∪ scenario), for sinks that write text. */
  redact?: Redact;
  /** The scenario's evidence directory (`<NN>-<slug>`); passed to `sink.beginScenario`. */
  scenarioId?: string;
  /** The launch readiness gate's wait, recorded on the scenario (docs/reports.md#waits). */
  launch?: LaunchRecord;
  /** The launch readiness record, quoted in `for`-wait timeout diagnostics. */
  readiness?: WaitTrace["readiness"];
  /** Runner-side HTTP for `http` steps; defaults to the global `fetch`. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Non-fatal notes (an unbound `${…}` token, once per token per run). */
  warn?: (message: string) => void;
  /** Context handed to the assertion evaluator for `expect` (the clipboard read…). */
  expectContext?: EvalContext;
  /** Called as steps finish (progress lines). */
  onStep?: (phase: "before" | "steps" | "after", outcome: StepOutcome) => void;
  /** Called when a leaf step starts (live progress line). */
  onStepStart?: (phase: "before" | "steps" | "after", index: number, action: ActionName) => void;
  /** Random source (generate steps); defaults to crypto. */
  random?: () => number;
  /**
   * Seconds an action polls for its selector before acting (target `actionTimeout`); 0 or
   * absent = one read, today's behaviour.
   */
  actionTimeoutS?: number;
  /** How JavaScript dialogs are answered (from systemAlertHandling); default: dismissed. */
  dialogPolicy?: DialogPolicy;
}
