/**
 * Run-directory naming (evidence.md §5, reporting.md §1): scenario dirs `<NN>-<slug>`, step dirs
 * `<stepName|step<index>>`, and the file names written inside them.
 *
 * @module
 */

/** Files of a step directory. */
export const STEP_FILES = {
  before: "before.png",
  after: "after.png",
  elements: "elements.json",
  waitTimeout: "wait-timeout.json",
  video: "segment.mp4",
  deviceLog: "device.log",
} as const;

/** Files of a scenario directory. */
export const SCENARIO_FILES = {
  network: "network.json",
} as const;

/**
 * Lower-cased name with every run of non-`[0-9a-zA-Z]` replaced by `-`, trimmed of `-`; empty →
 * `scenario`.
 *
 * @example
 * ```ts
 * slugify("Log in (happy path)"); // "log-in-happy-path"
 * ```
 */
export function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^0-9a-z]+/g, "-").replace(/^-+|-+$/g, "");
  return slug === "" ? "scenario" : slug;
}

/**
 * The scenario directory (`sid`): 2-digit 0-based index, a dash, the slug.
 *
 * @example
 * ```ts
 * scenarioDirName(0, "Login"); // "00-login"
 * ```
 */
export function scenarioDirName(index: number, name: string): string {
  return `${String(index).padStart(2, "0")}-${slugify(name)}`;
}

/**
 * A step's directory name: its `name`, else `step<index>`. Path separators and dot segments in
 * a user-chosen name are neutralized so a step can never write outside its scenario dir.
 *
 * @example
 * ```ts
 * stepDirName(undefined, 3); // "step3"
 * stepDirName("open/close", 0); // "open-close"
 * ```
 */
export function stepDirName(name: string | undefined, index: number): string {
  if (name === undefined || name === "") return `step${index}`;
  return safeSegment(name.replace(/[/\\]/g, "-"));
}

/** One path segment that cannot climb or be empty (`..` → `__`, `.` → `_`, NUL dropped). */
export function safeSegment(segment: string): string {
  // deno-lint-ignore no-control-regex
  const s = segment.replace(/\u0000/g, "");
  if (s === "") return "_";
  if (/^\.+$/.test(s)) return "_".repeat(s.length);
  return s;
}

/**
 * A run-dir relative directory made of safe segments, `/` separated: the orchestrator passes
 * `step0` or `before/step0`; nothing it passes can escape the scenario directory.
 */
export function safeRelDir(path: string): string {
  return path.split(/[/\\]+/).filter((s) => s !== "").map(safeSegment).join("/") || "_";
}
