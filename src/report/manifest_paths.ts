/**
 * Shape checks of the paths a manifest carries, for code that turns them into file-system
 * paths (`report merge` reads a shard's `<engine>/<sid>` and writes under the merged run). A
 * manifest is input like any other: a `sid` of `../..` must not steer reads or writes out of
 * the run.
 *
 * @module
 */
import { ManifestPathError } from "./errors.ts";
import type { Manifest, ManifestArtifact, ManifestStep } from "./manifest_types.ts";

/**
 * A scenario folder name: one path segment of letters, digits, `.`, `_` and `-`, not starting
 * with a dot (so never `.`, `..` or hidden), at most 255 bytes. The runner's `<NN>-<slug>`
 * names are a subset.
 */
const SEGMENT = /^[0-9A-Za-z_-][0-9A-Za-z._-]{0,254}$/;

/**
 * Whether `name` is usable as a scenario folder (`sid`) or engine folder name.
 *
 * @example
 * ```ts
 * isSafeDirName("00-log-in"); // true
 * isSafeDirName(".."); // false
 * ```
 */
export function isSafeDirName(name: string): boolean {
  return SEGMENT.test(name);
}

/**
 * Whether `path` is a run-relative file path that stays inside the run: `/`-separated, not
 * absolute, no backslash or NUL, no empty, `.` or `..` segment.
 *
 * @example
 * ```ts
 * isRunRelativePath("00-log-in/step0/after.png"); // true
 * isRunRelativePath("../etc/passwd"); // false
 * ```
 */
export function isRunRelativePath(path: string): boolean {
  if (path === "" || path.includes("\\") || path.includes("\0")) return false;
  return path.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

/** A field value as shown in an error: JSON-quoted (control characters escaped), bounded. */
function shown(value: string): string {
  const q = JSON.stringify(value);
  return q.length > 82 ? `${q.slice(0, 80)}…"` : q;
}

/**
 * Checks every path-bearing field of `m`: each scenario's `sid` and `engine`, and every artifact
 * name (scenario level and every step, before/after hooks included).
 *
 * @throws {ManifestPathError} naming the first bad field (e.g. `scenarios[1].sid`) and its value.
 *
 * @example
 * ```ts
 * validateManifestPaths(parseManifest(text)); // throws ManifestPathError when a path escapes
 * ```
 */
export function validateManifestPaths(m: Manifest, path = "manifest.json"): void {
  const fail = (field: string, value: string, why: string): never => {
    throw new ManifestPathError(`${path}: ${field} ${shown(value)} ${why}`, path, field);
  };
  const artifacts = (list: ManifestArtifact[], at: string) =>
    list.forEach((a, k) => {
      if (!isRunRelativePath(a.name)) {
        fail(`${at}.artifacts[${k}].name`, a.name, "is not a path inside the run");
      }
    });
  const steps = (list: ManifestStep[], at: string) =>
    list.forEach((st, j) => artifacts(st.artifacts, `${at}[${j}]`));
  m.scenarios.forEach((s, i) => {
    const at = `scenarios[${i}]`;
    if (!isSafeDirName(s.sid)) {
      fail(
        `${at}.sid`,
        s.sid,
        "is not a scenario folder name (one path segment of letters, digits, '.', '_', '-')",
      );
    }
    if (s.engine !== "" && !isSafeDirName(s.engine)) {
      fail(`${at}.engine`, s.engine, "is not an engine folder name");
    }
    artifacts(s.artifacts, at);
    steps(s.steps, `${at}.steps`);
    steps(s.before_outcomes, `${at}.before_outcomes`);
    steps(s.after_outcomes, `${at}.after_outcomes`);
  });
}
