/**
 * `runAll` (seed, runner.md §4–§5): each scenario on a freshly leased, freshly built driver; one
 * result per scenario in declaration order, always; backend-crash recovery with its budgets, the
 * forced erase and the replacement rung; cancellation read at the top of every scenario and before
 * every respawn.
 *
 * @module
 */
import { BackendCrashError, ChannelError, DeviceError } from "../drivers/driver.ts";
import type { Artifact, RunOptions, RunResult } from "../orchestrator/types.ts";
import type { Scenario } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import { type CancelSignal, neverCancelled, RunCancelled } from "../time/cancel.ts";
import { formatSeconds, RunCrashBudget, ScenarioCrashBudget } from "./crash_budget.ts";
import type { Lease, LeaseFn, SkippedCapture } from "./lease.ts";
import { scenarioSid } from "./sid.ts";
import type { Recovery, RemoteSessionRecord } from "../report/model.ts";

/** One scenario's result plus where and how it ran. */
export interface ScenarioRecord {
  index: number;
  sid: string;
  scenario: Scenario;
  result: RunResult;
  backend: string;
  /** Browser engine on a matrix run; "" otherwise. */
  engine: string;
  device: string;
  deviceName: string;
  deviceRuntime: string;
  skippedCaptures: SkippedCapture[];
  /** Scenario-level artifacts (network.json, the web scenario video). */
  artifacts: Artifact[];
  attempts: number;
  /** The backend crashes it met and what each retry did (manifest `recoveries`). */
  recoveries: Recovery[];
  /** The automation route of the last attempt's lease (Android); "" when the backend has one. */
  route?: string;
  /** Each attempt's remote session (remote endpoints only; manifest `remote_sessions`). */
  remoteSessions?: RemoteSessionRecord[];
  /** Wall-clock epoch seconds when the scenario started. */
  startedAt: number;
  /** Epoch seconds of the scenario video's start (0: no video). */
  videoAnchorS: number;
}

export type ProgressEvent =
  | { type: "scenarioStart"; ordinal: number; total: number; name: string; sid: string }
  | { type: "scenarioEnd"; ordinal: number; total: number; record: ScenarioRecord }
  | { type: "retry"; ordinal: number; total: number; name: string; attempt: number; of: number }
  | { type: "log"; line: string };

export type ScenarioRunner = (
  driver: Lease["driver"],
  scenario: Scenario,
  options: RunOptions,
) => Promise<RunResult>;

export interface RunAllOptions {
  clock: Clock;
  cancel?: CancelSignal;
  workers?: number;
  /** `BAJUTSU_CRASH_RETRIES`; attempts = retries + 1. */
  crashRetries?: number;
  crashRecoveryBudgetS?: number;
  runCrashBudget?: RunCrashBudget;
  /** False only for an explicit `--no-erase`. */
  forceEraseOnRetry?: boolean;
  /** The run is pinned to named devices (no replacement rung). */
  pinnedDevices?: boolean;
  /** Capability/LATER preflight: a failure string, or null to run. */
  preflight?: (scenario: Scenario, index: number) => string | null;
  /** Per-attempt options for the loop (sink, guard, vars…), given the lease. */
  runOptions: (scenario: Scenario, lease: Lease, sid: string) => RunOptions;
  runScenario: ScenarioRunner;
  /** Scenario-level evidence written after the loop, on the same lease (network.json…). */
  afterScenario?: (
    lease: Lease,
    sid: string,
    scenario: Scenario,
    result: RunResult,
  ) => Promise<Artifact[]>;
  onProgress?: (e: ProgressEvent) => void;
}

/** Thrown out of `runAll` when infrastructure failed; carries every result so far. */
export class RunAborted extends Error {
  readonly code = "E_RUN_ABORTED";
  constructor(override readonly cause: Error, readonly records: ScenarioRecord[]) {
    super(cause.message);
    this.name = "RunAborted";
  }
}

export const CANCELLED = "cancelled";

