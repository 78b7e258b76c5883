/**
 * `bajutsu run` end to end (runner.md §1, seed `run_and_report`): config → scenarios → pool →
 * `runAll` (or the matrix) → reports, with cancellation, crash recovery and the verdict line.
 * Every path that reaches dispatch writes manifest.json and the reports, also when a scenario
 * throws, the run is cancelled, or a device fails.
 *
 * @module
 */
import { relative, resolve } from "node:path";
import { loadConfig } from "../config/load_config.ts";
import { resolveTarget } from "../config/resolve_target.ts";
import type { Effective } from "../config/effective.ts";
import { readEnvKnobs } from "../config/env_knobs.ts";
import { formatLoadError, type LoadError } from "../scenario/errors.ts";
import { loadScenarioPaths } from "../scenario/load.ts";
import { MAX_SCENARIOS_PER_RUN } from "../scenario/input_limits.ts";
import { selectByTags } from "../scenario/templating/tags.ts";
import type { Scenario } from "../scenario/types.ts";
import { runScenario } from "../orchestrator/run_scenario.ts";
import { preflight } from "../orchestrator/preflight.ts";
import { FileSink } from "../evidence/file_sink.ts";
import { Redactor } from "../evidence/redact.ts";
import { SecretMasker } from "../evidence/secret_masker.ts";
import type { WriteFile } from "../evidence/redacting_writer.ts";
import { EvidenceWriteFailures } from "../evidence/write_failures.ts";
import { type FileWriter, writeReport } from "../report/write_report.ts";
import { budgetFailure, latencyBudgetOf } from "./latency_budget.ts";
import { ReportWriteError } from "../report/errors.ts";
import { processWrites } from "../evidence/atomic_write.ts";
import type { ScenarioRecord as ReportRecord } from "../report/model.ts";
import { realClock } from "../time/clock.ts";
import type { CancelSignal } from "../time/cancel.ts";
import { buildProvenance, readGitRevision, scenarioHash } from "../report/provenance.ts";
import { VERSION } from "../version.ts";
import { devicePool } from "./pool.ts";
import { RunAborted, runAll, type ScenarioRecord } from "./run_all.ts";
import { RunCrashBudget } from "./crash_budget.ts";
import { runMatrix } from "./matrix.ts";
import { formatProgress, formatStepLine, type ProgressSink } from "./progress.ts";
import { annotationFor } from "./github_annotations.ts";
import { scenarioWantsVideo } from "./video.ts";
import {
  alertHandlingEnabled,
  dialogPolicy,
  guardLabels,
  nativeAlertGuard,
} from "./alert_guard.ts";
import { exitNow, installRunSignals, type RunSignal } from "./signals.ts";
import { selectShard, type ShardSpec } from "./shards.ts";
import { readTimings } from "./timings.ts";
import { backendFor, UsageError } from "./backends.ts";
import { checkPlan } from "./plan_check.ts";
import { type AppServer, AppServerError, startAppServer } from "../process/app_server.ts";
import { claimRunDir, RunsDirError } from "./runs_dir.ts";
import { scenarioYaml } from "../scenario/to_yaml.ts";
import { type RecordRedactor, recordRedactor } from "./redact_records.ts";
import { EXIT_FAIL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "./exit_codes.ts";
import { printableIo } from "../cli/printable.ts";

export interface RunRequest {
  configPath: string;
  target?: string;
  scenarios: string[];
  tags: string[];
  exclude: string[];
  runsDir: string;
  /** `--erase` true, `--no-erase` false, unset undefined. */
  erase?: boolean;
  backend?: string[];
  workers: number;
  /** `--browser a,b`: one engine = a plain run, several = a matrix. */
  browsers?: string[];
  headed?: boolean;
  shard?: ShardSpec;
  /** A manifest, a run dir or a runs dir holding previous durations. */
  timings?: string;
  /** Overrides the web target's baseUrl. */
  baseUrl?: string;
  /** `--system-alert-handling` / `--no-system-alert-handling`; unset = scenario › target › on. */
  systemAlertHandling?: boolean;
  /** `--udid a,b,…`: the devices to lease (a pool); absent = the backend's default device. */
  udids?: string[];
}

export interface RunIo {
  stdout(line: string): void;
  stderr(line: string): void;
  progress: ProgressSink;
  env(name: string): string | undefined;
  color: boolean;
  /** A cancel signal for tests; the real command watches SIGTERM, SIGINT and SIGHUP. */
  cancel?: CancelSignal;
  /** Writes the report files (default atomic writes); tests inject a failing disk. */
  writeReportFile?: FileWriter;
  /** Writes evidence files (default: atomic writes); tests simulate a full disk with it. */
  writeEvidence?: WriteFile;
}

/** Loads, selects and prepares the scenarios; a usage problem throws UsageError. */
async function prepareScenarios(
  req: RunRequest,
  eff: Effective,
  io: RunIo,
): Promise<{ scenarios: Scenario[]; sourceName: string | null }> {
  const paths = req.scenarios.length > 0
    ? req.scenarios
    : eff.dirs.scenarios
    ? [eff.dirs.scenarios]
    : [];
  if (paths.length === 0) {
    throw new UsageError(
      `no scenarios: pass --scenario or set targets.${eff.target}.scenarios in the config`,
    );
  }
  for (const p of paths) {
    try {
      await Deno.stat(p);
    } catch {
      throw new UsageError(`scenario path not found: ${p}`);
    }
  }
  const loaded = await loadScenarioPaths(paths, { configSetup: eff.setup });
  const errors: LoadError[] = [];
  const scenarios: Scenario[] = [];
  // Element by element, not push(...list): a spread of a long list overflows the call stack.
  for (const f of loaded.files) {
    for (const e of f.outcome.errors) errors.push(e);
    for (const w of f.outcome.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
    for (const s of f.outcome.scenarios) scenarios.push(s);
  }
  if (errors.length > 0) {
    for (const e of errors) io.stderr(formatLoadError(e));
    throw new UsageError(`${errors.length} scenario load error(s)`);
  }
  if (scenarios.length > MAX_SCENARIOS_PER_RUN) {
    throw new UsageError(
      `E_SIZE_LIMIT ${scenarios.length} scenarios loaded; a run takes at most ` +
        `${MAX_SCENARIOS_PER_RUN} (docs/input-limits.md): run the suite in parts`,
    );
  }
  if (scenarios.length === 0) throw new UsageError(`no scenarios found in ${paths.join(", ")}`);
  let selected = selectByTags(scenarios, req.tags, req.exclude);
  if (selected.length === 0) {
    throw new UsageError(
      `no scenario matches the tag selection (tag: ${req.tags.join(",") || "-"}, exclude: ${
        req.exclude.join(",") || "-"
      })`,
    );
  }
  if (req.shard) {
    const durations = req.timings ? await readTimings(req.timings) : undefined;
    selected = selectShard(selected, (s) => s.name, req.shard, durations);
  }
  // Erase resolves to a concrete bool before the pipeline: flag > scenario > target > off.
  for (const s of selected) {
    s.preconditions.erase = req.erase ?? s.preconditions.erase ?? eff.run.erase;
  }
  const files = [...new Set(loaded.files.map((f) => f.file))];
  return { scenarios: selected, sourceName: files.length === 1 ? files[0] : null };
}

function secretValues(eff: Effective, env: (k: string) => string | undefined) {
  const out: Record<string, string> = {};
  for (const name of eff.secrets) {
    const v = env(name);
    if (v !== undefined && v !== "") out[name] = v;
  }
  return out;
}

/** `io` with every printed line scrubbed by `redactor` (before it is made printable). */
function redactingIo(io: RunIo, redactor: Redactor): RunIo {
  const scrub = (line: string) => redactor.redactMessage(line);
  return {
    ...io,
    stdout: (line) => io.stdout(scrub(line)),
    stderr: (line) => io.stderr(scrub(line)),
    progress: {
      line: (line) => io.progress.line(scrub(line)),
      live: (line) => io.progress.live(scrub(line)),
    },
  };
}

/**
 * Runs `bajutsu run` and returns the exit code. Every stdout/stderr line is made printable
 * (docs/cli.md): names, labels and failure texts are author-written.
 */
export async function runCommand(req: RunRequest, rawIo: RunIo): Promise<number> {
  let io = printableIo(rawIo);
  // 1. config and target
  const parsed = await loadConfig(req.configPath);
  for (const w of parsed.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
  if (!parsed.config) {
    for (const e of parsed.errors) io.stderr(formatLoadError(e));
    return EXIT_USAGE;
  }
  let eff: Effective;
  try {
    const names = Object.keys(parsed.config.targets ?? {});
    const target = req.target ?? (names.length === 1 ? names[0] : undefined);
    if (!target) {
      io.stderr(`--target is required (targets: ${names.join(", ") || "none"})`);
      return EXIT_USAGE;
    }
    eff = resolveTarget(parsed.config, target);
    if (req.baseUrl) {
      if (eff.app.platform !== "web") {
        io.stderr(`--base-url applies to web targets; ${target} is ${eff.platform}`);
        return EXIT_USAGE;
      }
      eff = { ...eff, app: { ...eff.app, baseUrl: req.baseUrl } };
    }
  } catch (err) {
    io.stderr(err instanceof Error ? err.message : String(err));
    return EXIT_USAGE;
  }

  let knobs;
  let prepared;
  let backend;
  try {
    knobs = readEnvKnobs(io.env);
    prepared = await prepareScenarios(req, eff, io);
    backend = await backendFor(eff, {
      ...req,
      env: io.env,
      warn: (line) => io.stderr(`warning: ${line}`),
    });
    // Every scenario against the backend and the target, all at once, before any device work.
    const plan = checkPlan(prepared.scenarios, eff, backend);
    for (const w of plan.warnings) io.stderr(`warning: ${formatLoadError(w)}`);
    if (plan.errors.length > 0) {
      for (const e of plan.errors) io.stderr(formatLoadError(e));
      throw new UsageError(
        `${plan.errors.length} problem(s) before the run: nothing was run (docs/cli.md#preflight)`,
      );
    }
  } catch (err) {
    // A usage error may list load errors, one per line; each line is printed on its own.
    for (const line of (err instanceof Error ? err.message : String(err)).split("\n")) {
      io.stderr(line);
    }
    return EXIT_USAGE;
  }
  const { scenarios, sourceName } = prepared;

  // The target's app server runs for the whole run and stops however the run ends.
  let started: AppServer | null;
  try {
    started = await launchTargetServer(eff, io);
  } catch (err) {
    if (!(err instanceof AppServerError)) throw err;
    for (const line of `${err.code} ${err.message}`.split("\n")) io.stderr(line);
    return EXIT_USAGE;
  }
  await using _server = started;

  // 2. run id (the runs folder must take files before any scenario runs), cancellation
  const clock = realClock;
  let runId: string, runDir: string;
  try {
    ({ runId, runDir } = await claimRunDir(resolve(req.runsDir), clock.wallNow()));
  } catch (err) {
    if (!(err instanceof RunsDirError)) throw err;
    io.stderr(err.message);
    return EXIT_USAGE;
  }
  const runsDir = resolve(req.runsDir);
  const signals = io.cancel ? null : await installRunSignals({
    graceS: knobs.cancelGraceS,
    onCancel: (signal) => io.progress.line(cancelLine(signal)),
    onAbort: () => void abortRun(io),
    // A forced abort (a main thread too busy to take it) clears these of our temp files.
    cleanup: [{ dir: runDir, recursive: true }, { dir: runsDir, recursive: false }],
    warn: io.stderr,
  });
  const cancel = io.cancel ?? signals!.cancel;

  const secrets = secretValues(eff, io.env);
  // Evidence that could not be written: one warning for the whole run, never a verdict.
  const evidenceFailures = new EvidenceWriteFailures();
  const warned = new Set<string>();
  const warnOnce = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    io.stderr(`warning: ${message}`);
  };
  const secretMasker = new SecretMasker(Object.values(secrets));
  const redactor = new Redactor({ redact: eff.redact, secretMasker, onWarning: warnOnce });
  // From here on every line printed goes through the redactor: failure reasons, warnings and
  // annotations can quote app text and secrets.
  io = redactingIo(io, redactor);
  // Evidence of a scenario: config redaction (defaults ∪ target) unioned with the scenario's own.
  const scenarioRedactor = (s: Scenario) =>
    new Redactor({ redact: [eff.redact, s.redact], secretMasker, onWarning: warnOnce });
  // The reports' pass: one per distinct scenario `redact` block (most scenarios have none).
  const recordRedactors = new Map<Scenario["redact"], RecordRedactor>();
  const redactForReport = (s: Scenario): RecordRedactor => {
    let r = recordRedactors.get(s.redact);
    if (r === undefined) recordRedactors.set(s.redact, r = recordRedactor(scenarioRedactor(s)));
    return r;
  };
  const yamlText = scenarioYaml(scenarios);
  const provenance = {
    scenarioHash: scenarioHash(yamlText),
    toolVersion: VERSION,
    gitRevision: await readGitRevision(eff.configDir) ?? "",
  };
  const onProgress = (e: Parameters<typeof formatProgress>[0]) => {
    const line = formatProgress(e, { color: io.color });
    if (line !== null) io.progress.line(line);
  };

  // 3. one engine pass: a pool of lanes, runAll, shutdown
  const pass = async (engine: string | null): Promise<ScenarioRecord[]> => {
    const passDir = engine ? `${runDir}/${engine}` : runDir;
    const passFailures = evidenceFailures.under(engine ? `${engine}/` : "");
    const factory = await backend.factory(engine);
    const pool = devicePool({
      devices: backend.lanes,
      factory,
      actuatorFor: () => backend.actuator,
      sinkFor: (leaseReq) => {
        const sink = new FileSink(passDir, {
          redactor: scenarioRedactor(leaseReq.scenario),
          provider: backend.actuator,
          provenance: () => provenance,
          failures: passFailures,
          writeFile: io.writeEvidence,
          recordsScenarioVideoUpFront: backend.recordsScenarioVideoUpFront,
        });
        sink.beginScenario(leaseReq.sid);
        return sink;
      },
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
        preflight: (s) => preflight(s, backend.capabilities, backend.actuator),
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
          readiness: lease.readiness
            ? {
              ready: lease.readiness.ready,
              signal: lease.readiness.signal,
              elapsedSeconds: lease.readiness.elapsedSeconds,
              settled: lease.readiness.settled,
            }
            : null,
          warn: (message) => warnOnce(`${s.name}: ${message}`),
          cancel,
          afterPhaseDeadlineS: knobs.cancelGraceS / 10,
          secrets,
          baselineCapture: eff.capture,
          minWaitTimeoutS: knobs.minWaitTimeoutS,
          relauncher: lease.relauncher,
          redact: eff.redact,
          onStepStart: (phase, index, action) =>
            io.progress.live(formatStepLine(sid, phase, index, action)),
          onStep: () => io.progress.live(""),
        }),
        afterScenario: async (lease) => {
          const exchanges = lease.driver.exchanges?.() ?? [];
          if (exchanges.length === 0) return [];
          // Monotonic collector times become absolute instants (runner.md §4).
          const wallOffsetS = clock.wallNow().getTime() / 1000 - clock.now();
          const absolute = exchanges.map((e) => ({ ...e, startedAt: e.startedAt + wallOffsetS }));
          // The lease's sink writes it: its redactor knows which secrets the scenario typed.
          const artifact = await lease.sink.network?.(absolute);
          return artifact ? [artifact] : [];
        },
        onProgress,
      });
    } finally {
      await pool.shutdown();
      await factory.close?.();
    }
  };

  // 4. dispatch; infrastructure failures still end in a report
  let records: ScenarioRecord[];
  let exitOverride: number | null = null;
  try {
    if (backend.engines.length > 1) {
      records = await runMatrix(backend.engines, scenarios, (e) => pass(e), {
        cancel,
        wallNow: () => clock.wallNow(),
        onEngine: (e) => io.progress.line(`━ engine ${e}`),
      });
    } else {
      records = await pass(null);
    }
  } catch (err) {
    if (err instanceof RunAborted) {
      io.stderr(`device error: ${err.message}`);
      records = err.records;
      exitOverride = EXIT_USAGE;
    } else {
      signals?.dispose();
      // An unexpected crash is printed with its message and stack: they can quote secrets.
      if (err instanceof Error) {
        err.message = redactor.redactMessage(err.message);
        if (err.stack) err.stack = redactor.redactMessage(err.stack);
      }
      throw err;
    }
  }

  // 5. reports, annotations, verdict
  const evidenceWarning = evidenceFailures.summary();
  if (evidenceWarning !== null) io.stderr(`warning: ${evidenceWarning}`);
  await addScenarioVideos(records, runDir, backend.actuator);
  // A listed file whose queued write failed was never written: the report does not claim it.
  const written = (a: { name: string }) => !evidenceFailures.failed(a.name);
  const reportRecords: ReportRecord[] = records.map((r) =>
    redactForReport(r.scenario)(toReportRecord(r, written, eff.target))
  );
  let manifestPath: string;
  let budgetBreach: string | null = null;
  try {
    let manifest;
    ({ manifestPath, manifest } = await writeReport(runDir, {
      runId,
      results: reportRecords,
      sourceName: sourceName ? relative(Deno.cwd(), sourceName) : null,
      provenance: buildProvenance({
        scenarioYaml: yamlText,
        gitRevision: provenance.gitRevision || null,
      }),
      scenarioYaml: redactor.redactText(yamlText),
      ...latencyBudgetOf(eff),
    }, { warn: (line) => io.stderr(`warning: ${line}`), writeFile: io.writeReportFile }));
    budgetBreach = budgetFailure(manifest);
  } catch (err) {
    signals?.dispose();
    if (!(err instanceof ReportWriteError)) throw err;
    // No result line: without its reports on disk the run has no verdict to point at.
    io.stderr(`${err.code} ${err.message}`);
    return EXIT_USAGE;
  }
  signals?.dispose();
  if (io.env("GITHUB_ACTIONS") === "true") {
    for (const rec of reportRecords) {
      const line = annotationFor(rec.result, rec.file);
      if (line) io.stdout(line);
    }
  }
  // A breached latency budget fails the verdict like a failed scenario (exit 1).
  if (budgetBreach !== null) io.stderr(budgetBreach);
  const ok = records.every((r) => r.result.ok) && !cancel.cancelled && budgetBreach === null;
  const shown = relative(Deno.cwd(), manifestPath) || manifestPath;
  io.stdout(`${ok ? "PASS" : "FAIL"}  ${shown.startsWith("..") ? manifestPath : shown}`);
  // An interrupted run exits as shells expect of Ctrl-C, also after a device error.
  if (signals?.signal() === "SIGINT") return EXIT_INTERRUPTED;
  if (exitOverride !== null) return exitOverride;
  return ok ? EXIT_OK : EXIT_FAIL;
}

