/**
 * Test doubles for the runner: a driver whose screen is a function of virtual time, and a lease
 * function over it.
 */
import type { Driver, Element } from "../../src/drivers/driver.ts";
import { UnsupportedAction } from "../../src/drivers/driver.ts";
import type { Lease, LeaseRequest } from "../../src/runner/lease.ts";
import type { BootAttempt, RemoteSession } from "../../src/drivers/environment.ts";
import type { EvidenceSink } from "../../src/evidence/sink.ts";
import type { Scenario } from "../../src/scenario/types.ts";
import type { RunResult } from "../../src/orchestrator/types.ts";
import type { Clock } from "../../src/time/clock.ts";

export function el(
  identifier: string | null,
  frame: [number, number, number, number] = [0, 0, 10, 10],
  label: string | null = null,
): Element {
  return { identifier, label, value: null, traits: ["other"], frame, nativeZ: null };
}

const unsupported = () => Promise.reject(new UnsupportedAction("not in this double"));

/** A driver whose `query()` answers `screenAt(now)`; counts reads. */
export function timedDriver(
  clock: Clock,
  screenAt: (t: number) => Element[] | Error,
): Driver & { reads: number } {
  const d = {
    name: "fake" as const,
    reads: 0,
    query() {
      d.reads++;
      const s = screenAt(clock.now());
      return s instanceof Error ? Promise.reject(s) : Promise.resolve(structuredClone(s));
    },
    tap: unsupported,
    doubleTap: unsupported,
    longPress: unsupported,
    isTappable: () => Promise.resolve(false),
    tapPoint: unsupported,
    swipe: unsupported,
    scroll: unsupported,
    back: unsupported,
    pinch: unsupported,
    rotate: unsupported,
    typeText: unsupported,
    deleteText: unsupported,
    selectAll: unsupported,
    copySelection: unsupported,
    selectOption: unsupported,
    setPickerValue: unsupported,
    handleSystemAlert: unsupported,
    systemAlertLabels: () => Promise.resolve([]),
    waitFor: () => Promise.resolve(false),
    screenshot: unsupported,
    capabilities: () => new Set(["query", "elements"]),
  };
  return d;
}

export const nullSinkDouble: EvidenceSink = {
  beginScenario() {},
  before: () => Promise.resolve([]),
  afterShot: () => Promise.resolve([]),
  capture: () => Promise.resolve([]),
  waitDiagnostic: () => Promise.resolve(null),
  startIntervals: () => Promise.resolve([]),
  stopIntervals: () => Promise.resolve([]),
  flush: () => Promise.resolve(),
};

export function scenario(name: string, extra: Partial<Scenario["preconditions"]> = {}): Scenario {
  return {
    name,
    tags: [],
    preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {}, ...extra },
    before: [],
    after: [],
    steps: [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
  };
}

export interface LeaseLog {
  requests: LeaseRequest[];
  released: number;
  /** Per release, in order: whether it was released as crashed. */
  releasedCrashed: boolean[];
}

/** A lease function handing out one driver per request and recording the requests. */
export function recordingLeases(
  clock: Clock,
  opts: {
    rejectsErase?: boolean;
    canReplaceDevice?: boolean;
    leaseCostS?: number;
    failForcedErase?: Error;
    /** The error the lease for this request fails with, or null to hand one out. */
    failLease?: (r: LeaseRequest) => Error | null;
    /** The remote session of the nth lease handed out (1-based). */
    remoteSession?: (n: number) => RemoteSession;
    /** The boot steps preparing this request's lease reports (before it fails or is had). */
    bootSteps?: (r: LeaseRequest) => BootAttempt[];
  } = {},
): { lease: (r: LeaseRequest) => Promise<Lease>; log: LeaseLog } {
  const log: LeaseLog = { requests: [], released: 0, releasedCrashed: [] };
  let handedOut = 0;
  const lease = async (r: LeaseRequest): Promise<Lease> => {
    log.requests.push(r);
    if (opts.leaseCostS) await clock.sleep(opts.leaseCostS);
    for (const step of opts.bootSteps?.(r) ?? []) r.onBootAttempt?.(step);
    if (opts.failForcedErase && r.forcedErase) throw opts.failForcedErase;
    const failure = opts.failLease?.(r) ?? null;
    if (failure !== null) throw failure;
    handedOut++;
    return {
      driver: timedDriver(clock, () => [el("a"), el("b")]),
      sink: nullSinkDouble,
      relauncher: null,
      device: "dev-1",
      deviceName: "Fake",
      deviceRuntime: "fake 1",
      backend: "fake",
      readiness: null,
      rejectsErase: opts.rejectsErase ?? false,
      canReplaceDevice: opts.canReplaceDevice ?? false,
      videoStartStalled: () => false,
      videoAnchorS: () => 0,
      remoteSession: opts.remoteSession?.(handedOut) ?? null,
      release: (how = {}) => {
        log.released++;
        log.releasedCrashed.push(how.crashed === true);
        return Promise.resolve([]);
      },
    };
  };
  return { lease, log };
}

/** A passing result for `s` (scripted loops). */
export function passing(s: Scenario): RunResult {
  return {
    scenario: s.name,
    ok: true,
    steps: [],
    expectResults: [],
    failure: null,
    beforeOutcomes: [],
    afterOutcomes: [],
    afterVerdict: "",
    durationS: 0,
    vars: {},
  };
}