function failedResult(scenario: Scenario, failure: string): RunResult {
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

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A scenario that never ran on a lease (cancelled, skipped, aborted, preflight). */
export function failedRecord(
  index: number,
  scenario: Scenario,
  failure: string,
  engine: string,
  now: Date,
): ScenarioRecord {
  return {
    index,
    sid: scenarioSid(index, scenario.name),
    scenario,
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

/** Runs every scenario; results come back in declaration order. */
export async function runAll(
  scenarios: Scenario[],
  lease: LeaseFn,
  opts: RunAllOptions,
): Promise<ScenarioRecord[]> {
  const cancel = opts.cancel ?? neverCancelled;
  const runBudget = opts.runCrashBudget ?? new RunCrashBudget();
  const total = scenarios.length;
  const records: (ScenarioRecord | undefined)[] = new Array(total);
  let abort: Error | null = null;

  const bare = (i: number, s: Scenario, failure: string): ScenarioRecord =>
    failedRecord(i, s, failure, "", opts.clock.wallNow());

  const runOne = async (i: number, s: Scenario): Promise<ScenarioRecord> => {
    const sid = scenarioSid(i, s.name);
    if (cancel.cancelled) return bare(i, s, CANCELLED);
    if (abort) return bare(i, s, `aborted: ${message(abort)}`);
    const unsupported = opts.preflight?.(s, i) ?? null;
    if (unsupported) return bare(i, s, unsupported);
    if (runBudget.givenUp) {
      return bare(
        i,
        s,
        `backend crashed earlier in the run and the run-level crash-recovery budget of ${
          formatSeconds(runBudget.budgetS)
        } is exhausted; not attempted`,
      );
    }
    opts.onProgress?.({ type: "scenarioStart", ordinal: i + 1, total, name: s.name, sid });
    const attempts = Math.max(0, opts.crashRetries ?? 1) + 1;
    const budget = new ScenarioCrashBudget(opts.clock, opts.crashRecoveryBudgetS ?? Infinity);
    const startedAt = opts.clock.wallNow().getTime() / 1000;
    const start = opts.clock.now();
    const scenarioErase = s.preconditions.erase ?? false;
    let forcedErase = false;
    let replaceDevice = false;
    let replacementUsed = false;
    let recoveringSince: number | null = null;
    const recoveries: Recovery[] = [];
    const remoteSessions: RemoteSessionRecord[] = [];

    for (let attempt = 1; attempt <= attempts; attempt++) {
      let held: Lease;
      const request = {
        scenario: s,
        sid,
        erase: scenarioErase || forcedErase,
        forcedErase: forcedErase && !scenarioErase,
        replaceDevice,
        attempt,
      };
      try {
        held = await lease(request);
      } catch (err) {
        if (!(forcedErase && err instanceof DeviceError)) throw err;
        // A device fault in the forced-erase lease degrades to a bare respawn.
        opts.onProgress?.({
          type: "log",
          line: `forced erase failed (${message(err)}); respawning without it`,
        });
        forcedErase = false;
        const last = recoveries.at(-1);
        if (last) last.forcedErase = false;
        held = await lease({ ...request, erase: scenarioErase, forcedErase: false });
      }
      if (held.remoteSession) remoteSessions.push({ attempt, ...held.remoteSession });
      if (recoveringSince !== null) {
        runBudget.bill(opts.clock.now() - recoveringSince);
        recoveringSince = null;
      }
      const record = (result: RunResult, artifacts: Artifact[] = []): ScenarioRecord => ({
        index: i,
        sid,
        scenario: s,
        result: { ...result, durationS: opts.clock.now() - start },
        backend: held.backend,
        engine: "",
        device: held.device,
        deviceName: held.deviceName,
        deviceRuntime: held.deviceRuntime,
        skippedCaptures: held.skippedCaptures,
        artifacts,
        attempts: attempt,
        recoveries,
        route: held.route ?? "",
        ...(remoteSessions.length > 0 ? { remoteSessions } : {}),
        startedAt,
        videoAnchorS: held.videoAnchorS(),
      });
      const ranWithForcedErase = request.forcedErase;
      let crashed = false;
      try {
        const result = await opts.runScenario(held.driver, s, opts.runOptions(s, held, sid));
        return record(result, await opts.afterScenario?.(held, sid, s, result) ?? []);
      } catch (err) {
        if (!(err instanceof BackendCrashError)) throw err;
        crashed = true;
        recoveringSince = opts.clock.now();
        const crash = message(err);
        const recovery: Recovery = {
          attempt,
          crash,
          forcedErase: false,
          replaceDevice: false,
          retried: false,
        };
        recoveries.push(recovery);
        const runExhausted = runBudget.exhausted();
        const withinBudget = budget.onCrash();
        const countAllows = attempt < attempts;
        if (cancel.cancelled) {
          return record(failedResult(
            s,
            `${CANCELLED}: the backend crashed mid-run and the run was cancelled before a respawn: ${crash}`,
          ));
        }
        if (!countAllows) {
          return record(failedResult(
            s,
            `backend crashed mid-run and did not recover across ${attempts} attempt${
              attempts === 1 ? "" : "s"
            }: ${crash}`,
          ));
        }
        if (!withinBudget) {
          return record(failedResult(
            s,
            `backend crashed mid-run and did not recover within the ${
              formatSeconds(budget.budgetS)
            } crash-recovery budget: ${crash}`,
          ));
        }
        if (runExhausted) {
          runBudget.giveUp();
          return record(failedResult(
            s,
            `backend crashed mid-run and the run-level crash-recovery budget of ${
              formatSeconds(runBudget.budgetS)
            } is exhausted: ${crash}`,
          ));
        }
        const keepsData = s.preconditions.reinstall === "overwrite";
        const optedOut = opts.forceEraseOnRetry === false;
        forcedErase = !optedOut && !keepsData && !held.rejectsErase;
        replaceDevice = false;
        if (
          held.canReplaceDevice && !opts.pinnedDevices && !replacementUsed && !optedOut &&
          !keepsData && (ranWithForcedErase || held.videoStartStalled())
        ) {
          replaceDevice = true;
          replacementUsed = true;
          forcedErase = false; // a device about to be created has nothing to erase
        }
        recovery.retried = true;
        recovery.forcedErase = forcedErase;
        recovery.replaceDevice = replaceDevice;
        opts.onProgress?.({
          type: "retry",
          ordinal: i + 1,
          total,
          name: s.name,
          attempt: attempt + 1,
          of: attempts,
        });
      } finally {
        try {
          await held.release({ crashed });
        } catch (err) {
          opts.onProgress?.({ type: "log", line: `release failed: ${message(err)}` });
        }
      }
    }
    // Unreachable: the last attempt always returns.
    return bare(i, s, "internal: crash-retry loop ended without a result");
  };

  const guarded = async (i: number): Promise<void> => {
    const s = scenarios[i];
    let rec: ScenarioRecord;
    try {
      rec = await runOne(i, s);
    } catch (err) {
      if (err instanceof RunCancelled) {
        // Seen while leasing (the readiness wait): the scenario never started.
        rec = bare(i, s, CANCELLED);
      } else if (err instanceof DeviceError || err instanceof ChannelError) {
        abort ??= err;
        rec = bare(i, s, `device error: ${message(err)}`);
      } else {
        rec = bare(i, s, `error: ${message(err)}`);
      }
    }
    records[i] = rec;
    opts.onProgress?.({ type: "scenarioEnd", ordinal: i + 1, total, record: rec });
  };

  const workers = Math.max(1, Math.min(opts.workers ?? 1, total));
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      await guarded(i);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const done = records.map((r, i) => r ?? bare(i, scenarios[i], "internal: no result"));
  if (abort) throw new RunAborted(abort, done);
  return done;
}
