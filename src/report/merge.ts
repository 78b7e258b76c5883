/**
 * `bajutsu report merge <run dirs…>`: shard runs become one run — one manifest, JUnit, CTRF and
 * HTML report — with every scenario's evidence copied under a fresh, collision-free sid.
 *
 * Shards are input: every manifest is read and its paths checked before anything is written, no
 * file is read through a symlink out of its shard, and a merge that fails removes its output
 * folder (docs/reports.md, "Integrity").
 *
 * @module
 */
import { basename, join } from "node:path";
import { MergeTargetError, ReportWriteError } from "./errors.ts";
import { parseManifest } from "./load.ts";
import { buildMatrix } from "./manifest.ts";
import { validateManifestPaths } from "./manifest_paths.ts";
import type {
  Manifest,
  ManifestArtifact,
  ManifestScenario,
  ManifestStep,
} from "./manifest_types.ts";
import { SCHEMA_VERSION } from "./manifest_types.ts";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { boundDirName } from "../evidence/layout.ts";
import { readRunManifestText } from "./rerender.ts";
import { confine, isWithin, realRunDir } from "./run_confinement.ts";
import { refreshRunsIndex, writeDerivedReports, type WriteReportOptions } from "./write_report.ts";
import { manifestText } from "./manifest_text.ts";

/**
 * Options of {@link mergeRuns}.
 *
 * @example
 * ```ts
 * await mergeRuns(shardDirs, "runs/merged", { warn: console.warn } satisfies MergeOptions);
 * ```
 */
export type MergeOptions = Pick<WriteReportOptions, "warn" | "writeFile">;

/** `<NN>-<slug>` with a new index; the slug of the original sid is kept. */
function renumber(sid: string, index: number): string {
  const slug = sid.replace(/^\d+-/, "");
  // A longer index must not push a cut sid past the folder-name bound.
  return boundDirName(`${String(index).padStart(2, "0")}-${slug}`);
}

function rename(artifacts: ManifestArtifact[], from: string, to: string): ManifestArtifact[] {
  return artifacts.map((a) =>
    a.name === from || a.name.startsWith(from + "/")
      ? { ...a, name: to + a.name.slice(from.length) }
      : a
  );
}

/** Copies regular files and folders; anything else (symlinks, FIFOs, sockets) is skipped. */
async function copyTree(from: string, to: string, warn: (line: string) => void): Promise<void> {
  const info = await Deno.lstat(from);
  if (info.isSymlink) {
    warn(`skipped symlink ${from} (evidence is copied only from inside its run)`);
  } else if (info.isFile) {
    await Deno.copyFile(from, to);
  } else if (info.isDirectory) {
    await Deno.mkdir(to, { recursive: true, mode: 0o700 });
    for await (const e of Deno.readDir(from)) {
      await copyTree(join(from, e.name), join(to, e.name), warn);
    }
  } else {
    warn(`skipped ${from}: not a regular file or folder`);
  }
}

interface Shard {
  dir: string;
  /** Real path of `dir`. */
  root: string;
  m: Manifest;
}

/** Reads and checks every shard before the merge writes anything. */
async function readShards(runDirs: string[]): Promise<Shard[]> {
  const shards: Shard[] = [];
  for (const dir of runDirs) {
    const path = join(dir, "manifest.json");
    const m = parseManifest(await readRunManifestText(dir), path);
    validateManifestPaths(m, path);
    const root = await realRunDir(dir);
    if (root === null) throw new Error(`${dir}: run folder vanished while merging`);
    shards.push({ dir, root, m });
  }
  return shards;
}

/** Creates `outDir`, which must be absent or empty, so a failed merge can remove it whole. */
async function claimOutDir(outDir: string): Promise<void> {
  await Deno.mkdir(outDir, { recursive: true, mode: 0o700 });
  for await (const _ of Deno.readDir(outDir)) {
    throw new MergeTargetError(`${outDir}: the merge output folder is not empty`, outDir);
  }
}

