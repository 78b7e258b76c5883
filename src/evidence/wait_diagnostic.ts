/**
 * The body of `wait-timeout.json` (docs/reports.md#wait-timeoutjson): what a timed-out `for` wait
 * saw.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { WaitTrace } from "./sink.ts";

/** Where the run came from, so a diagnostic can be matched to its scenario and tool build. */
export interface WaitProvenance {
  scenarioHash: string;
  toolVersion: string;
  gitRevision: string | null;
}

/** The file's shape, in key order. */
export interface WaitTimeoutRecord {
  target: string;
  timeoutSeconds: number;
  readiness: WaitTrace["readiness"];
  trace: {
    polls: number;
    firstNonemptySeconds: number | null;
    elementsAtTimeout: number;
    /** No query ever succeeded with the awaited element (by definition of a timeout). */
    awaitedEverQueryable: false;
  };
  provenance: WaitProvenance | null;
  elements: Element[];
}

/** Assembles the record; the elements are redacted later, by the writer. */
export function waitTimeoutRecord(
  trace: WaitTrace,
  provenance: WaitProvenance | null,
  elements: Element[],
): WaitTimeoutRecord {
  return {
    target: trace.target,
    timeoutSeconds: trace.timeoutSeconds,
    readiness: trace.readiness,
    trace: {
      polls: trace.polls,
      firstNonemptySeconds: trace.firstNonemptySeconds,
      elementsAtTimeout: trace.elementsAtTimeout,
      awaitedEverQueryable: false,
    },
    provenance,
    elements,
  };
}
