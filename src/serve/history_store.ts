/**
 * Run history of serve (docs/serve.md, "History"): the runs folder is the store. A listing scans
 * `<runs>/<id>/manifest.json` newest first (unreadable manifests are skipped; a run still in
 * progress has none yet). Soft delete moves a run to `<runs>/.trash/<id>` (restorable); purge
 * removes it for good; trashed runs older than the retention window are purged on the next read.
 *
 * @module
 */
import { join } from "node:path";
import { parseManifest } from "../report/load.ts";
import type { Manifest } from "../report/manifest_types.ts";
import { type RunSummary, summarizeRun } from "../report/history.ts";
import { parseRunId, runFolderNames } from "../report/run_id.ts";
import { refreshRunsIndex } from "../report/write_report.ts";
import { badRequest, HttpError, notFound } from "./errors.ts";
import { entryExists, isFile } from "../fs/probe.ts";

/** The trash folder's name inside the runs folder. */
export const TRASH_DIR = ".trash";

/** One run as the history lists it. */
export interface HistoryEntry extends RunSummary {
  /** When the run started (ISO), from its id or else its first step. */
  startedAt: string | null;
  /** Seconds from start to the manifest being written; null when unknown. */
  durationS: number | null;
  /** Some scenario was failed as `cancelled`. */
  cancelled: boolean;
  /** Trash listings: when the run was deleted (ISO). */
  deletedAt?: string;
}

const RUN_ID = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;

/** Checks a run id taken from a URL or a body (no separators, no dot segments). */
export function checkRunId(id: string): string {
  if (!RUN_ID.test(id) || id.includes("..")) {
    throw badRequest(`invalid run id ${JSON.stringify(id)}`, "E_RUN_ID");
  }
  return id;
}

export interface HistoryOptions {
  /** Days a deleted run stays in the trash; 0 keeps it until purged. */
  retentionDays: number;
  now: () => Date;
}

/** The summary of a manifest, with serve's extra columns. */
export function historyEntry(
  id: string,
  manifest: Manifest,
  hasReport: boolean,
  manifestMtime: Date | null,
): HistoryEntry {
  const fromId = parseRunId(id);
  const firstStep = Math.min(
    ...manifest.scenarios.flatMap((s) =>
      [...s.before_outcomes, ...s.steps, ...s.after_outcomes].map((st) => st.started_at)
    ).filter((t) => Number.isFinite(t) && t > 0),
  );
  const start = fromId ?? (Number.isFinite(firstStep) ? new Date(firstStep * 1000) : null);
  const span = start && manifestMtime ? (manifestMtime.getTime() - start.getTime()) / 1000 : null;
  const summed = manifest.scenarios.reduce((a, s) => a + (s.duration_s || 0), 0);
  return {
    ...summarizeRun(id, manifest, hasReport),
    startedAt: start?.toISOString() ?? null,
    durationS: span !== null && span >= 0
      ? Math.round(span * 10) / 10
      : Math.round(summed * 10) / 10,
    cancelled: manifest.scenarios.some((s) => (s.failure ?? "").startsWith("cancelled")),
  };
}

interface Cached {
  stamp: string;
  entry: HistoryEntry;
}

export class HistoryStore {
  readonly #cache = new Map<string, Cached>();

  constructor(readonly runsDir: string, readonly opts: HistoryOptions) {}

  get trashDir(): string {
    return join(this.runsDir, TRASH_DIR);
  }

  /** Live runs, newest first; `scenario` keeps runs that ran a scenario of that name. */
  async list(scenario?: string): Promise<HistoryEntry[]> {
    await this.purgeExpired();
    const runs = await this.#scan(this.runsDir);
    return scenario === undefined ? runs : runs.filter((r) => r.scenarios.includes(scenario));
  }

  /** Trashed runs, most recently deleted first. */
  async trash(): Promise<HistoryEntry[]> {
    await this.purgeExpired();
    const runs = await this.#scan(this.trashDir, true);
    return runs.sort((a, b) => (b.deletedAt ?? "").localeCompare(a.deletedAt ?? ""));
  }

