/**
 * Atomic file writes: readers (the report, `serve`) never see a half-written artifact.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";

/**
 * Writes `data` to a temp name in the target's directory, then renames it over `path`. The temp
 * file is removed when anything fails, so no `.tmp` file is ever left behind.
 *
 * @example
 * ```ts
 * await writeFileAtomic("runs/x/manifest.json", "{}\n");
 * ```
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o600,
): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${crypto.randomUUID()}.tmp`);
  try {
    const opts = { mode, createNew: true };
    if (typeof data === "string") await Deno.writeTextFile(tmp, data, opts);
    else await Deno.writeFile(tmp, data, opts);
    // The creation mode is filtered by the umask; set it exactly.
    if (Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
    await Deno.rename(tmp, path);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
}
