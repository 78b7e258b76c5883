/**
 * The evidence sink (docs/architecture.md#evidence-sink): where captures go. The loop decides what
 * to capture; the sink writes it. `NullSink` writes nothing and triggers no extra reads.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import type { Element } from "../model/element.ts";
import type { Exchange } from "../model/exchange.ts";

import type { Artifact } from "../model/artifact.ts";
import type { SkippedCapture } from "../model/skipped_capture.ts";

export type { Artifact, ArtifactKind } from "../model/artifact.ts";
export type { SkippedCapture } from "../model/skipped_capture.ts";

/** What a timed-out `for` wait saw (wait-timeout.json's trace). */
export interface WaitTrace {
  target: string;
  timeoutSeconds: number;
  polls: number;
  firstNonemptySeconds: number | null;
  elementsAtTimeout: number;
  readiness: { ready: boolean; signal: string; elapsedSeconds: number; settled: boolean } | null;
}

/** A started interval capture. */
export interface Interval {
  kind: string;
  stop(): Promise<Artifact | null>;
}

export interface EvidenceSink {
  /** Sets the scenario directory for the following calls (`<NN>-<slug>`), and the phase. */
  beginScenario(sid: string): void;
  /**
   * Pre-action baseline: before.png + elements.json for a leaf step. With `reuseAfterShot`, the
   * pre baseline is the previous leaf step's post state (its tree is `elements`), so the sink may
   * write that step's after.png as this before.png instead of taking the same picture again.
   * With `holdWrites` (a step that only reads the screen), the files queued from now on are
   * written once a later step without it begins, or at `flush` (docs/architecture.md#evidence-sink).
   */
  before(
    driver: Driver,
    stepDir: string,
    elements: Element[] | null,
    opts?: { reuseAfterShot?: boolean; holdWrites?: boolean },
  ): Promise<Artifact[]>;
  /** after.png, shot right after the action. */
  afterShot(driver: Driver, stepDir: string): Promise<Artifact[]>;
  /** Instant captures (post-step elements.json and fired tokens). */
  capture(
    driver: Driver,
    stepDir: string,
    tokens: string[],
    opts?: { elements?: Element[] },
  ): Promise<Artifact[]>;
  waitDiagnostic(stepDir: string, trace: WaitTrace, elements: Element[]): Promise<Artifact | null>;
  startIntervals(driver: Driver, stepDir: string, kinds: string[]): Promise<Interval[]>;
  stopIntervals(stepDir: string, started: Interval[]): Promise<Artifact[]>;
  /** Waits for writes queued off the step's critical path. */
  flush(): Promise<void>;
  /**
   * Text a `type` step is about to type (optional): a secret inside it is masked by prefix in
   * the traffic logs, where a page reacting per keystroke sends and logs partial values.
   */
  noteTyped?(text: string): void;
  /** Writes the scenario's `network.json` (optional); null when nothing was written. */
  network?(exchanges: readonly Exchange[]): Promise<Artifact | null>;
  /** Pixel size of the latest screenshot, when known (optional; docs/reports.md#element-frames). */
  shotSize?(): [width: number, height: number] | null;
  /** Captures of scenario `sid` that could not be taken, each kind once (optional). */
  skippedCaptures?(sid: string): SkippedCapture[];
}