/**
 * Merges the runs in `runDirs` (in the order given) into `outDir` (absent or empty); returns the
 * manifest. On failure `outDir` is removed, so no partial merged run is left.
 *
 * @throws {ManifestReadError} / {ManifestVersionError} for a missing, foreign or too new manifest.
 * @throws {ManifestPathError} when a manifest path (`sid`, `engine`, an artifact) would leave
 *   its run, or a shard's manifest.json is a symlink out of it.
 * @throws {MergeTargetError} when `outDir` is not empty (it is then left as it was).
 * @throws {ReportWriteError} when a merged report file cannot be written.
 *
 * @example
 * ```ts
 * const merged = await mergeRuns(["runs/shard1", "runs/shard2"], "runs/merged");
 * merged.scenarios.length; // every shard's scenarios, renumbered
 * ```
 */
export async function mergeRuns(
  runDirs: string[],
  outDir: string,
  opts: MergeOptions = {},
): Promise<Manifest> {
  const warn = opts.warn ?? (() => {});
  const shards = await readShards(runDirs);
  await claimOutDir(outDir);
  let merged: Manifest;
  try {
    merged = await mergeInto(shards, outDir, warn, opts);
  } catch (err) {
    await Deno.remove(outDir, { recursive: true }).catch(() => {});
    throw err;
  }
  await refreshRunsIndex(join(outDir, ".."), undefined, opts);
  return merged;
}

async function mergeInto(
  shards: Shard[],
  outDir: string,
  warn: (line: string) => void,
  opts: MergeOptions,
): Promise<Manifest> {
  const outReal = (await realRunDir(outDir)) ?? outDir;
  const scenarios: ManifestScenario[] = [];
  const perEngine = new Map<string, number>();
  for (const { dir, root, m } of shards) {
    for (const s of m.scenarios) {
      const n = perEngine.get(s.engine) ?? 0;
      perEngine.set(s.engine, n + 1);
      const sid = renumber(s.sid, n);
      const prefix = s.engine ? `${s.engine}/` : "";
      const from = prefix + s.sid, to = prefix + sid;
      const source = join(dir, from);
      const where = await confine(root, source);
      if (where.kind === "outside") {
        warn(`skipped ${source}: it leads outside its run (to ${where.real})`);
      } else if (where.kind === "inside") {
        // A shard folder holding the output would be copied into itself without end.
        if (isWithin(where.real, outReal)) {
          throw new MergeTargetError(`${outDir}: the merge output lies inside ${source}`, outDir);
        }
        await copyTree(where.real, join(outDir, to), warn);
      } // missing: a scenario that never ran has no evidence dir
      const steps = (list: ManifestStep[]) =>
        list.map((st) => ({ ...st, artifacts: rename(st.artifacts, from, to) }));
      scenarios.push({
        ...s,
        sid,
        artifacts: rename(s.artifacts, from, to),
        steps: steps(s.steps),
        before_outcomes: steps(s.before_outcomes),
        after_outcomes: steps(s.after_outcomes),
      });
    }
  }
  const sources = [...new Set(shards.map(({ m }) => m.sourceName))];
  const backends = [...new Set(scenarios.map((s) => s.backend).filter(Boolean))];
  const merged: Manifest = {
    schemaVersion: SCHEMA_VERSION,
    runId: basename(outDir),
    ok: scenarios.every((s) => s.ok),
    backend: backends.join(", "),
    sourceName: sources.length === 1 ? sources[0] : null,
    scenarios,
  };
  const provenance = shards.find(({ m }) => m.provenance)?.m.provenance;
  if (provenance) {
    merged.provenance = {
      ...provenance,
      mergedFrom: shards.map(({ m }) => m.runId),
    };
  }
  const matrix = buildMatrix(scenarios);
  if (matrix) merged.matrix = matrix;
  // Manifest first, like a run: no merged junit/ctrf without the manifest that backs it.
  const manifestPath = join(outDir, "manifest.json");
  try {
    await (opts.writeFile ?? writeFileAtomic)(manifestPath, manifestText(merged), 0o600);
  } catch (err) {
    throw new ReportWriteError(
      `cannot write ${manifestPath} (${(err as Error).message})`,
      manifestPath,
      false,
      { cause: err },
    );
  }
  await writeDerivedReports(outDir, merged, undefined, opts);
  return merged;
}
