/**
 * Questions about a path that answer yes or no: whether something is there, whether it is a
 * regular file. One set of answers for every module that asks.
 *
 * @module
 */

/**
 * Whether `path` names something that can be stat'ed (a symlink is followed); any failure, a
 * missing path or a denied one, is "no".
 *
 * @example
 * ```ts
 * if (!(await pathExists(cacheDir))) await Deno.mkdir(cacheDir, { recursive: true });
 * ```
 */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `path` is an entry itself (a dangling symlink counts); only a missing path is "no", any
 * other failure is thrown.
 *
 * @example
 * ```ts
 * await entryExists("runs/20261203-101500"); // true, even for a dangling link
 * ```
 */
export async function entryExists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/**
 * Whether `path` is a regular file (a symlink is followed); any failure is "no".
 *
 * @example
 * ```ts
 * await isFile("runs/x/manifest.json");
 * ```
 */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/**
 * {@link isFile}, blocking: for checks that run once at start-up.
 *
 * @example
 * ```ts
 * isFileSync("/usr/bin/adb");
 * ```
 */
export function isFileSync(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
