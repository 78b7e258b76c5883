/**
 * Resolves a file reference written in a scenario (component, data file, setup) and enforces
 * containment: references are relative to the top-level scenario file's directory and must stay
 * inside the suite root, lexically and after following symlinks
 * (docs/scenario-language.md#components). Scenario files may come from other people (the web UI
 * runs uploaded suites), so a reference must not be a way to read arbitrary files.
 *
 * @module
 */
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { TemplatingContext } from "./context.ts";

export type RefResolution =
  /** `path` is what errors and positions show; `realPath` (symlinks followed) keys caches. */
  | { kind: "ok"; path: string; realPath: string }
  | { kind: "outside"; reason: string }
  | { kind: "missing"; path: string; reason: string };

/** Options for {@link resolveRef}. */
export interface ResolveOptions {
  /** Skip the suite-root checks (for references taken from trusted config). */
  trusted?: boolean;
}

/** Resolves `ref` against the top-level file's directory and checks it stays in the root. */
export async function resolveRef(
  ref: string,
  ctx: TemplatingContext,
  opts: ResolveOptions = {},
): Promise<RefResolution> {
  if (!opts.trusted && isAbsolute(ref)) {
    return { kind: "outside", reason: `absolute path '${ref}' is not allowed` };
  }
  const root = resolve(ctx.rootDir);
  const path = resolve(dirname(ctx.topFile), ref);
  if (!opts.trusted && escapes(root, path)) {
    return { kind: "outside", reason: `'${ref}' resolves outside the suite root ${root}` };
  }
  let realPath: string;
  try {
    realPath = await Deno.realPath(path);
  } catch (err) {
    const reason = err instanceof Deno.errors.NotFound ? "file not found" : errorText(err);
    return { kind: "missing", path, reason };
  }
  if (!opts.trusted) {
    const realRoot = await Deno.realPath(root).catch(() => root);
    if (escapes(realRoot, realPath)) {
      return {
        kind: "outside",
        reason: `'${ref}' leads outside the suite root ${root} through a symlink`,
      };
    }
  }
  const info = await Deno.stat(realPath);
  if (!info.isFile) return { kind: "missing", path, reason: "not a file" };
  return { kind: "ok", path, realPath };
}

function escapes(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

function errorText(err: unknown): string {
  return `cannot read file: ${err instanceof Error ? err.message : String(err)}`;
}
