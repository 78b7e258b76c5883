/**
 * The verdict line `bajutsu run` prints last on stdout: `PASS  <runs>/<id>/manifest.json` or
 * `FAIL  …` (two spaces). serve reads the run id from it.
 *
 * @module
 */

/** What a verdict line says. */
export interface Verdict {
  ok: boolean;
  manifestPath: string;
  runId: string;
}

const VERDICT = /^(PASS|FAIL) {2}(.*[\\/])?([0-9A-Za-z._-]+)[\\/]manifest\.json$/;

/**
 * The verdict of `line`, or null when it is not one.
 *
 * @example
 * ```ts
 * parseVerdict("FAIL  runs/20240501-101500/manifest.json")?.runId; // "20240501-101500"
 * ```
 */
export function parseVerdict(line: string): Verdict | null {
  const m = VERDICT.exec(line.trimEnd());
  if (!m || m[3] === "." || m[3] === "..") return null;
  return { ok: m[1] === "PASS", manifestPath: (m[2] ?? "") + m[3] + "/manifest.json", runId: m[3] };
}
