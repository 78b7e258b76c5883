/**
 * Starting a planned run: claim its folder (the runs folder must take files before any scenario
 * runs), watch the signals that cancel it, and set up redaction, so that from here on every
 * line printed and every file written is masked (docs/redaction.md).
 *
 * @module
 */
import { resolve } from "node:path";
import { AtomicWrites, writeFileAtomic } from "../evidence/atomic_write.ts";
import { Redactor } from "../evidence/redact.ts";
import { SecretMasker } from "../evidence/secret_masker.ts";
import type { WriteFile } from "../evidence/redacting_writer.ts";
import { EvidenceWriteFailures } from "../evidence/write_failures.ts";
import { readGitRevision, scenarioHash } from "../report/provenance.ts";
import type { FileWriter } from "../report/write_report.ts";
import { scenarioYaml } from "../scenario/to_yaml.ts";
import type { Scenario } from "../scenario/types.ts";
import type { CancelSignal } from "../time/cancel.ts";
import { type Clock, realClock } from "../time/clock.ts";
import { VERSION } from "../version.ts";
import type { Effective } from "../config/effective.ts";
import { type RecordRedactor, recordRedactor } from "./redact_records.ts";
import { claimRunDir, RunsDirError } from "./runs_dir.ts";
import { exitNow, installRunSignals, type RunSignal, type RunSignals } from "./signals.ts";
import { EXIT_INTERRUPTED } from "./exit_codes.ts";
import type { RunPlan } from "./run_plan.ts";
import type { RunIo } from "./run_request.ts";

/** Milliseconds an abort waits for atomic writes in flight to stop before exiting. */
const ABORT_WRITES_WAIT_MS = 1000;
/** How long an abort gives the backends to end their browsers or devices before it exits. */
const ABORT_HOOKS_WAIT_MS = 2000;

/**
 * A started run: its folder, its cancel signal, its redaction and its writers.
 *
 * @example
 * ```ts
 * const run = await startRun(plan, io);
 * if (run === null) return EXIT_USAGE; // the runs folder cannot take files
 * run.io.stderr(`writing to ${run.runDir}`); // masked and printable
 * ```
 */
export interface StartedRun {
  runId: string;
  runDir: string;
  clock: Clock;
  cancel: CancelSignal;
  /** Null when the test injected its own cancel signal. */
  signals: RunSignals | null;
  /** The caller's io with every line masked by `redactor`. */
  io: RunIo;
  /** The run-wide redactor: config redaction and every secret value. */
  redactor: Redactor;
  /** The redactor of one scenario's evidence: config redaction plus the scenario's own. */
  scenarioRedactor(s: Scenario): Redactor;
  /** The reports' pass over a scenario's record (one per distinct `redact` block). */
  redactForReport(s: Scenario): RecordRedactor;
  /** Prints `warning: <message>` once per distinct message. */
  warnOnce(message: string): void;
  /** Secret values by name, from the config's `secrets` list and the environment. */
  secrets: Record<string, string>;
  /** Evidence that could not be written: one warning for the whole run, never a verdict. */
  evidenceFailures: EvidenceWriteFailures;
  /** Writes evidence files (atomic, tracked so an abort can stop them). */
  writeEvidence: WriteFile;
  /** Writes the report files (atomic, tracked). */
  writeReportFile: FileWriter;
  /** The executed scenarios as YAML (scenario.yaml, the provenance hash). */
  yamlText: string;
  /**
   * Registers what an abort (a second Ctrl-C) must end before the process exits, such as the
   * pass's browser; returns the unregistering function.
   */
  onAbort(hook: () => Promise<void>): () => void;
  /**
   * The abort under way (it ends the process with 130), or null. A run that ends while its
   * browsers are being closed by the abort waits for it: the exit code stays the abort's.
   */
  aborting(): Promise<never> | null;
  provenance: { scenarioHash: string; toolVersion: string; gitRevision: string };
}

/**
 * Claims the run folder, installs the signal handling and builds the redaction. Returns null
 * after printing why when the runs folder cannot take files (exit 2).
 *
 * @example
 * ```ts
 * const run = await startRun(plan, io);
 * ```
 */
