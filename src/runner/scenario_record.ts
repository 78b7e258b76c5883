/**
 * Building a scenario's `ScenarioRecord` (src/report/model.ts): the fields that come from the
 * scenario itself, a record for a scenario that never ran on a lease, and one for a scenario
 * that did.
 *
 * @module
 */
import type { RunResult } from "../orchestrator/types.ts";
import type { Artifact, SkippedCapture } from "../evidence/sink.ts";
import type {
  BootAttemptRecord,
  PlannedStep,
  Recovery,
  RemoteSessionRecord,
  ScenarioRecord,
} from "../report/model.ts";
import type { Scenario } from "../scenario/types.ts";
import { scenarioSid } from "./sid.ts";

/**
 * What the lease a scenario ran on says about where it ran.
 *
 * @example
 * ```ts
 * const facts: LeaseFacts = {
 *   backend: "fake",
 *   device: "fake-0",
 *   deviceName: "Fake",
 *   deviceRuntime: "fake 1",
 *   route: "",
 *   videoAnchorS: 0,
 * };
 * ```
 */
export interface LeaseFacts {
  backend: string;
  device: string;
  deviceName: string;
  deviceRuntime: string;
  /** The automation route (Android: `uiautomator2` or `dump`); "" when the backend has one. */
  route: string;
  /** Epoch seconds of the scenario video's start (0: no video). */
  videoAnchorS: number;
}

/**
 * How one leased attempt ended.
 *
 * @example
 * ```ts
 * const outcome: LeasedOutcome = {
 *   result,
 *   artifacts: [],
 *   skippedCaptures: [],
 *   attempts: 1,
 *   recoveries: [],
 *   startedAt: Date.now() / 1000,
 * };
 * ```
 */
export interface LeasedOutcome {
  result: RunResult;
  /** Scenario-level artifacts (network.json …). */
  artifacts: Artifact[];
  skippedCaptures: SkippedCapture[];
  attempts: number;
  /** The backend crashes it met and what each retry did. */
  recoveries: Recovery[];
  /** Each attempt's remote session (remote endpoints only; manifest `remote_sessions`). */
  remoteSessions?: RemoteSessionRecord[];
  /** The boot steps beyond a plain boot (manifest `boot_attempts`). */
  bootAttempts?: BootAttemptRecord[];
  /** Wall-clock epoch seconds when the scenario started. */
  startedAt: number;
}

/**
 * A result with no steps: the scenario failed before any ran.
 *
 * @example
 * ```ts
 * failedResult(scenario, "cancelled").ok; // false
 * ```
 */
export function failedResult(scenario: Scenario, failure: string): RunResult {
  return {
    scenario: scenario.name,
    ok: false,
    steps: [],
    expectResults: [],
    failure,
    beforeOutcomes: [],
    afterOutcomes: [],
    afterVerdict: "",
    durationS: 0,
    vars: {},
  };
}

/**
 * A scenario that never ran on a lease (cancelled, skipped, aborted, preflight).
 *
 * @example
 * ```ts
 * const rec = failedRecord(0, scenario, "cancelled", "", new Date());
 * rec.sid; // "00-<slug of the name>"
 * ```
 */
export function failedRecord(
  index: number,
  scenario: Scenario,
  failure: string,
  engine: string,
  now: Date,
): ScenarioRecord {
  return {
    ...fromScenario(scenario),
    sid: scenarioSid(index, scenario.name),
    result: failedResult(scenario, failure),
    backend: "",
    engine,
    device: "",
    deviceName: "",
    deviceRuntime: "",
    skippedCaptures: [],
    artifacts: [],
    attempts: 0,
    recoveries: [],
    videoAnchorS: 0,
    startedAt: now.getTime() / 1000,
  };
}

/**
 * A scenario that ran on a lease, on its last attempt.
 *
 * @example
 * ```ts
 * const record = leasedRecord(scenario, "00-log-in", facts, outcome);
 * ```
 */
export function leasedRecord(
  scenario: Scenario,
  sid: string,
  lease: LeaseFacts,
  outcome: LeasedOutcome,
): ScenarioRecord {
  return {
    ...fromScenario(scenario),
    sid,
    result: outcome.result,
    backend: lease.backend,
    engine: "",
    device: lease.device,
    deviceName: lease.deviceName,
    deviceRuntime: lease.deviceRuntime,
    route: lease.route,
    skippedCaptures: outcome.skippedCaptures,
    artifacts: outcome.artifacts,
    attempts: outcome.attempts,
    recoveries: outcome.recoveries,
    ...(outcome.remoteSessions?.length ? { remoteSessions: outcome.remoteSessions } : {}),
    ...(outcome.bootAttempts?.length ? { bootAttempts: outcome.bootAttempts } : {}),
    startedAt: outcome.startedAt,
    videoAnchorS: lease.videoAnchorS,
  };
}

/** The fields every record takes from its scenario (source file as loaded, not yet relative). */
function fromScenario(
  s: Scenario,
): Pick<ScenarioRecord, "file" | "description" | "plannedSteps"> {
  const plannedSteps: PlannedStep[] = s.steps.map((step, i) => ({
    action: step.action,
    stepId: step.name || `step${i}`,
  }));
  return { file: s.file, description: s.description, plannedSteps };
}
