/**
 * The verdict of the previous run of the same target in the runs folder, for the `change` and
 * `recovery` events (docs/configuration.md#notify). Runs are ordered by run id (ids sort by
 * start time); only runs of `bajutsu run` (plain run ids, no `merged-` prefix) that started
 * before this one count, and a run whose manifest is missing or unreadable is skipped.
 *
 * @module
 */
import { join } from "node:path";
import { compareRunIdsNewestFirst, parseRunId, runFolderNames } from "../report/run_id.ts";

/** Manifests read at most looking for the previous run of a target. */
const MAX_MANIFESTS_READ = 200;

/** A manifest's scenarios as this lookup needs them. */
interface StoredScenario {
  scenario: string;
  ok: boolean;
  target: string;
}

/**
 * The previous run's verdict for `target`, or null when there is none. With `scenarios`, the
 * verdict covers only those scenario names, and a run with none of them does not count.
 *
 * @example
 * ```ts
 * await previousVerdict("runs", "20260101-120000", "app"); // false: the last app run failed
 * await previousVerdict("runs", "20260101-120000", "app", ["log in"]); // that scenario's verdict
 * ```
 */
export async function previousVerdict(
  runsDir: string,
  currentRunId: string,
  target: string,
  scenarios: readonly string[] = [],
): Promise<boolean | null> {
  let ids: string[];
  try {
    ids = (await runFolderNames(runsDir)).filter((id) =>
      parseRunId(id) !== null && compareRunIdsNewestFirst(id, currentRunId) > 0
    );
  } catch {
    return null;
  }
  for (const id of ids.slice(0, MAX_MANIFESTS_READ)) {
    const stored = await readScenarios(join(runsDir, id, "manifest.json"));
    if (stored === null || !stored.runs.some((s) => s.target === target)) continue;
    if (scenarios.length === 0) return stored.ok;
    const covered = stored.runs.filter((s) => scenarios.includes(s.scenario));
    if (covered.length > 0) return covered.every((s) => s.ok);
  }
  return null;
}

async function readScenarios(
  path: string,
): Promise<{ ok: boolean; runs: StoredScenario[] } | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(await Deno.readTextFile(path));
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null) return null;
  const m = raw as { ok?: unknown; scenarios?: unknown };
  if (typeof m.ok !== "boolean" || !Array.isArray(m.scenarios)) return null;
  const runs = m.scenarios.flatMap((s): StoredScenario[] => {
    if (typeof s !== "object" || s === null) return [];
    const r = s as Record<string, unknown>;
    return [{
      scenario: String(r.scenario ?? ""),
      ok: r.ok === true,
      target: String(r.target ?? ""),
    }];
  });
  return { ok: m.ok, runs };
}
