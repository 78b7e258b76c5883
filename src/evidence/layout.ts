/**
 * Run-directory naming (docs/reports.md): scenario dirs `<NN>-<slug>`, step dirs
 * `<stepName|step<index>>`, and the file names written inside them. Every folder name is at most
 * `MAX_DIR_NAME_BYTES` bytes of UTF-8: a longer one is cut and ends in a hash of the full name,
 * so it stays within the file system's 255-byte limit, unique and the same on every run.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * The longest folder name the run dir uses, in UTF-8 bytes. File systems allow 255; staying well
 * below leaves room for encrypted home folders (eCryptfs: 143) and keeps paths readable.
 */
export const MAX_DIR_NAME_BYTES = 100;
/** Hex digits of the name hash a cut folder name ends with. */
const HASH_DIGITS = 8;

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
  return boundDirName(`${String(index).padStart(2, "0")}-${slugify(name)}`, name);
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
  return safeSegment(name.replace(/[/\\]/g, "-"), name);
}

/**
 * One path segment that cannot climb, be empty or be too long (`..` → `__`, `.` → `_`, NUL
 * dropped, over `MAX_DIR_NAME_BYTES` cut with a hash of `original`, the name it stands for).
 */
export function safeSegment(segment: string, original: string = segment): string {
  // deno-lint-ignore no-control-regex
  const s = segment.replace(/\u0000/g, "");
  if (s === "") return "_";
  if (/^\.+$/.test(s)) return boundDirName("_".repeat(s.length), original);
  return boundDirName(s, original);
}

/**
 * `dirName` when it fits in `MAX_DIR_NAME_BYTES`; else its longest prefix (whole code points)
 * that fits with `-<hash>` appended, the hash taken over `original`. Names that differ anywhere
 * get different hashes, so cutting keeps them apart; the same name always gives the same folder.
 *
 * @example
 * ```ts
 * boundDirName("short", "short"); // "short"
 * boundDirName("x".repeat(300), "x".repeat(300)).length; // 100
 * ```
 */
export function boundDirName(dirName: string, original: string = dirName): string {
  if (utf8Length(dirName) <= MAX_DIR_NAME_BYTES) return dirName;
  const hash = createHash("sha256").update(original, "utf8").digest("hex").slice(0, HASH_DIGITS);
  const room = MAX_DIR_NAME_BYTES - HASH_DIGITS - 1;
  let kept = "";
  let bytes = 0;
  for (const ch of dirName) {
    const size = utf8Length(ch);
    if (bytes + size > room) break;
    kept += ch;
    bytes += size;
  }
  // A dash before the hash is enough; a cut that ends in dashes would double it.
  return `${kept.replace(/-+$/, "")}-${hash}`;
}

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * A run-dir relative directory made of safe segments, `/` separated: the orchestrator passes
 * `step0` or `before/step0`; nothing it passes can escape the scenario directory.
 */
export function safeRelDir(path: string): string {
  return path.split(/[/\\]+/).filter((s) => s !== "").map((s) => safeSegment(s)).join("/") || "_";
}
