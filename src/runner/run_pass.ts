/**
 * One engine pass of a run: a pool of lanes over the backend's environments, `runAll` over the
 * plan's scenarios, and the pool's shutdown. A matrix run makes one pass per browser engine,
 * each in its own folder `<runDir>/<engine>`.
 *
 * @module
 */
import { FileSink } from "../evidence/file_sink.ts";
import { runScenario } from "../orchestrator/run_scenario.ts";
import type { ScenarioRecord } from "../report/model.ts";
import {
  alertHandlingEnabled,
  dialogPolicy,
  guardLabels,
  nativeAlertGuard,
} from "./alert_guard.ts";
import { RunCrashBudget } from "./crash_budget.ts";
import { devicePool } from "./pool.ts";
import { scenarioRefusal } from "./plan_check.ts";
import { formatProgress, formatStepLine } from "./progress.ts";
import { runAll } from "./run_all.ts";
import { scenarioWantsVideo } from "./video.ts";
import type { Lease } from "./lease.ts";
import type { RunPlan } from "./run_plan.ts";
import type { StartedRun } from "./run_start.ts";
import { launchWait } from "./readiness.ts";
import type { Artifact } from "../evidence/sink.ts";

/** Options of one pass. */
export interface PassOptions {
  /**
   * Takes the closing of the pass's browser or devices once every lease is torn down (scenario
   * videos are saved by then), instead of waiting for it: the caller writes the reports while
   * it closes and awaits it before the run returns.
   */
  deferClose?: (closing: Promise<void>) => void;
}

/**
 * Runs every scenario of the plan on one engine (null: a run without a matrix). Records come
 * back in declaration order; their artifact names are relative to the pass's folder.
 *
 * @throws RunAborted when a device or channel failed (it carries the records so far)
 *
 * @example
 * ```ts
 * const records = await runPass(plan, run, null);
 * records.every((r) => r.result.ok);
 * ```
 */
export async function runPass(
  plan: RunPlan,
  run: StartedRun,
  engine: string | null,
  opts: PassOptions = {},
): Promise<ScenarioRecord[]> {
  const { req, eff, knobs, backend, scenarios } = plan;
  const { clock, cancel, io } = run;
  const passDir = engine ? `${run.runDir}/${engine}` : run.runDir;
  const passFailures = run.evidenceFailures.under(engine ? `${engine}/` : "");
  const factory = await backend.factory(engine);
  const unregisterAbort = run.onAbort(() => factory.abort?.() ?? Promise.resolve());
  const pool = devicePool({
    devices: backend.lanes,
    factory,
    actuatorFor: () => backend.actuator,
    sinkFor: (leaseReq) =>
      new FileSink(passDir, {
        redactor: run.scenarioRedactor(leaseReq.scenario),
        provider: backend.actuator,
        provenance: () => run.provenance,
        failures: passFailures,
        writeFile: run.writeEvidence,
        recordsScenarioVideoUpFront: backend.recordsScenarioVideoUpFront,
      }),
    clock,
    cancel,
    maxWarmReuses: knobs.maxWarmReuses,
    videoPathFor: (leaseReq) =>
      backend.recordsScenarioVideoUpFront && scenarioWantsVideo(leaseReq.scenario, eff.capture)
        ? `${passDir}/${leaseReq.sid}/scenario.mp4`
        : undefined,
    readyWhen: eff.readyWhen,
    idNamespaces: eff.idNamespaces,
  });
  try {
    return await runAll(scenarios, pool.lease, {
      clock,
      cancel,
      workers: Math.min(req.workers, backend.lanes.length),
      crashRetries: knobs.crashRetries,
      crashRecoveryBudgetS: knobs.crashRecoveryBudgetS,
      runCrashBudget: new RunCrashBudget(knobs.runCrashRecoveryBudgetS),
      forceEraseOnRetry: req.erase !== false,
      pinnedDevices: backend.pinned,
      // Per pass: a matrix's engines may differ in what they can do.
      preflight: (s) => scenarioRefusal(s, eff, backend),
      runScenario,
      runOptions: (s, lease, sid) => ({
        clock,
        sink: lease.sink,
        scenarioId: sid,
        // App-wide handlers from the config run before the scenario's own.
        interrupts: eff.run.interrupts,
        alertGuard: alertHandlingEnabled(
            req.systemAlertHandling,
            s.systemAlertHandling,
            eff.run.systemAlertHandling,
          )
          ? nativeAlertGuard(guardLabels(s.systemAlertHandling, eff.run.systemAlertHandling))
          : null,
        dialogPolicy: dialogPolicy(
          req.systemAlertHandling,
          s.systemAlertHandling,
          eff.run.systemAlertHandling,
        ),
        actionTimeoutS: eff.run.actionTimeoutS,
        ...(lease.readiness ? { launch: launchWait(lease.readiness) } : {}),
        readiness: lease.readiness
          ? {
            ready: lease.readiness.ready,
            signal: lease.readiness.signal,
            elapsedSeconds: lease.readiness.elapsedSeconds,
            settled: lease.readiness.settled,
          }
          : null,
        warn: (message) => run.warnOnce(`${s.name}: ${message}`),
        cancel,
        afterPhaseDeadlineS: knobs.cancelGraceS / 10,
        secrets: run.secrets,
        baselineCapture: eff.capture,
        minWaitTimeoutS: knobs.minWaitTimeoutS,
        relauncher: lease.relauncher,
        redact: eff.redact,
        onStepStart: (phase, index, action) =>
          io.progress.live(formatStepLine(sid, phase, index, action)),
        onStep: () => io.progress.live(""),
      }),
      afterScenario: (lease) => writeNetwork(lease, run),
      ...(plan.repeat ? { repeat: plan.repeat } : {}),
      onProgress: (e) => {
        const line = formatProgress(e, { color: io.color });
        if (line !== null) io.progress.line(line);
      },
    });
  } finally {
    unregisterAbort();
    await pool.shutdown();
    const closing = factory.close?.() ?? Promise.resolve();
    if (opts.deferClose) opts.deferClose(closing);
    else await closing;
  }
}

/** The scenario's `network.json`, when the driver collected traffic. */
async function writeNetwork(lease: Lease, run: StartedRun): Promise<Artifact[]> {
  const exchanges = lease.driver.exchanges?.() ?? [];
  if (exchanges.length === 0) return [];
  // Monotonic collector times become absolute instants (docs/reports.md).
  const wallOffsetS = run.clock.wallNow().getTime() / 1000 - run.clock.now();
  const absolute = exchanges.map((e) => ({ ...e, startedAt: e.startedAt + wallOffsetS }));
  // The lease's sink writes it: its redactor knows which secrets the scenario typed.
  const artifact = await lease.sink.network?.(absolute);
  return artifact ? [artifact] : [];
}
