/**
 * Run jobs (docs/serve.md, "Runs"): each `POST /api/run` becomes a `bajutsu run` process in its
 * own process group, under a concurrency cap (429 above it). Output lines stream into the job
 * log; the verdict line names the run. Cancel and shutdown go through `cancelRunProcess`; after
 * every exit the leftover members of the group are reaped, so serve leaves no child behind.
 *
 * @module
 */
import { join } from "node:path";
import { HttpError } from "./errors.ts";
import { Job } from "./job.ts";
import { cancelRunProcess } from "../process/cancel_escalation.ts";
import { reapGroup } from "../process/cancel_escalation.ts";
import type { GroupProcess, ProcessControl } from "../process/process_group.ts";
import { settlesWithin, type WaitFn } from "../process/wait.ts";
import { isFile } from "../fs/probe.ts";

/** How long output may keep arriving after the leader exited before serve stops reading. */
export const OUTPUT_DRAIN_MS = 2000;

/** Finished jobs kept for `GET /api/jobs/{id}` (the oldest are forgotten first). */
export const FINISHED_JOBS_KEPT = 200;

export interface JobManagerOptions {
  /** 0 = unlimited. */
  maxConcurrent: number;
  /** `BAJUTSU_CANCEL_GRACE` in seconds; also passed down to every run. */
  graceS: number;
  /** Absolute runs folder (where reports are looked for). */
  runsDir: string;
  control: ProcessControl;
  wait: WaitFn;
  newId: () => string;
  now: () => Date;
  /** Working directory of the runs (serve's own by default). */
  cwd?: string;
  /** Extra environment for every run. */
  env?: Record<string, string>;
}

/** What a job runs. */
export interface JobRequest {
  argv: string[];
  target: string;
  /** Scenario files as the client named them (for the job view). */
  scenarios: string[];
}

export class JobManager {
  readonly #jobs = new Map<string, Job>();
  readonly #procs = new Map<string, GroupProcess>();
  readonly #cancels = new Map<string, Promise<unknown>>();
  #stopping = false;

  constructor(readonly opts: JobManagerOptions) {}

  /** Jobs still running. */
  get running(): Job[] {
    return [...this.#jobs.values()].filter((j) => j.status === "running");
  }

  get(id: string): Job | undefined {
    return this.#jobs.get(id);
  }

  /** Every known job, newest first. */
  list(): Job[] {
    return [...this.#jobs.values()].reverse();
  }

  /**
   * Starts a job. 429 over the cap, 503 while serve is stopping.
   */
  start(req: JobRequest): Job {
    if (this.#stopping) throw new HttpError(503, "E_STOPPING", "serve is shutting down");
    const cap = this.opts.maxConcurrent;
    if (cap > 0 && this.running.length >= cap) {
      throw new HttpError(
        429,
        "E_TOO_MANY_RUNS",
        `${this.running.length} run(s) in progress; the cap is ${cap} (--max-concurrent-runs)`,
      );
    }
    const job = new Job(this.opts.newId(), req.target, req.scenarios, this.opts.now());
    this.#jobs.set(job.id, job);
    this.#forgetOldJobs();
    let proc: GroupProcess;
    try {
      proc = this.opts.control.spawn({
        argv: req.argv,
        cwd: this.opts.cwd,
        env: {
          ...this.opts.env,
          BAJUTSU_CANCEL_GRACE: String(this.opts.graceS),
          NO_COLOR: "1",
        },
        onLine: (line) => job.addLine(line),
      });
    } catch (err) {
      job.addLine(`cannot start bajutsu run: ${err instanceof Error ? err.message : err}`);
      job.finish(null, this.opts.now(), false);
      return job;
    }
    this.#procs.set(job.id, proc);
    void this.#follow(job, proc);
    return job;
  }

  async #follow(job: Job, proc: GroupProcess): Promise<void> {
    const exit = await proc.exited;
    // Orphans left in the group may hold the output pipes open: reap, then drain.
    await reapGroup(proc.pid, { control: this.opts.control, wait: this.opts.wait });
    if (!(await settlesWithin(proc.outputDone, OUTPUT_DRAIN_MS, this.opts.wait))) {
      proc.stopOutput();
      await proc.outputDone;
    }
    await this.#cancels.get(job.id);
    this.#procs.delete(job.id);
    const hasReport = job.runId !== null &&
      await isFile(join(this.opts.runsDir, job.runId, "report.html"));
    if (exit.signal) job.addLine(`bajutsu run ended by ${exit.signal}`);
    job.finish(exit.code, this.opts.now(), hasReport);
  }

  /**
   * Cancels a running job; false when it is unknown or already done. Resolves once the
   * cancel request is sent; the job finishes on its own.
   */
  cancel(id: string): boolean {
    const job = this.#jobs.get(id);
    const proc = this.#procs.get(id);
    if (!job || job.status === "done" || !proc) return false;
    if (job.cancelled) return true;
    job.cancelled = true;
    job.addLine("cancelled");
    this.#cancels.set(
      id,
      cancelRunProcess(proc, this.opts.graceS, {
        control: this.opts.control,
        wait: this.opts.wait,
        log: (line) => job.addLine(line),
      }),
    );
    return true;
  }

  /** Cancels every running job and waits until all are done (serve is stopping). */
  async shutdown(): Promise<void> {
    this.#stopping = true;
    const running = this.running;
    for (const job of running) this.cancel(job.id);
    await Promise.all(running.map((j) => j.finished));
  }

  /** Last resort on a second Ctrl-C: SIGKILL every run's process group. */
  killAll(): void {
    for (const proc of this.#procs.values()) this.opts.control.signal(-proc.pid, "SIGKILL");
  }

  #forgetOldJobs(): void {
    const done = [...this.#jobs.values()].filter((j) => j.status === "done");
    for (const j of done.slice(0, Math.max(0, done.length - FINISHED_JOBS_KEPT))) {
      this.#jobs.delete(j.id);
    }
  }
}
