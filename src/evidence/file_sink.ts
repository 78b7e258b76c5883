/**
 * The file sink (docs/architecture.md#one-leaf-step, docs/architecture.md#evidence-sink): writes a
 * run's evidence under `runs/<runId>/<sid>/<stepDir>/` (layout in docs/reports.md). Every file goes
 * through one redacting writer; a capture or write that fails is recorded in the run's failure
 * tally (and the optional log) and dropped, never thrown: evidence never influences a verdict.
 *
 * @module
 */
import { join } from "node:path";
import type { Driver, DriverInterval } from "../drivers/driver.ts";
import type { Element } from "../model/element.ts";
import type { Exchange } from "../model/exchange.ts";
import { SinkStateError } from "./errors.ts";
import { pngFileSize, pngSize } from "./png_size.ts";
import { safeRelDir, safeSegment, SCENARIO_FILES, STEP_FILES } from "./layout.ts";
import type { Redactor } from "./redact.ts";
import { FILE_MODE, RedactingWriter, type WriteFile } from "./redacting_writer.ts";
import type { EvidenceSink, Interval, WaitTrace } from "./sink.ts";
import type { Artifact, ArtifactKind } from "../model/artifact.ts";
import type { SkippedCapture } from "../model/skipped_capture.ts";
import { type WaitProvenance, waitTimeoutRecord } from "./wait_diagnostic.ts";
import { errorMessage, WriteQueue } from "./write_queue.ts";
import { WriteGate } from "./write_gate.ts";
import { EvidenceWriteFailures, type WriteFailureLog } from "./write_failures.ts";

/** Mode of every directory the sink creates. */
export const DIR_MODE = 0o700;

/** Per-step interval kinds and the file each one records to. */
const INTERVAL_FILES: Readonly<Record<string, string>> = {
  video: STEP_FILES.video,
  deviceLog: STEP_FILES.deviceLog,
};

export interface FileSinkOptions {
  redactor: Redactor;
  /** `Artifact.provider` of what the driver supplies (default `driver`). */
  provider?: string;
  /**
   * Every failed capture or write, by run-dir relative name (default: a tally of this sink's
   * own, `FileSink.failures`). The run passes one tally to all its sinks and prints it once.
   */
  failures?: WriteFailureLog;
  /** One line per failure, for diagnostics (default: none; the tally is what users see). */
  log?: (line: string) => void;
  /** Writes each file (default: an atomic write); tests pass a failing one to simulate a full disk. */
  writeFile?: WriteFile;
  /** Provenance for `wait-timeout.json` of scenario `sid` (default: null). */
  provenance?: (sid: string) => WaitProvenance | null;
  /**
   * The backend records each scenario's video up front (`<sid>/scenario.mp4`, the backend
   * descriptor's flag), so a step's `video` starts no segment and is not a skipped capture.
   */
  recordsScenarioVideoUpFront?: boolean;
}

/** An after-shot that may stand in for the next step's before-shot. */
interface LastShot {
  sid: string;
  bytes: Uint8Array | null;
  path: string;
}

/** A step directory, run-dir relative (`00-login/before/step0`) and on disk. */
interface StepDir {
  rel: string;
  abs: string;
}

/** Writes evidence files; see the module doc. */
export class FileSink implements EvidenceSink {
  readonly #runDir: string;
  readonly #redactor: Redactor;
  readonly #writer: RedactingWriter;
  readonly #provider: string;
  readonly #log: (line: string) => void;
  readonly #failures: WriteFailureLog;
  readonly #provenance: (sid: string) => WaitProvenance | null;
  readonly #scenarioVideo: boolean;
  readonly #queue: WriteQueue;
  #sid: string | null = null;
  /** File names already listed per step dir (a step lists each artifact once). */
  readonly #listed = new Map<string, Set<string>>();
  readonly #skipped = new Map<string, SkippedCapture[]>();
  readonly #madeDirs = new Set<string>();
  /** Step folders, created once each (false: creating it failed, already recorded). */
  readonly #stepDirs = new Map<string, Promise<boolean>>();
  /** The latest after.png, kept so the next step's before.png can reuse it. */
  #lastAfterShot: LastShot | null = null;
  /** The latest queued write of each file: a later write of the same file waits for it. */
  readonly #fileWrites = new Map<string, Promise<unknown>>();
  /** Pixel size of the latest screenshot (read from its PNG header). */
  #shotSize: [number, number] | null = null;
  /** Holds queued writes while a read-only step runs (docs/architecture.md#evidence-sink). */
  readonly #gate = new WriteGate();

