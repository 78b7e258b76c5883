/**
 * `bajutsu report merge <run dirs…>`: shard runs become one run — one manifest, JUnit, CTRF and
 * HTML report — with every scenario's evidence copied under a fresh, collision-free sid.
 *
 * @module
 */
import { basename, join } from "node:path";
import { parseManifest } from "./load.ts";
import { buildMatrix } from "./manifest.ts";
import type {
  Manifest,
  ManifestArtifact,
  ManifestScenario,
  ManifestStep,
} from "./manifest_types.ts";
import { SCHEMA_VERSION } from "./manifest_types.ts";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { boundDirName } from "../evidence/layout.ts";
import { refreshRunsIndex, writeDerivedReports } from "./write_report.ts";
import { manifestText } from "./manifest_text.ts";

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

async function copyTree(from: string, to: string): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(from);
  } catch {
    return; // a scenario that never ran has no evidence dir
  }
  if (info.isSymlink) return;
  if (info.isFile) {
    await Deno.copyFile(from, to);
    return;
  }
  await Deno.mkdir(to, { recursive: true, mode: 0o700 });
  for await (const e of Deno.readDir(from)) await copyTree(join(from, e.name), join(to, e.name));
}

/** Merges the runs in `runDirs` (in the order given) into `outDir`; returns the manifest. */
export async function mergeRuns(runDirs: string[], outDir: string): Promise<Manifest> {
  const manifests: { dir: string; m: Manifest }[] = [];
  for (const dir of runDirs) {
    const path = join(dir, "manifest.json");
    manifests.push({ dir, m: parseManifest(await Deno.readTextFile(path), path) });
  }
  await Deno.mkdir(outDir, { recursive: true, mode: 0o700 });
  const scenarios: ManifestScenario[] = [];
  const perEngine = new Map<string, number>();
  for (const { dir, m } of manifests) {
    for (const s of m.scenarios) {
      const n = perEngine.get(s.engine) ?? 0;
      perEngine.set(s.engine, n + 1);
      const sid = renumber(s.sid, n);
      const prefix = s.engine ? `${s.engine}/` : "";
      const from = prefix + s.sid, to = prefix + sid;
      await copyTree(join(dir, from), join(outDir, to));
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
  const sources = [...new Set(manifests.map(({ m }) => m.sourceName))];
  const backends = [...new Set(scenarios.map((s) => s.backend).filter(Boolean))];
  const merged: Manifest = {
    schemaVersion: SCHEMA_VERSION,
    runId: basename(outDir),
    ok: scenarios.every((s) => s.ok),
    backend: backends.join(", "),
    sourceName: sources.length === 1 ? sources[0] : null,
    scenarios,
  };
  const provenance = manifests.find(({ m }) => m.provenance)?.m.provenance;
  if (provenance) {
    merged.provenance = {
      ...provenance,
      mergedFrom: manifests.map(({ m }) => m.runId),
    };
  }
  const matrix = buildMatrix(scenarios);
  if (matrix) merged.matrix = matrix;
  await writeDerivedReports(outDir, merged, undefined);
  await writeFileAtomic(join(outDir, "manifest.json"), manifestText(merged), 0o600);
  await refreshRunsIndex(join(outDir, ".."));
  return merged;
}