/** Starts the target's `launchServer`, if it has one; its output goes to stderr. */
export function launchTargetServer(
  eff: Effective,
  io: { stderr(line: string): void },
): Promise<AppServer | null> {
  if (!eff.launchServer) return Promise.resolve(null);
  return startAppServer(eff.launchServer, eff.configDir, {
    clock: realClock,
    log: (line) => io.stderr(`server: ${line}`),
  });
}

/** Milliseconds an abort waits for atomic writes in flight to stop before exiting. */
const ABORT_WRITES_WAIT_MS = 1000;

/** The progress line of the first signal. */
export function cancelLine(signal: RunSignal): string {
  const again = signal === "SIGINT" ? "; press Ctrl-C again to abort at once" : "";
  return `cancel requested (${signal}): finishing the current step, then writing the reports${again}`;
}

/**
 * A second Ctrl-C: stop every atomic write before its rename, remove their temp files, and exit
 * 130 without writing the reports (a manifest already renamed into place stays complete).
 */
async function abortRun(io: RunIo): Promise<never> {
  io.progress.line("aborted by a second interrupt: the reports of this run are not written");
  await processWrites.close(ABORT_WRITES_WAIT_MS);
  return exitNow(EXIT_INTERRUPTED);
}

/** A whole-session recording lands at teardown; list it where it exists. */
async function addScenarioVideos(records: ScenarioRecord[], runDir: string, provider: string) {
  for (const r of records) {
    const name = `${r.sid}/scenario.mp4`;
    const dir = r.engine ? `${runDir}/${r.engine}` : runDir;
    try {
      if ((await Deno.stat(`${dir}/${name}`)).isFile) {
        await Deno.chmod(`${dir}/${name}`, 0o600);
        r.artifacts = [...r.artifacts, { name, kind: "video", provider }];
      }
    } catch { /* not recorded */ }
  }
}

