/**
 * One run job: what was asked, its process, its log and how it ended. `view()` is the shape of
 * `GET /api/jobs/{id}` (docs/serve.md).
 *
 * @module
 */
import { JobLog } from "./job_log.ts";
import { parseVerdict } from "./verdict.ts";

/** The JSON view of a job. */
export interface JobView {
  id: string;
  status: "running" | "done";
  exitCode: number | null;
  runId: string | null;
  /** URL path of the run's report once it exists (`/runs/<id>/report.html`), else null. */
  outPath: string | null;
  cancelled: boolean;
  /** Exit 0 and not cancelled; null while running. */
  ok: boolean | null;
  /** Always false: this runner has no step that waits for a person. */
  awaitingHuman: boolean;
  target: string;
  scenarios: string[];
  startedAt: string;
  endedAt: string | null;
  lines?: string[];
}

/** A job's mutable state; only the job manager changes it. */
export class Job {
  readonly log = new JobLog<JobView>();
  status: "running" | "done" = "running";
  exitCode: number | null = null;
  runId: string | null = null;
  cancelled = false;
  endedAt: Date | null = null;
  hasReport = false;
  /** Settles when the job is done (process exited, output drained, group reaped). */
  finished: Promise<void>;
  #resolveFinished!: () => void;

  constructor(
    readonly id: string,
    readonly target: string,
    readonly scenarios: readonly string[],
    readonly startedAt: Date,
  ) {
    this.finished = new Promise((r) => (this.#resolveFinished = r));
  }

  /** Records one output line; the verdict line names the run. */
  addLine(line: string): void {
    const verdict = parseVerdict(line);
    if (verdict) this.runId = verdict.runId;
    this.log.append(line);
  }

  /** Marks the job done and ends its log. */
  finish(exitCode: number | null, endedAt: Date, hasReport: boolean): void {
    if (this.status === "done") return;
    this.status = "done";
    this.exitCode = exitCode;
    this.endedAt = endedAt;
    this.hasReport = hasReport;
    this.log.finish(this.view(false));
    this.#resolveFinished();
  }

  view(withLines: boolean): JobView {
    const done = this.status === "done";
    const v: JobView = {
      id: this.id,
      status: this.status,
      exitCode: this.exitCode,
      runId: this.runId,
      outPath: this.runId && this.hasReport
        ? `/runs/${encodeURIComponent(this.runId)}/report.html`
        : null,
      cancelled: this.cancelled,
      ok: done ? this.exitCode === 0 && !this.cancelled : null,
      awaitingHuman: false,
      target: this.target,
      scenarios: [...this.scenarios],
      startedAt: this.startedAt.toISOString(),
      endedAt: this.endedAt?.toISOString() ?? null,
    };
    if (withLines) v.lines = this.log.lines;
    return v;
  }
}
