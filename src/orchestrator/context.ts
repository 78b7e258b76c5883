/**
 * The state one `runScenario` call threads through its parts: the injected edges (driver, clock,
 * sink, guard, cancel signal), the run's bindings, and the few facts carried from one step to the
 * next. One context per run; nothing here outlives it.
 *
 * @module
 */
import type { Driver, Element } from "../drivers/driver.ts";
import type { SecretMasker } from "../evidence/secret_masker.ts";
import type { EvidenceSink } from "../evidence/sink.ts";
import type { CaptureRule, CaptureToken, Interrupt, Scenario } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import type { CancelSignal } from "../time/cancel.ts";
import type { LatencyMeter } from "./latency_meter.ts";
import type { AlertGuard, Relauncher, RunOptions, StepOutcome } from "./types.ts";

/** The three lifecycle phases; each numbers its steps from 0 into its own outcome list. */
export type Phase = "before" | "steps" | "after";

/** The run-wide state shared by every phase and step. */
export interface RunContext {
  readonly driver: Driver;
  readonly scenario: Scenario;
  readonly clock: Clock;
  readonly sink: EvidenceSink;
  readonly alertGuard: AlertGuard | null;
  /** Times the driver, clock and sink calls of each step (docs/reports.md#latency). */
  readonly meter: LatencyMeter;
  /** Read at every safe boundary; the after phase swaps in its own deadline-bounded signal. */
  cancel: CancelSignal;
  /** Floor under wait timeouts and the assert/expect re-read budget. */
  readonly minWaitTimeoutS: number;
  readonly relauncher: Relauncher | null;
  /** The flat, scenario-wide `vars.*` bindings; producers write here. */
  readonly vars: Record<string, string>;
  readonly secrets: Readonly<Record<string, string>>;
  /** Masks the secret values, in every encoded form, out of outcome texts. */
  readonly secretMasker: SecretMasker;
  readonly baselineCapture: readonly CaptureToken[];
  readonly policy: readonly CaptureRule[];
  /** True when some capturePolicy rule fires on `event: screenChanged` (a pre-action tree is needed). */
  readonly wantsScreenChanged: boolean;
  /** Config interrupts, then the scenario's. */
  readonly interrupts: readonly Interrupt[];
  readonly random: () => number;
  readonly options: RunOptions;
  /** Wall-clock epoch seconds at `monoStart`, read once per scenario. */
  readonly wallStart: number;
  readonly monoStart: number;
  /** The last tree a step read after acting (seeds the next step's "before"). */
  prevTree: Element[] | null;
  /**
   * The post tree of the last leaf step, i.e. the state its after.png shows. While `prevTree` is
   * still this very tree, nothing has replaced the post state and the after-shot can stand in
   * for the next before-shot.
   */
  afterShotTree: Element[] | null;
  /** A `select` left a live selection (`copy` needs one; most other actions clear it). */
  selectionLive: boolean;
  /** Unbound runtime tokens already warned about. */
  readonly warnedTokens: Set<string>;
  /** Per-step-object facts computed once per run (does the step hold a `${` token?). */
  readonly tokenCache: WeakMap<object, boolean>;
}

/** Per-phase bookkeeping: the outcome list, the shared index counter, the evidence prefix. */
export interface PhaseState {
  readonly phase: Phase;
  readonly outcomes: StepOutcome[];
  /** Next step index (containers, nested steps and interrupt recoveries all take one). */
  next: number;
  /** `""` for steps, `"before/"` / `"after/"` for hooks (docs/reports.md#the-run-folder). */
  readonly dirPrefix: string;
  /** True while interrupt recovery steps run: they never trigger interrupts themselves. */
  inRecovery: boolean;
}

/** A fresh phase state. */
export function newPhase(phase: Phase, outcomes: StepOutcome[]): PhaseState {
  const dirPrefix = phase === "steps" ? "" : `${phase}/`;
  return { phase, outcomes, next: 0, dirPrefix, inRecovery: false };
}
