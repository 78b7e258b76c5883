/**
 * A run's webhooks (docs/configuration.md#notify): `start` hooks post when the run folder
 * exists, without delaying the run; the others post after the verdict line, from the manifest
 * the run wrote (its texts already redacted for the reports, and masked again by the run's
 * redactor). Best effort: a hook that cannot be delivered is one `warning:` line, never an exit
 * code, and the whole of it is bounded in time, shorter on a cancelled run so it ends well
 * before the cancellation deadline.
 *
 * @module
 */
import { dirname, join, relative } from "node:path";
import type { NotifyEndpoint } from "../config/types.ts";
import { deliver, type DeliveryOptions } from "../notify/deliver.ts";
import { finishFires, needsPrevious } from "../notify/events.ts";
import { hookName, resolveHookUrl } from "../notify/hook_url.ts";
import { previousVerdict } from "../notify/previous_verdict.ts";
import {
  type FailedScenario,
  type RunOutcome,
  slackFinish,
  slackStart,
} from "../notify/slack_message.ts";
import { type Clock, realClock } from "../time/clock.ts";
import { type DeadlineFactory, timerDeadline } from "../time/deadline.ts";
import { EXIT_OK } from "./exit_codes.ts";
import { HANDLER_SLACK_S } from "./signals.ts";
import type { RunPlan } from "./run_plan.ts";
import type { StartedRun } from "./run_start.ts";

/** Seconds one POST may take. */
export const ATTEMPT_TIMEOUT_S = 5;
/** Seconds all of one hook's attempts and pauses may take. */
export const DELIVERY_BUDGET_S = 10;
/** Seconds a cancelled run's hooks may take: well inside the slack past its grace. */
export const CANCELLED_BUDGET_S = HANDLER_SLACK_S / 2;
/** Attempts after the first on a network error, a timeout, a 5xx or a 429. */
export const RETRIES = 2;
/** The first pause between attempts (seconds); each later one doubles. */
export const BACKOFF_S = 0.5;

/** How hooks post and wait; tests inject a fake `fetch`, clock and deadlines. */
export interface NotifyDeps {
  fetch: typeof fetch;
  clock: Clock;
  deadline: DeadlineFactory;
}

const realDeps: NotifyDeps = { fetch: globalThis.fetch, clock: realClock, deadline: timerDeadline };

/** What the hooks of one run know about it. */
export interface NotifyContext {
  hooks: readonly NotifyEndpoint[];
  target: string;
  runId: string;
  runDir: string;
  /** Where paths are shown from (the verdict line's folder). */
  cwd: string;
  /** The scenario names the run plans to run. */
  scenarios: readonly string[];
  /** Secret values by name, for `${secrets.NAME}` in a hook's url. */
  secrets: Record<string, string>;
  /** Masks secrets and redacted text in what is posted. */
  redact(text: string): string;
  /** Prints one `warning:` line. */
  warn(line: string): void;
  cancelled(): boolean;
}

/** The hooks of a run in flight: `finish` posts the post-verdict ones. */
export interface RunNotifications {
  /** Waits for the start posts, then posts after the verdict of `exitCode`; never throws. */
  finish(exitCode: number): Promise<void>;
}

/**
 * The notify context of a started run.
 *
 * @example
 * ```ts
 * const notifications = startNotifications(notifyContext(plan, run));
 * ```
 */
export function notifyContext(plan: RunPlan, run: StartedRun): NotifyContext {
  return {
    hooks: plan.eff.notify,
    target: plan.eff.target,
    runId: run.runId,
    runDir: run.runDir,
    cwd: run.io.cwd,
    scenarios: plan.scenarios.map((s) => s.name),
    secrets: run.secrets,
    redact: (text) => run.redactor.redactMessage(text),
    warn: (line) => run.io.stderr(`warning: ${line}`),
    cancelled: () => run.cancel.cancelled,
  };
}

/**
 * Posts the `start` hooks (in the background: the run does not wait for them) and returns what
 * posts the others once the verdict is printed.
 *
 * @example
 * ```ts
 * const notifications = startNotifications(ctx);
 * const code = await finishRun(plan, run, dispatched); // prints the verdict line
 * await notifications.finish(code);
 * ```
 */