  /** Moves a run to the trash. 404 when it is not in the history. */
  async softDelete(id: string): Promise<void> {
    checkRunId(id);
    const from = join(this.runsDir, id);
    if (!(await isFile(join(from, "manifest.json")))) throw notFound(`no run ${id}`);
    await Deno.mkdir(this.trashDir, { recursive: true, mode: 0o700 });
    const to = join(this.trashDir, id);
    if (await entryExists(to)) await Deno.remove(to, { recursive: true });
    await Deno.rename(from, to);
    // The folder's mtime records when it was deleted (the retention clock).
    const now = this.opts.now();
    await Deno.utime(to, now, now);
    await refreshRunsIndex(this.runsDir);
  }

  /** Moves a trashed run back. 404 when not in the trash; 409 when a live run has its id. */
  async restore(id: string): Promise<void> {
    checkRunId(id);
    const from = join(this.trashDir, id);
    if (!(await entryExists(from))) throw notFound(`no run ${id} in the trash`);
    const to = join(this.runsDir, id);
    if (await entryExists(to)) {
      throw new HttpError(409, "E_CONFLICT", `a run ${id} already exists in the history`);
    }
    await Deno.rename(from, to);
    await refreshRunsIndex(this.runsDir);
  }

  /** Removes a run for good, live or trashed. 404 when neither exists. */
  async purge(id: string): Promise<void> {
    checkRunId(id);
    let removed = false;
    for (const dir of [join(this.runsDir, id), join(this.trashDir, id)]) {
      if (dir === join(this.runsDir, id) && !(await isFile(join(dir, "manifest.json")))) continue;
      if (await entryExists(dir)) {
        await Deno.remove(dir, { recursive: true });
        removed = true;
      }
    }
    if (!removed) throw notFound(`no run ${id}`);
    this.#cache.delete(id);
    await refreshRunsIndex(this.runsDir);
  }

  /** Purges trashed runs deleted longer ago than the retention window. */
  async purgeExpired(): Promise<string[]> {
    const days = this.opts.retentionDays;
    if (days <= 0) return [];
    const cutoff = this.opts.now().getTime() - days * 86_400_000;
    const purged: string[] = [];
    try {
      for await (const e of Deno.readDir(this.trashDir)) {
        if (!e.isDirectory) continue;
        const dir = join(this.trashDir, e.name);
        const mtime = (await Deno.stat(dir)).mtime?.getTime() ?? Infinity;
        if (mtime < cutoff) {
          await Deno.remove(dir, { recursive: true });
          purged.push(e.name);
        }
      }
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
    return purged;
  }

  async #scan(dir: string, trashed = false): Promise<HistoryEntry[]> {
    const ids = (await runFolderNames(dir)).filter((name) => RUN_ID.test(name));
    const out: HistoryEntry[] = [];
    for (const id of ids) {
      const runDir = join(dir, id);
      const manifestPath = join(runDir, "manifest.json");
      let st: Deno.FileInfo;
      try {
        st = await Deno.stat(manifestPath);
      } catch {
        continue; // in progress, or killed before its report
      }
      const hasReport = await isFile(join(runDir, "report.html"));
      const stamp = `${trashed ? "t" : "l"}:${st.mtime?.getTime() ?? 0}:${st.size}`;
      let entry = this.#cache.get(id)?.stamp === stamp ? this.#cache.get(id)!.entry : null;
      if (!entry) {
        try {
          const manifest = parseManifest(await Deno.readTextFile(manifestPath), manifestPath);
          entry = historyEntry(id, manifest, hasReport, st.mtime);
          this.#cache.set(id, { stamp, entry });
        } catch {
          continue; // corrupt or hand-edited: not part of the history
        }
      }
      const listed: HistoryEntry = { ...entry, report: hasReport };
      if (trashed) {
        const mtime = (await Deno.stat(runDir)).mtime;
        if (mtime) listed.deletedAt = mtime.toISOString();
      }
      out.push(listed);
    }
    return out;
  }
}
