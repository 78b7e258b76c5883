/**
 * `bajutsu run` end to end (docs/architecture.md): plan (config, target, scenarios, backend,
 * preflight) → the target's app server → start (run folder, signals, redaction) → dispatch (one
 * pass, or one per engine of a matrix) → finish (reports, verdict, exit code). Every run that reaches dispatch writes manifest.json and
 * the reports, also when a scenario throws, the run is cancelled, or a device fails.
 *
 * @module
 */
import { printableIo } from "../text/printable.ts";
import { EXIT_USAGE } from "./exit_codes.ts";
import { runMatrix } from "./matrix.ts";
import { RunAborted } from "./run_all.ts";
import { type Dispatched, finishRun, loadReportWriter } from "./run_finish.ts";
import { notifyContext, startNotifications } from "./notify.ts";
import { runPass } from "./run_pass.ts";
import { planRun, type RunPlan } from "./run_plan.ts";
import type { RunIo, RunRequest } from "./run_request.ts";
import { type StartedRun, startRun } from "./run_start.ts";
import { zipFinishedRun } from "./run_zip.ts";
import { startTargetServer } from "./target_server.ts";
import { errorLine } from "../text/error_line.ts";

/**
 * Runs `bajutsu run` and returns the exit code. Every stdout/stderr line is made printable
 * (docs/cli.md): names, labels and failure texts are author-written.
 *
 * @example
 * ```ts
 * const code = await runCommand(
 *   { configPath: "bajutsu.config.yaml", scenarios: [], tags: [], exclude: [], runsDir: "runs",
 *     workers: 1 },
 *   io,
 * );
 * ```
 */
export async function runCommand(req: RunRequest, rawIo: RunIo): Promise<number> {
  const io = printableIo(rawIo);
  const plan = await planRun(req, io);
  if (plan === null) return EXIT_USAGE;
  // The target's app server runs for the whole run and stops however the run ends.
  const server = await startTargetServer(plan.eff, io);
  if (server === false) return EXIT_USAGE;
  await using _server = server;
  const run = await startRun(plan, io);
  if (run === null) return EXIT_USAGE;
  const notifications = startNotifications(notifyContext(plan, run));
  const reportWriter = loadReportWriter();
  reportWriter.catch(() => {});
  // The browsers (devices) close while the reports are written; the run returns after both.
  const closing: Promise<void>[] = [];
  let code: number;
  try {
    const dispatched = await dispatch(plan, run, (c) => closing.push(c));
    code = await finishRun(plan, run, dispatched, reportWriter);
    // Webhooks post after the verdict line and never change the exit code.
    await notifications.finish(code);
  } finally {
    await Promise.all(closing);
    // A second Ctrl-C closing the browsers under the run ends the process itself (exit 130),
    // whatever the run's own ending made of the closed browser.
    await run.aborting();
  }
  // After the verdict and the devices' teardown (a recording may land then); the exit code stays.
  if (plan.req.zip) await zipFinishedRun(run.runDir, run.runId, run.io);
  return code;
}

/**
 * Runs every pass. A device error ends dispatch with the records so far (exit 2 after the
 * reports); any other error is unexpected and propagates, its texts redacted.
 */
async function dispatch(
  plan: RunPlan,
  run: StartedRun,
  deferClose: (closing: Promise<void>) => void,
): Promise<Dispatched> {
  const { engines } = plan.backend;
  if (plan.repeat?.mode === "repeat") {
    run.io.stderr(
      `repeat: each scenario ${plan.repeat.count} time${plan.repeat.count === 1 ? "" : "s"}, ` +
        `seed ${plan.repeat.seed} ` +
        `(replay this order with --seed ${plan.repeat.seed})`,
    );
  }
  try {
    const records = engines.length > 1
      ? await runMatrix(engines, plan.scenarios, (e) => runPass(plan, run, e, { deferClose }), {
        cancel: run.cancel,
        wallNow: () => run.clock.wallNow(),
        onEngine: (e) => run.io.progress.line(`━ engine ${e}`),
      })
      : await runPass(plan, run, null, { deferClose });
    return { records, exitOverride: null };
  } catch (err) {
    if (err instanceof RunAborted) {
      run.io.stderr(`device error: ${errorLine(err.cause)}`);
      return { records: err.records, exitOverride: EXIT_USAGE };
    }
    await run.signals?.dispose();
    // An unexpected crash is printed with its message and stack: they can quote secrets.
    if (err instanceof Error) {
      err.message = run.redactor.redactMessage(err.message);
      if (err.stack) err.stack = run.redactor.redactMessage(err.stack);
    }
    throw err;
  }
}
