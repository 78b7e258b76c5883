/**
 * The default sink (docs/architecture.md#evidence-sink): writes nothing and triggers no driver
 * reads, so a run without evidence costs nothing extra.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import type { Element } from "../model/element.ts";
import type { EvidenceSink, Interval, WaitTrace } from "./sink.ts";
import type { Artifact } from "../model/artifact.ts";
import type { SkippedCapture } from "../model/skipped_capture.ts";

/** Every method returns an empty result without touching the driver. */
export class NullSink implements EvidenceSink {
  beginScenario(_sid: string): void {}

  before(_driver: Driver, _stepDir: string, _elements: Element[] | null): Promise<Artifact[]> {
    return Promise.resolve([]);
  }

  afterShot(_driver: Driver, _stepDir: string): Promise<Artifact[]> {
    return Promise.resolve([]);
  }

  capture(
    _driver: Driver,
    _stepDir: string,
    _tokens: string[],
    _opts?: { elements?: Element[] },
  ): Promise<Artifact[]> {
    return Promise.resolve([]);
  }

  waitDiagnostic(_stepDir: string, _trace: WaitTrace, _elements: Element[]): Promise<null> {
    return Promise.resolve(null);
  }

  startIntervals(_driver: Driver, _stepDir: string, _kinds: string[]): Promise<Interval[]> {
    return Promise.resolve([]);
  }

  stopIntervals(_stepDir: string, _started: Interval[]): Promise<Artifact[]> {
    return Promise.resolve([]);
  }

  skippedCaptures(_sid: string): SkippedCapture[] {
    return [];
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }
}