/**
 * Artifact names of an engine pass are relative to `<runDir>/<engine>`: prefix them. Artifacts
 * `written` rejects (their write failed) are left out.
 */
function toReportRecord(
  r: ScenarioRecord,
  written: (artifact: { name: string }) => boolean,
  target: string,
): ReportRecord {
  const prefix = r.engine ? `${r.engine}/` : "";
  // Paths in reports are portable: artifact names run-dir relative (engine-prefixed on a
  // matrix), source files relative to where the run was started.
  const fixSteps = <S extends { artifacts: { name: string }[]; file?: string }>(steps: S[]): S[] =>
    steps.map((s) => ({
      ...s,
      file: s.file ? relative(Deno.cwd(), s.file) : s.file,
      artifacts: s.artifacts.map((a) => ({ ...a, name: prefix + a.name })).filter(written),
    }));
  return {
    result: {
      ...r.result,
      steps: fixSteps(r.result.steps),
      beforeOutcomes: fixSteps(r.result.beforeOutcomes),
      afterOutcomes: fixSteps(r.result.afterOutcomes),
    },
    sid: r.sid,
    backend: r.backend,
    engine: r.engine,
    device: r.device,
    deviceName: r.deviceName,
    deviceRuntime: r.deviceRuntime,
    route: r.route ?? "",
    attempts: r.attempts,
    file: r.scenario.file ? relative(Deno.cwd(), r.scenario.file) : undefined,
    target,
    description: r.scenario.description,
    artifacts: r.artifacts.map((a) => ({ ...a, name: prefix + a.name })).filter(written),
    skippedCaptures: r.skippedCaptures,
    videoAnchorS: r.videoAnchorS,
    startedAt: r.startedAt,
    plannedSteps: r.scenario.steps.map((s, i) => ({
      action: s.action,
      stepId: s.name || `step${i}`,
    })),
  };
}