  constructor(runDir: string, opts: FileSinkOptions) {
    this.#runDir = runDir;
    this.#redactor = opts.redactor;
    this.#writer = new RedactingWriter(opts.redactor, opts.writeFile);
    this.#provider = opts.provider ?? "driver";
    // Failure reasons can quote driver errors, which can quote the app: scrub them too.
    const log = opts.log ?? (() => {});
    this.#log = (line) => log(this.#redactor.redactText(line));
    this.#failures = opts.failures ?? new EvidenceWriteFailures();
    this.#provenance = opts.provenance ?? (() => null);
    this.#scenarioVideo = opts.recordsScenarioVideoUpFront ?? false;
    this.#queue = new WriteQueue((name, err) => this.#fail(name, `writing ${name} failed`, err));
  }

  /** The failure tally this sink reports to. */
  get failures(): WriteFailureLog {
    return this.#failures;
  }

  beginScenario(sid: string): void {
    this.#sid = safeSegment(sid);
    if (!this.#skipped.has(this.#sid)) this.#skipped.set(this.#sid, []);
  }

  shotSize(): [number, number] | null {
    return this.#shotSize;
  }

  /** What scenario `sid` requested but could not get, each kind once. */
  skippedCaptures(sid: string): SkippedCapture[] {
    return [...(this.#skipped.get(safeSegment(sid)) ?? [])];
  }

  async before(
    driver: Driver,
    stepDir: string,
    elements: Element[] | null,
    opts: { reuseAfterShot?: boolean; holdWrites?: boolean } = {},
  ): Promise<Artifact[]> {
    const step = this.#step(stepDir);
    if (opts.holdWrites) this.#gate.hold();
    else this.#gate.release();
    // A new execution of this step dir (a loop re-entering it) lists its files afresh.
    this.#listed.set(step.rel, new Set());
    // The folder is made off the step: every file of the pre baseline is a queued write that
    // waits for it (a copied shot waits here).
    this.#makeDir(step);
    const last = this.#lastAfterShot;
    const shot = opts.reuseAfterShot && last !== null && last.sid === this.#sid
      ? await this.#reuseShot(step, STEP_FILES.before, last)
      : await this.#screenshot(driver, step, STEP_FILES.before);
    const tree = await this.#elements(driver, step, elements);
    return [shot, tree].filter((a): a is Artifact => a !== null);
  }

  async afterShot(driver: Driver, stepDir: string): Promise<Artifact[]> {
    const step = this.#step(stepDir);
    this.#lastAfterShot = null;
    // The folder is made while the shot is taken.
    const dir = this.#makeDir(step);
    const shot = await this.#screenshot(driver, step, STEP_FILES.after);
    if (!await dir) return [];
    return shot === null ? [] : [shot];
  }

  /** Writes the previous after-shot as `file` (no new capture). */
  async #reuseShot(step: StepDir, file: string, last: LastShot): Promise<Artifact | null> {
    const path = join(step.abs, file);
    try {
      if (last.bytes) {
        const bytes = last.bytes;
        this.#queue.add(
          this.#inDir(step, () => this.#writer.binary(path, bytes)),
          `${step.rel}/${file}`,
        );
      } else {
        if (!await this.#ensureDir(step)) return null;
        await Deno.copyFile(last.path, path);
        await chmodFile(path);
      }
    } catch (err) {
      this.#fail(`${step.rel}/${file}`, `screenshot ${step.rel}/${file} failed`, err);
      return null;
    }
    return this.#list(step, file, "screenshot");
  }

  async capture(
    driver: Driver,
    stepDir: string,
    tokens: string[],
    opts?: { elements?: Element[] },
  ): Promise<Artifact[]> {
    const step = this.#step(stepDir);
    if (!await this.#ensureDir(step)) return [];
    const out: Artifact[] = [];
    for (const kind of new Set(tokens.map((t) => t.split(".")[0]))) {
      switch (kind) {
        case "elements": {
          const a = await this.#elements(driver, step, opts?.elements ?? null);
          if (a !== null) out.push(a);
          break;
        }
        // Covered by the before/after pair, recorded in the manifest, written per scenario by
        // the network collector, or an interval started before the step: nothing to do here.
        case "screenshot":
        case "actionLog":
        case "network":
        case "video":
        case "deviceLog":
          break;
        case "rawTree":
        case "appTrace":
          this.#skip(kind, `${kind} capture is not implemented yet`);
          break;
        default:
          this.#skip(kind, `unknown capture kind '${kind}'`);
      }
    }
    return out;
  }

  async waitDiagnostic(
    stepDir: string,
    trace: WaitTrace,
    elements: Element[],
  ): Promise<Artifact | null> {
    const step = this.#step(stepDir);
    if (!await this.#ensureDir(step)) return null;
    const file = STEP_FILES.waitTimeout;
    const record = waitTimeoutRecord(trace, this.#provenance(this.#sid!), elements);
    try {
      await this.#writer.waitTimeout(join(step.abs, file), record);
    } catch (err) {
      this.#fail(`${step.rel}/${file}`, `writing ${step.rel}/${file} failed`, err);
      return null;
    }
    return this.#list(step, file, "waitDiagnostic");
  }

  async startIntervals(driver: Driver, stepDir: string, kinds: string[]): Promise<Interval[]> {
    const step = this.#step(stepDir);
    if (kinds.length === 0 || !await this.#ensureDir(step)) return [];
    const started: Interval[] = [];
    for (const kind of new Set(kinds)) {
      const file = INTERVAL_FILES[kind];
      if (file === undefined) {
        this.#skip(kind, `${kind} is not a per-step interval capture`);
        continue;
      }
      // The scenario-wide `<sid>/scenario.mp4` covers every step: no segment to start.
      if (kind === "video" && this.#scenarioVideo) continue;
      const cannot = `the ${driver.name} driver cannot record ${kind}`;
      if (driver.driverInterval === undefined) {
        this.#skip(kind, cannot);
        continue;
      }
      let running: DriverInterval | null;
      try {
        running = await driver.driverInterval(kind, join(step.abs, file));
      } catch (err) {
        this.#fail(`${step.rel}/${file}`, `starting ${kind} for ${step.rel} failed`, err);
        this.#skip(kind, `${kind} failed to start: ${errorMessage(err)}`);
        continue;
      }
      if (running === null) {
        this.#skip(kind, cannot);
        continue;
      }
      const handle = running;
      started.push({ kind, stop: () => this.#finishInterval(step, kind, file, handle) });
    }
    return started;
  }

  async stopIntervals(stepDir: string, started: Interval[]): Promise<Artifact[]> {
    const step = this.#step(stepDir);
    const out: Artifact[] = [];
    for (const interval of started) {
      let artifact: Artifact | null;
      try {
        artifact = await interval.stop();
      } catch (err) {
        const file = INTERVAL_FILES[interval.kind] ?? interval.kind;
        this.#fail(`${step.rel}/${file}`, `stopping ${interval.kind} for ${step.rel} failed`, err);
        continue;
      }
      if (artifact === null) continue;
      const file = artifact.name.slice(step.rel.length + 1);
      const listed = this.#list(step, file, artifact.kind);
      if (listed !== null) out.push(artifact);
    }
    return out;
  }

  flush(): Promise<void> {
    this.#gate.release();
    return this.#queue.flush();
  }

  noteTyped(text: string): void {
    this.#redactor.noteTyped(text);
  }

  async network(exchanges: readonly Exchange[]): Promise<Artifact | null> {
    if (this.#sid === null) {
      throw new SinkStateError("evidence sink used before beginScenario(sid)");
    }
    const name = `${this.#sid}/${SCENARIO_FILES.network}`;
    const dir = join(this.#runDir, this.#sid);
    try {
      if (!this.#madeDirs.has(dir)) {
        await Deno.mkdir(dir, { recursive: true, mode: DIR_MODE });
        this.#madeDirs.add(dir);
      }
      await this.#writer.logJson(join(this.#runDir, ...name.split("/")), exchanges);
    } catch (err) {
      this.#fail(name, `writing ${name} failed`, err);
      return null;
    }
    return { name, kind: "network", provider: this.#provider };
  }

  // -------------------------------------------------------------------------------------------

  #step(stepDir: string): StepDir {
    if (this.#sid === null) {
      throw new SinkStateError("evidence sink used before beginScenario(sid)");
    }
    const rel = `${this.#sid}/${safeRelDir(stepDir)}`;
    return { rel, abs: join(this.#runDir, ...rel.split("/")) };
  }

  #ensureDir(step: StepDir): Promise<boolean> {
    return this.#makeDir(step);
  }

  /** Creates the step folder once; a failure is recorded once and resolves false. */
  #makeDir(step: StepDir): Promise<boolean> {
    let made = this.#stepDirs.get(step.abs);
    if (made === undefined) {
      made = Deno.mkdir(step.abs, { recursive: true, mode: DIR_MODE }).then(
        () => true,
        (err) => {
          this.#fail(step.rel, `creating ${step.rel} failed`, err);
          return false;
        },
      );
      this.#stepDirs.set(step.abs, made);
    }
    return made;
  }

  /**
   * `write` once the step has yielded, the step folder exists and the gate lets it start; a folder
   * that could not be made fails it.
   */
  async #inDir(step: StepDir, write: () => Promise<void>): Promise<void> {
    await yieldToLoop();
    if (!await this.#makeDir(step)) throw new Error(`folder ${step.rel} could not be created`);
    await this.#gate.passage();
    await write();
  }

  /** The artifact for `file`, or null when this step already listed it. */
  #list(step: StepDir, file: string, kind: ArtifactKind): Artifact | null {
    let names = this.#listed.get(step.rel);
    if (names === undefined) this.#listed.set(step.rel, names = new Set());
    if (names.has(file)) return null;
    names.add(file);
    return { name: `${step.rel}/${file}`, kind, provider: this.#provider };
  }

  /** Records a capture or write that failed; `what` opens its diagnostic line. */
  #fail(name: string, what: string, err: unknown): void {
    const reason = this.#redactor.redactText(errorMessage(err));
    this.#failures.record(this.#redactor.redactText(name), reason);
    this.#log(`evidence: ${what}: ${reason}`);
  }

  #skip(kind: string, reason: string): void {
    const list = this.#skipped.get(this.#sid!)!;
    if (!list.some((s) => s.kind === kind)) list.push({ kind, reason });
  }

  /**
   * With `screenshotBytes` the shot is taken now and its file written in the background
   * (`flush` awaits it); otherwise the driver writes the file itself.
   */
  async #screenshot(driver: Driver, step: StepDir, file: string): Promise<Artifact | null> {
    const path = join(step.abs, file);
    try {
      let bytes: Uint8Array | null = null;
      if (driver.screenshotBytes !== undefined) {
        const shot = await driver.screenshotBytes();
        bytes = shot;
        this.#queue.add(
          this.#inDir(step, () => this.#writer.binary(path, shot)),
          `${step.rel}/${file}`,
        );
        this.#shotSize = pngSize(shot);
      } else {
        if (!await this.#ensureDir(step)) return null;
        await driver.screenshot(path);
        await chmodFile(path);
        this.#shotSize = await pngFileSize(path);
      }
      if (file === STEP_FILES.after) this.#lastAfterShot = { sid: this.#sid!, bytes, path };
    } catch (err) {
      this.#fail(`${step.rel}/${file}`, `screenshot ${step.rel}/${file} failed`, err);
      return null;
    }
    return this.#list(step, file, "screenshot");
  }

  /**
   * Writes `elements.json` from `tree`, or from a fresh read when no tree was handed over. The
   * redaction and the write happen off the step (`flush` awaits them), after any earlier queued
   * write of the same file: the post-step tree replaces the pre-step one, never the reverse.
   */
  async #elements(driver: Driver, step: StepDir, tree: Element[] | null): Promise<Artifact | null> {
    const file = STEP_FILES.elements;
    let elements: Element[];
    try {
      elements = tree ?? await driver.query();
    } catch (err) {
      this.#fail(`${step.rel}/${file}`, `writing ${step.rel}/${file} failed`, err);
      return null;
    }
    const path = join(step.abs, file);
    this.#queueFileWrite(
      path,
      `${step.rel}/${file}`,
      () => this.#inDir(step, () => this.#writer.elements(path, elements)),
    );
    return this.#list(step, file, "elements");
  }

  /**
   * Queues `write` of `path` behind the step: it starts once the step yields to the event loop
   * and after the previous queued write of the same path has settled.
   */
  #queueFileWrite(path: string, label: string, write: () => Promise<void>): void {
    const previous = this.#fileWrites.get(path) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(write);
    this.#fileWrites.set(path, next);
    this.#queue.add(next, label);
    next.catch(() => {}).finally(() => {
      if (this.#fileWrites.get(path) === next) this.#fileWrites.delete(path);
    });
  }

  /** Stops the driver's recording; the file is kept, redacted (logs) and made private. */
  async #finishInterval(
    step: StepDir,
    kind: string,
    file: string,
    running: DriverInterval,
  ): Promise<Artifact | null> {
    const path = join(step.abs, file);
    try {
      await running.stop();
      // A driver may record elsewhere (a staging dir); the artifact lives in the step dir.
      if (running.path !== path) await Deno.rename(running.path, path);
      if (kind === "deviceLog") await this.#writer.log(path, await Deno.readTextFile(path));
      else await chmodFile(path);
    } catch (err) {
      this.#fail(`${step.rel}/${file}`, `${kind} for ${step.rel} dropped`, err);
      return null;
    }
    return { name: `${step.rel}/${file}`, kind: kind as ArtifactKind, provider: this.#provider };
  }
}

/** Resolves on a later turn of the event loop (work queued now runs when the step waits). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Driver-written files get the artifact mode too (a missing file is the caller's error). */
async function chmodFile(path: string): Promise<void> {
  if (Deno.build.os !== "windows") await Deno.chmod(path, FILE_MODE);
}
