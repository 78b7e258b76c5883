/**
 * Keeping report reads inside their run: a file a manifest names is read only when its real
 * path (symlinks resolved) lies under the run dir's real path, so a symlinked `elements.json`
 * or `manifest.json` can never pull a file from elsewhere into a report or a merged run.
 *
 * @module
 */
import { sep as SEPARATOR } from "node:path";

/**
 * Where a path really is, relative to its run.
 *
 * @example
 * ```ts
 * const where: Confined = await confine(runRoot, `${runRoot}/00-login/step0/after.png`);
 * if (where.kind !== "inside") throw new Error("outside the run");
 * ```
 */
export type Confined =
  | { kind: "inside"; real: string }
  | { kind: "outside"; real: string }
  | { kind: "missing" };

/**
 * The real path of a run dir; null when it does not exist.
 *
 * @example
 * ```ts
 * await realRunDir("runs/latest"); // the real path behind a symlink, or null
 * ```
 */
export async function realRunDir(runDir: string): Promise<string | null> {
  try {
    return await Deno.realPath(runDir);
  } catch {
    return null;
  }
}

/**
 * Whether `real` is `root` itself or below it (both already real paths).
 *
 * @example
 * ```ts
 * isWithin("/runs/a", "/runs/a/00-x/after.png"); // true
 * isWithin("/runs/a", "/runs/ab"); // false
 * ```
 */
export function isWithin(root: string, real: string): boolean {
  const prefix = root.endsWith(SEPARATOR) ? root : root + SEPARATOR;
  return real === root || real.startsWith(prefix);
}

/**
 * Resolves `path` and says whether it stays under `root` (a real path from {@link realRunDir}).
 * A dangling symlink or a missing file is `missing`.
 *
 * @example
 * ```ts
 * (await confine("/runs/a", "/runs/a/../b")).kind; // "outside"
 * ```
 */
export async function confine(root: string, path: string): Promise<Confined> {
  let real: string;
  try {
    real = await Deno.realPath(path);
  } catch {
    return { kind: "missing" };
  }
  return isWithin(root, real) ? { kind: "inside", real } : { kind: "outside", real };
}
