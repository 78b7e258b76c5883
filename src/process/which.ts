/**
 * Finding an executable on PATH without running it (backend availability checks run often and
 * must be cheap and synchronous).
 *
 * @module
 */
import { delimiter, join } from "node:path";

/**
 * The full path of `cmd` on `pathEnv` (default: this process's PATH), or null.
 *
 * @example
 * ```ts
 * onPath("xcodebuild"); // "/usr/bin/xcodebuild" on a Mac with Xcode, null elsewhere
 * ```
 */
export function onPath(
  cmd: string,
  pathEnv: string | undefined = Deno.env.get("PATH"),
): string | null {
  for (const dir of (pathEnv ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, cmd);
    try {
      const info = Deno.statSync(candidate);
      if (info.isFile && (info.mode === null || (info.mode & 0o111) !== 0)) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
