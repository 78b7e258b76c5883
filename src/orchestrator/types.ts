/**
 * The inputs of `runScenario` (RunOptions, the alert guard, the relauncher). The run results it
 * returns (StepOutcome / RunResult, docs/architecture.md#the-run-loop) are plain data in src/model,
 * re-exported here.
 *
 * @module
 */
import type { DialogPolicy, Driver, Element } from "../drivers/driver.ts";
import type { Interrupt, Redact } from "../scenario/types.ts";
import type { ActionName, CaptureToken } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import type { CancelSignal } from "../time/cancel.ts";
import type { EvidenceSink, WaitTrace } from "../evidence/sink.ts";
import type { EvalContext } from "../assertions/context.ts";
import type { StepOutcome } from "../model/step_outcome.ts";
import type { LaunchRecord, WaitRecord } from "../model/wait_record.ts";

// The result types live in src/model (what reports read); re-exported for the orchestrator's users.
export type { Artifact } from "../model/artifact.ts";
export type { AssertionResult } from "../model/assertion_result.ts";
export type {
  AutoWait,
  OverlayBox,
  StepLatency,
  StepOutcome,
  StepOverlay,
} from "../model/step_outcome.ts";
export type { LaunchRecord, WaitEnd, WaitRecord } from "../model/wait_record.ts";
export type { AfterVerdict, RunResult } from "../model/run_result.ts";

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
