/**
 * Whether a process still runs, read from `/proc` (Linux, where the tests run): a zombie waiting
 * for its reaper counts as gone.
 *
 * @example
 * ```ts
 * assert.equal(processAlive(killedPid), false);
 * ```
 *
 * @module
 */

/** True while `pid` runs (not exited, not a zombie). */
export function processAlive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
