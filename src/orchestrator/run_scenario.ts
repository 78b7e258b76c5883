/**
 * `runScenario` — the deterministic run loop for one scenario (docs/architecture.md#the-run-loop):
 * before phase → steps → expect → after phase. Each step is act → (wait) → verify; pass/fail comes
 * only from machine assertions; the run stops at the first failure. Driver, clock, sink, alert
 * guard, relauncher and cancel signal are injected, so the loop depends on the Driver interface
 * alone.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import { NullSink } from "../evidence/null_sink.ts";
import { SecretMasker } from "../evidence/secret_masker.ts";
import type { Scenario } from "../scenario/types.ts";
import { realClock } from "../time/clock.ts";
import { neverCancelled, RunCancelled } from "../time/cancel.ts";
import { cryptoRandom } from "./actions/generate.ts";
import { LatencyMeter } from "./latency_meter.ts";
import { CANCELLED_FAILURE, checkCancelled } from "./cancellation.ts";
import { newPhase, type RunContext } from "./context.ts";
import { runExpect } from "./expect.ts";
import { runAfterPhase, runBeforePhase } from "./lifecycle.ts";
import { runStepList } from "./steps.ts";
import { maskSecrets } from "./substitution.ts";
import type { RunOptions, RunResult } from "./types.ts";

/** Builds the run context from the options (defaults: real clock, NullSink, no guard). */
export function createRunContext(
  driver: Driver,
  scenario: Scenario,
  options: RunOptions = {},
): RunContext {
  const rawClock = options.clock ?? realClock;
  const secrets = options.secrets ?? {};
  // Every driver, clock and sink call of the loop is timed per step (docs/reports.md#latency).
  const meter = new LatencyMeter(rawClock);
  const clock = meter.clock(rawClock);
  return {
    driver: meter.driver(driver),
    scenario,
    clock,
    sink: meter.sink(options.sink ?? new NullSink()),
    alertGuard: options.alertGuard ?? null,
    meter,
    cancel: options.cancel ?? neverCancelled,
    minWaitTimeoutS: Math.max(0, options.minWaitTimeoutS ?? 0),
    relauncher: options.relauncher ?? null,
    vars: { ...options.vars },
    secrets,
    secretMasker: new SecretMasker(Object.values(secrets)),
    baselineCapture: options.baselineCapture ?? [],
    policy: scenario.capturePolicy,
    wantsScreenChanged: scenario.capturePolicy.some((r) => "event" in r.on),
    interrupts: [...(options.interrupts ?? []), ...scenario.interrupts],
    random: options.random ?? cryptoRandom,
    options,
    wallStart: clock.wallNow().getTime() / 1000,
    monoStart: clock.now(),
    prevTree: null,
    afterShotTree: null,
    selectionLive: false,
    warnedTokens: new Set(),
    tokenCache: new WeakMap(),
  };
}

/**
 * Runs one scenario against `driver`.
 *
 * Failure strings: the first step failure `step <i> (<action>): <reason>`; `before: …`;
 * `expect: <reasons joined "; ">`; `cancelled`; an `after` rule failure appended as
 * `; after: …` (or alone on a passing run). A backend crash, a device or channel error
 * propagates (the runner decides what to do with it).
 *
 * @example
 * ```ts
 * const result = await runScenario(driver, scenario, { clock: new FakeClock() });
 * if (!result.ok) console.log(result.failure);
 * ```
 */
export async function runScenario(
  driver: Driver,
  scenario: Scenario,
  options: RunOptions = {},
): Promise<RunResult> {
  const ctx = createRunContext(driver, scenario, options);
  if (options.scenarioId !== undefined) ctx.sink.beginScenario(options.scenarioId);
  if (options.dialogPolicy) driver.answerDialogs?.(options.dialogPolicy);
  const result: RunResult = {
    scenario: scenario.name,
    ok: false,
    steps: [],
    expectResults: [],
    failure: null,
    beforeOutcomes: [],
    afterOutcomes: [],
    afterVerdict: "",
    durationS: 0,
    vars: ctx.vars,
    ...(options.launch ? { launch: options.launch } : {}),
  };
  let failure: string | null;
  try {
    failure = await runBeforePhase(ctx, result);
    if (failure === null) {
      failure = await runStepList(ctx, newPhase("steps", result.steps), scenario.steps);
      if (failure === null && scenario.expect.length > 0) {
        checkCancelled(ctx.cancel);
        failure = await runExpect(ctx, result);
      }
    }
  } catch (e) {
    if (!(e instanceof RunCancelled)) throw e;
    failure = CANCELLED_FAILURE;
  }
  failure = await runAfterPhase(ctx, result, failure);
  await ctx.sink.flush();
  result.failure = failure;
  result.ok = failure === null;
  result.vars = Object.fromEntries(
    Object.entries(ctx.vars).map(([k, v]) => [k, maskSecrets(ctx, v)]),
  );
  result.durationS = ctx.clock.now() - ctx.monoStart;
  return result;
}
