/**
 * An exclusive lock across processes on a lock file (`flock`), so two runs on one machine never
 * fetch or build WebDriverAgent into the same cache folder at once.
 *
 * @module
 */
import { dirname } from "node:path";

/**
 * Runs `work` while holding the lock on `path` (created if missing).
 *
 * @example
 * ```ts
 * await withFileLock(`${cache}/wda/.lock`, () => build());
 * ```
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const file = await Deno.open(path, { create: true, write: true });
  try {
    await file.lock(true);
    return await work();
  } finally {
    file.close();
  }
}
