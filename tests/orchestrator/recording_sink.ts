/**
 * A test double for the EvidenceSink: records every call (in order, into a log that a logging
 * driver may share) and returns one artifact per call so tests can see what each step kept.
 *
 * @module
 */
import type { Driver, Element } from "../../src/drivers/driver.ts";
import type { Artifact, EvidenceSink, Interval, WaitTrace } from "../../src/evidence/sink.ts";

/** One recorded sink call. */
export interface SinkCall {
  method: string;
  stepDir: string;
  tokens?: string[];
  kinds?: string[];
  elements?: Element[] | null;
  trace?: WaitTrace;
}

/** Records calls; `log` (optional, shared) gets `sink.<method> <stepDir>` lines. */
export class RecordingSink implements EvidenceSink {
  readonly calls: SinkCall[] = [];
  readonly scenarios: string[] = [];
  constructor(readonly log: string[] = []) {}

  #note(call: SinkCall): void {
    this.calls.push(call);
    this.log.push(`sink.${call.method} ${call.stepDir}`);
  }

  beginScenario(sid: string): void {
    this.scenarios.push(sid);
  }

  before(_d: Driver, stepDir: string, elements: Element[] | null): Promise<Artifact[]> {
    this.#note({ method: "before", stepDir, elements });
    return Promise.resolve([{
      name: `${stepDir}/before.png`,
      kind: "screenshot",
      provider: "test",
    }]);
  }

  afterShot(_d: Driver, stepDir: string): Promise<Artifact[]> {
    this.#note({ method: "afterShot", stepDir });
    return Promise.resolve([{
      name: `${stepDir}/after.png`,
      kind: "screenshot",
      provider: "test",
    }]);
  }

  capture(
    _d: Driver,
    stepDir: string,
    tokens: string[],
    opts?: { elements?: Element[] },
  ): Promise<Artifact[]> {
    this.#note({ method: "capture", stepDir, tokens, elements: opts?.elements ?? null });
    return Promise.resolve([{
      name: `${stepDir}/elements.json`,
      kind: "elements",
      provider: "test",
    }]);
  }

  waitDiagnostic(stepDir: string, trace: WaitTrace, elements: Element[]): Promise<Artifact | null> {
    this.#note({ method: "waitDiagnostic", stepDir, trace, elements });
    return Promise.resolve({
      name: `${stepDir}/wait-timeout.json`,
      kind: "waitDiagnostic",
      provider: "test",
    });
  }

  startIntervals(_d: Driver, stepDir: string, kinds: string[]): Promise<Interval[]> {
    this.#note({ method: "startIntervals", stepDir, kinds });
    return Promise.resolve(kinds.map((kind) => ({ kind, stop: () => Promise.resolve(null) })));
  }

  stopIntervals(stepDir: string, started: Interval[]): Promise<Artifact[]> {
    this.#note({ method: "stopIntervals", stepDir, kinds: started.map((i) => i.kind) });
    return Promise.resolve(
      started.map((i) => ({
        name: `${stepDir}/${i.kind}`,
        kind: "video" as const,
        provider: "test",
      })),
    );
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  /** The calls of one method. */
  of(method: string): SinkCall[] {
    return this.calls.filter((c) => c.method === method);
  }
}