export function startNotifications(
  ctx: NotifyContext,
  deps: NotifyDeps = realDeps,
): RunNotifications {
  const starting = Promise.all(ctx.hooks.map((hook, i) => {
    if (!hook.on.includes("start") || !covers(hook, ctx.scenarios)) return;
    const body = slackStart({
      target: ctx.redact(ctx.target),
      runId: ctx.runId,
      scenarios: ctx.scenarios.length,
    });
    return post(ctx, deps, i, hook, body);
  }));
  return {
    finish: async (exitCode) => {
      await starting;
      if (!ctx.hooks.some((h) => h.on.some((e) => e !== "start"))) return;
      const results = await readResults(join(ctx.runDir, "manifest.json"));
      await Promise.all(ctx.hooks.map(async (hook, i) => {
        try {
          await finishHook(ctx, deps, i, hook, exitCode === EXIT_OK, results);
        } catch (err) {
          // Nothing a hook does may end the run: an unforeseen failure is a warning too.
          ctx.warn(`${hookName(i)}: not sent (${err instanceof Error ? err.name : "error"})`);
        }
      }));
    },
  };
}

/** One scenario result as the manifest holds it. */
interface StoredResult {
  scenario: string;
  engine: string;
  ok: boolean;
  failure: string;
}

async function finishHook(
  ctx: NotifyContext,
  deps: NotifyDeps,
  index: number,
  hook: NotifyEndpoint,
  runOk: boolean,
  results: StoredResult[] | null,
): Promise<void> {
  const own = hook.on.filter((e) => e !== "start");
  if (own.length === 0) return;
  const scoped = results === null || hook.targets.length === 0
    ? results
    : results.filter((r) => hook.targets.includes(r.scenario));
  if (scoped !== null && scoped.length === 0) return;
  // A hook scoped to some scenarios reports their verdict.
  const ok = runOk || (hook.targets.length > 0 && scoped !== null && scoped.every((r) => r.ok));
  const previous = needsPrevious(own)
    ? await previousVerdict(dirname(ctx.runDir), ctx.runId, ctx.target, hook.targets)
    : null;
  if (!finishFires(own, ok, previous)) return;
  await post(ctx, deps, index, hook, slackFinish(outcome(ctx, ok, scoped)));
}

function outcome(ctx: NotifyContext, ok: boolean, results: StoredResult[] | null): RunOutcome {
  const report = join(ctx.runDir, "report.html");
  const shown = relative(ctx.cwd, report);
  const failed: FailedScenario[] = results === null
    ? [{ scenario: "(run)", failure: "the reports could not be written" }]
    : results.filter((r) => !r.ok).map((r) => ({
      scenario: ctx.redact(r.engine ? `${r.scenario} [${r.engine}]` : r.scenario),
      failure: ctx.redact(r.failure),
    }));
  return {
    target: ctx.redact(ctx.target),
    runId: ctx.runId,
    ok,
    cancelled: ctx.cancelled(),
    passed: results?.filter((r) => r.ok).length ?? 0,
    total: results?.length ?? 0,
    failed,
    reportPath: shown === "" || shown.startsWith("..") ? report : shown,
  };
}

/** Whether a hook's `targets` (scenario names) name a scenario of the run; none = every run. */
function covers(hook: NotifyEndpoint, scenarios: readonly string[]): boolean {
  return hook.targets.length === 0 || scenarios.some((s) => hook.targets.includes(s));
}

async function post(
  ctx: NotifyContext,
  deps: NotifyDeps,
  index: number,
  hook: NotifyEndpoint,
  body: unknown,
): Promise<void> {
  const url = resolveHookUrl(hook.url, ctx.secrets);
  if (!url.ok) {
    ctx.warn(`${hookName(index)}: not sent: ${url.reason}`);
    return;
  }
  const opts: DeliveryOptions = {
    ...deps,
    attemptTimeoutS: ATTEMPT_TIMEOUT_S,
    budgetS: ctx.cancelled() ? CANCELLED_BUDGET_S : DELIVERY_BUDGET_S,
    retries: RETRIES,
    backoffS: BACKOFF_S,
  };
  const result = await deliver(url.url, body, opts);
  if (result.ok) return;
  const tries = `${result.attempts} attempt${result.attempts === 1 ? "" : "s"}`;
  ctx.warn(`${hookName(index, url.host)}: not delivered after ${tries}: ${result.reason}`);
}

/** The scenario results of the manifest at `path`, or null when it cannot be read. */
async function readResults(path: string): Promise<StoredResult[] | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(await Deno.readTextFile(path));
  } catch {
    return null;
  }
  const scenarios = (raw as { scenarios?: unknown } | null)?.scenarios;
  if (!Array.isArray(scenarios)) return null;
  return scenarios.flatMap((s): StoredResult[] => {
    if (typeof s !== "object" || s === null) return [];
    const r = s as Record<string, unknown>;
    return [{
      scenario: String(r.scenario ?? ""),
      engine: typeof r.engine === "string" ? r.engine : "",
      ok: r.ok === true,
      failure: typeof r.failure === "string" ? r.failure : "",
    }];
  });
}