export async function startRun(plan: RunPlan, io: RunIo): Promise<StartedRun | null> {
  const { req, eff, knobs, scenarios } = plan;
  const clock = realClock;
  const runsDir = resolve(io.cwd, req.runsDir);
  let runId: string, runDir: string;
  try {
    ({ runId, runDir } = await claimRunDir(runsDir, clock.wallNow()));
  } catch (err) {
    if (!(err instanceof RunsDirError)) throw err;
    io.stderr(err.message);
    return null;
  }
  // The revision is read while the signal watcher starts (both wait on other processes).
  const gitRevision = readGitRevision(eff.configDir);
  const writes = new AtomicWrites();
  const abortHooks = new Set<() => Promise<void>>();
  let aborting: Promise<never> | null = null;
  const atomic: WriteFile = (path, data, mode) => writeFileAtomic(path, data, mode, writes);
  const signals = io.cancel ? null : await installRunSignals({
    graceS: knobs.cancelGraceS,
    onCancel: (signal) => io.progress.line(cancelLine(signal)),
    onAbort: () => {
      aborting ??= abortRun(io, writes, abortHooks);
    },
    // A forced abort or the deadline (a main thread too busy to end the run) seals these writes
    // and clears these folders of our temp files.
    cleanup: [{ dir: runDir, recursive: true }, { dir: runsDir, recursive: false }],
    writes,
    warn: io.stderr,
  });

  const secrets = secretValues(eff, io.env);
  // Until the redactor exists (its own warnings), lines print as they are.
  let printer = io;
  const warned = new Set<string>();
  const warnOnce = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    printer.stderr(`warning: ${message}`);
  };
  // The backend's own credentials (a remote endpoint's user and key) are masked like secrets.
  const secretMasker = new SecretMasker([
    ...Object.values(secrets),
    ...(plan.backend.secrets ?? []),
  ]);
  const redactor = new Redactor({ redact: eff.redact, secretMasker, onWarning: warnOnce });
  // Every line printed from here on can quote app text and secrets (failure reasons, warnings,
  // annotations): it goes through the redactor.
  printer = redactingIo(io, redactor);
  const scenarioRedactor = (s: Scenario) =>
    new Redactor({ redact: [eff.redact, s.redact], secretMasker, onWarning: warnOnce });
  const recordRedactors = new Map<Scenario["redact"], RecordRedactor>();
  const redactForReport = (s: Scenario): RecordRedactor => {
    let r = recordRedactors.get(s.redact);
    if (r === undefined) recordRedactors.set(s.redact, r = recordRedactor(scenarioRedactor(s)));
    return r;
  };
  const yamlText = scenarioYaml(scenarios);
  return {
    runId,
    runDir,
    clock,
    cancel: io.cancel ?? signals!.cancel,
    signals,
    io: printer,
    redactor,
    scenarioRedactor,
    redactForReport,
    warnOnce,
    secrets,
    evidenceFailures: new EvidenceWriteFailures(),
    writeEvidence: io.writeEvidence ?? atomic,
    writeReportFile: io.writeReportFile ?? atomic,
    yamlText,
    onAbort: (hook) => {
      abortHooks.add(hook);
      return () => abortHooks.delete(hook);
    },
    aborting: () => aborting,
    provenance: {
      scenarioHash: scenarioHash(yamlText),
      toolVersion: VERSION,
      gitRevision: await gitRevision ?? "",
    },
  };
}

/**
 * The progress line of the first signal.
 *
 * @example
 * ```ts
 * cancelLine("SIGTERM");
 * // "cancel requested (SIGTERM): finishing the current step, then writing the reports"
 * ```
 */
export function cancelLine(signal: RunSignal): string {
  const again = signal === "SIGINT" ? "; press Ctrl-C again to abort at once" : "";
  return `cancel requested (${signal}): finishing the current step, then writing the reports${again}`;
}

/**
 * A second Ctrl-C: stop every atomic write of the run before its rename, remove their temp
 * files, end the browsers (the hooks), and exit 130 without writing the reports (a manifest
 * already renamed into place stays complete).
 */
async function abortRun(
  io: RunIo,
  writes: AtomicWrites,
  hooks: ReadonlySet<() => Promise<void>>,
): Promise<never> {
  io.progress.line("aborted by a second interrupt: the reports of this run are not written");
  await writes.close(ABORT_WRITES_WAIT_MS);
  // The browsers end (and their profiles go) before the exit, within a bound.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...hooks].map((hook) => hook())),
    new Promise((resolve) => timer = setTimeout(resolve, ABORT_HOOKS_WAIT_MS)),
  ]);
  clearTimeout(timer);
  return exitNow(EXIT_INTERRUPTED);
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
