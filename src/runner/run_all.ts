/**
 * `runAll` (docs/architecture.md#runall): each scenario on a freshly leased, freshly built driver;
 * one result per scenario in declaration order, always; backend-crash recovery with its budgets,
 * the forced erase and the replacement rung; cancellation read at the top of every scenario and
 * before every respawn.
 *
 * @module
 */
import { BackendCrashError, ChannelError, DeviceError } from "../drivers/driver.ts";
import type { BootAttempt } from "../drivers/environment.ts";
import type { Artifact, RunOptions, RunResult } from "../orchestrator/types.ts";
import type { SkippedCapture } from "../evidence/sink.ts";
import type {
  BootAttemptRecord,
  Recovery,
  RemoteSessionRecord,
  ScenarioRecord,
} from "../report/model.ts";
import type { Scenario } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import { type CancelSignal, neverCancelled, RunCancelled } from "../time/cancel.ts";
import { formatSeconds, RunCrashBudget, ScenarioCrashBudget } from "./crash_budget.ts";
import type { Lease, LeaseFn } from "./lease.ts";
import { attemptSid, scenarioSid } from "./sid.ts";
import { dispatchOrder } from "./dispatch_order.ts";
import { repeatOrder, type RepeatPlan } from "./repeat_order.ts";
import { failedRecord, failedResult, leasedRecord, type LeaseFacts } from "./scenario_record.ts";
import { errorLine } from "../text/error_line.ts";

/**
 * What `runAll` reports as it goes (printed by `formatProgress`).
 *
 * @example
 * ```ts
 * const e: ProgressEvent = { type: "retry", ordinal: 2, total: 5, name: "checkout", attempt: 2, of: 2 };
 * ```
 */
export type ProgressEvent =
  | { type: "scenarioStart"; ordinal: number; total: number; name: string; sid: string }
  | { type: "scenarioEnd"; ordinal: number; total: number; record: ScenarioRecord }
  | { type: "retry"; ordinal: number; total: number; name: string; attempt: number; of: number }
  | { type: "log"; line: string };

/**
 * Runs one scenario on a driver (`runScenario`; tests inject their own).
 *
 * @example
 * ```ts
 * const runner: ScenarioRunner = runScenario;
 * ```
 */
export type ScenarioRunner = (
  driver: Lease["driver"],
  scenario: Scenario,
  options: RunOptions,
) => Promise<RunResult>;

/**
 * Budgets, hooks and the per-attempt options of `runAll`.
 *
 * @example
 * ```ts
 * const opts: RunAllOptions = {
 *   clock,
 *   workers: 2,
 *   crashRetries: 1,
 *   runScenario,
 *   runOptions: (_s, lease, sid) => ({ clock, sink: lease.sink, scenarioId: sid }),
 * };
 * ```
 */
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
  /**
   * `--repeat N` / `--retries N` (docs/cli.md#repeat-and-retries): each attempt of a scenario is
   * its own record, in its own evidence folder, on a fresh lease. Absent: each scenario once.
   */
  repeat?: RepeatPlan;
}

/**
 * Thrown out of `runAll` when infrastructure failed; carries every result so far.
 *
 * @example
 * ```ts
 * try {
 *   await runAll(scenarios, lease, opts);
 * } catch (err) {
 *   if (err instanceof RunAborted) writeReports(err.records); // every result so far
 * }
 * ```
 */
export class RunAborted extends Error {
  readonly code = "E_RUN_ABORTED";
  constructor(override readonly cause: Error, readonly records: ScenarioRecord[]) {
    super(cause.message);
    this.name = "RunAborted";
  }
}

/**
 * The failure text (and prefix) of a cancelled scenario.
 *
 * @example
 * ```ts
 * record.result.failure?.startsWith(CANCELLED); // true for a cancelled scenario
 * ```
 */
export const CANCELLED = "cancelled";

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The failure text of an error that ended a scenario outside its verdict (a lease that could not
 * be had, an unexpected error), and whether it ends the run: a device or channel fault does. A
 * coded error shows its code after the prefix (`error: E_ERASE_REFUSED …`).
 */
function failureOf(err: unknown): { failure: string; abortsRun: boolean } {
  // Seen while leasing (the readiness wait): the scenario never started.
  if (err instanceof RunCancelled) return { failure: CANCELLED, abortsRun: false };
  if (err instanceof DeviceError || err instanceof ChannelError) {
    return { failure: `device error: ${errorLine(err)}`, abortsRun: true };
  }
  return { failure: `error: ${errorLine(err)}`, abortsRun: false };
}

/** How an attempt ended, read before its lease is released. */
interface Ended {
  result: RunResult;
  artifacts: Artifact[];
  lease: LeaseFacts;
}

/** Releases a lease; a failure is logged, never thrown (the scenario's verdict stands). */
async function releaseQuietly(
  held: Lease,
  log: (line: string) => void,
  crashed: boolean,
): Promise<SkippedCapture[]> {
  try {
    return await held.release({ crashed });
  } catch (err) {
    log(`release failed: ${message(err)}`);
    return [];
  }
}

/** Where a lease ran, read before it is released (the video anchor dies with the session). */
function leaseFacts(held: Lease): LeaseFacts {
  return {
    backend: held.backend,
    device: held.device,
    deviceName: held.deviceName,
    deviceRuntime: held.deviceRuntime,
    route: held.route ?? "",
    videoAnchorS: held.videoAnchorS(),
  };
}

/**
 * Runs every scenario; results come back in declaration order (a repeated scenario's attempts
 * together, in attempt order).
 *
 * @example
 * ```ts
 * const records = await runAll(scenarios, pool.lease, opts);
 * records.map((r) => r.sid); // ["00-log-in", "01-checkout"], declaration order
 * ```
 */
export async function runAll(
  scenarios: Scenario[],
  lease: LeaseFn,
  opts: RunAllOptions,
): Promise<ScenarioRecord[]> {
  const cancel = opts.cancel ?? neverCancelled;
  const runBudget = opts.runCrashBudget ?? new RunCrashBudget();
  const total = scenarios.length;
  const repeat = opts.repeat ?? null;
  /** Each scenario's attempts, in attempt order. */
  const records: ScenarioRecord[][] = scenarios.map(() => []);
  let abort: Error | null = null;

  const log = (line: string) => opts.onProgress?.({ type: "log", line });
  const bare = (i: number, s: Scenario, failure: string, sid?: string): ScenarioRecord => {
    const rec = failedRecord(i, s, failure, "", opts.clock.wallNow());
    return sid === undefined ? rec : { ...rec, sid };
  };
  /** The failure of an error that ended a scenario outside its verdict (a device fault ends the run). */
  const endedBy = (err: unknown): string => {
    const { failure, abortsRun } = failureOf(err);
    if (abortsRun) abort ??= err as Error;
    return failure;
  };

  const runOne = async (
    i: number,
    s: Scenario,
    sid: string,
    label: string,
  ): Promise<ScenarioRecord> => {
    if (cancel.cancelled) return bare(i, s, CANCELLED, sid);
    if (abort) return bare(i, s, `aborted: ${message(abort)}`, sid);
    const unsupported = opts.preflight?.(s, i) ?? null;
    if (unsupported) return bare(i, s, unsupported, sid);
    if (runBudget.givenUp) {
      return bare(
        i,
        s,
        `backend crashed earlier in the run and the run-level crash-recovery budget of ${
          formatSeconds(runBudget.budgetS)
        } is exhausted; not attempted`,
        sid,
      );
    }
    opts.onProgress?.({ type: "scenarioStart", ordinal: i + 1, total, name: label, sid });
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
    const bootAttempts: BootAttemptRecord[] = [];
    /** Where the last attempt that got a lease ran, and what its release could not capture. */
    let lastLease = null as { facts: LeaseFacts; skippedCaptures: SkippedCapture[] } | null;

    /** After a crash on `attempt`: the failure that ends the scenario, or null to retry. */
    const crashEndsScenario = (crash: string, attempt: number): string | null => {
      const runExhausted = runBudget.exhausted();
      const withinBudget = budget.onCrash();
      if (cancel.cancelled) {
        return `${CANCELLED}: the backend crashed mid-run and the run was cancelled before a respawn: ${crash}`;
      }
      if (attempt >= attempts) {
        return `backend crashed mid-run and did not recover across ${attempts} attempt${
          attempts === 1 ? "" : "s"
        }: ${crash}`;
      }
      if (!withinBudget) {
        return `backend crashed mid-run and did not recover within the ${
          formatSeconds(budget.budgetS)
        } crash-recovery budget: ${crash}`;
      }
      if (runExhausted) {
        runBudget.giveUp();
        return `backend crashed mid-run and the run-level crash-recovery budget of ${
          formatSeconds(runBudget.budgetS)
        } is exhausted: ${crash}`;
      }
      return null;
    };

    /** One attempt: its record, or null when the crash retry goes on. */
    const runAttempt = async (attempt: number): Promise<ScenarioRecord | null> => {
      let held: Lease;
      const request = {
        scenario: s,
        sid,
        erase: scenarioErase || forcedErase,
        forcedErase: forcedErase && !scenarioErase,
        replaceDevice,
        attempt,
        onBootAttempt: (b: BootAttempt) => bootAttempts.push({ attempt, ...b }),
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
      // The attempt's verdict; null while the crash-retry loop goes on.
      let ended: Ended | null = null;
      const end = (result: RunResult, artifacts: Artifact[] = []): Ended => ({
        result: { ...result, durationS: opts.clock.now() - start },
        artifacts,
        lease: leaseFacts(held),
      });
      const ranWithForcedErase = request.forcedErase;
      let skippedCaptures: SkippedCapture[];
      let crashed = false;
      try {
        const result = await opts.runScenario(held.driver, s, opts.runOptions(s, held, sid));
        ended = end(result, await opts.afterScenario?.(held, sid, s, result) ?? []);
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
        const failure = crashEndsScenario(crash, attempt);
        if (failure !== null) {
          ended = end(failedResult(s, failure));
        } else {
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
            name: label,
            attempt: attempt + 1,
            of: attempts,
          });
        }
      } finally {
        const facts = leaseFacts(held);
        skippedCaptures = await releaseQuietly(held, log, crashed);
        lastLease = { facts, skippedCaptures };
      }
      if (ended === null) return null;
      const { result, artifacts, lease: facts } = ended;
      return leasedRecord(s, sid, facts, {
        result,
        artifacts,
        skippedCaptures,
        attempts: attempt,
        recoveries,
        remoteSessions,
        bootAttempts,
        startedAt,
      });
    };

    let attempt = 1;
    try {
      for (; attempt <= attempts; attempt++) {
        const ended = await runAttempt(attempt);
        if (ended !== null) return ended;
      }
    } catch (err) {
      // An attempt after a lease was had failed outside the verdict (the crash retry could not
      // get a new session, a device fault mid-run): the record keeps the attempts made, the
      // recoveries tried and the sessions opened. Without any lease, the bare record stands,
      // with the boot steps the failed lease took.
      if (lastLease === null) {
        if (bootAttempts.length === 0) throw err;
        return { ...bare(i, s, endedBy(err), sid), bootAttempts };
      }
      return leasedRecord(s, sid, lastLease.facts, {
        result: { ...failedResult(s, endedBy(err)), durationS: opts.clock.now() - start },
        artifacts: [],
        skippedCaptures: lastLease.skippedCaptures,
        attempts: attempt,
        recoveries,
        remoteSessions,
        bootAttempts,
        startedAt,
      });
    }
    // Unreachable: the last attempt always returns.
    return bare(i, s, "internal: crash-retry loop ended without a result", sid);
  };

  /** Runs attempt `repetition` (null: a run without repeats) of scenario `i` and records it. */
  const guarded = async (i: number, repetition: number | null): Promise<ScenarioRecord> => {
    const s = scenarios[i];
    const sid = repetition === null ? scenarioSid(i, s.name) : attemptSid(i, s.name, repetition);
    const label = repetition === null
      ? s.name
      : `${s.name} (attempt ${repetition}/${
        repeat!.mode === "repeat" ? repeat!.count : repeat!.count + 1
      })`;
    let rec: ScenarioRecord;
    try {
      rec = await runOne(i, s, sid, label);
    } catch (err) {
      rec = bare(i, s, endedBy(err), sid);
    }
    if (repetition !== null) rec = { ...rec, repetition };
    records[i].push(rec);
    opts.onProgress?.({ type: "scenarioEnd", ordinal: i + 1, total, record: rec });
    return rec;
  };

  /** Under `--retries`: a failed attempt that ran on a lease is run again, until one passes. */
  const withRetries = async (i: number): Promise<void> => {
    for (let k = 1;; k++) {
      const rec = await guarded(i, k);
      const retryable = !rec.result.ok && (rec.attempts ?? 0) > 0 && !cancel.cancelled && !abort;
      if (!retryable || k > repeat!.count) return;
      log(
        `↻ ${scenarios[i].name}: failed; running it again on a fresh lease (attempt ${k + 1}/${
          repeat!.count + 1
        })`,
      );
    }
  };

  // Under `--repeat`, each scenario index appears once per attempt, in the seeded order.
  const order = repeat?.mode === "repeat"
    ? repeatOrder(total, repeat.count, repeat.seed ?? 0)
    : dispatchOrder(scenarios, Math.max(1, Math.min(opts.workers ?? 1, total)));
  const workers = Math.max(1, Math.min(opts.workers ?? 1, order.length));
  const dispatched = scenarios.map(() => 0);
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const i = order[next++];
      if (repeat === null) await guarded(i, null);
      else if (repeat.mode === "retries") await withRetries(i);
      // Attempts are numbered as they are dispatched, so attempt order is the order they ran.
      else await guarded(i, ++dispatched[i]);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  // Parallel lanes may finish a scenario's attempts out of order.
  const done = records.flatMap((attempts, i) =>
    attempts.length > 0
      ? attempts.sort((a, b) => (a.repetition ?? 0) - (b.repetition ?? 0))
      : [bare(i, scenarios[i], "internal: no result")]
  );
  if (abort) throw new RunAborted(abort, done);
  return done;
}
