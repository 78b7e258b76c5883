/**
 * Path confinement: every file the server reads on a client's behalf lies inside one folder (the
 * runs folder, a target's scenarios folder). Traversal spellings (`..`, absolute paths, encoded
 * dots and slashes, backslashes, NUL) are refused with 400 before touching the disk; a path that
 * only leaves the folder through a symlink is answered 404, as if it did not exist.
 *
 * @module
 */
import { isAbsolute, join, sep } from "node:path";
import { badRequest, notFound } from "./errors.ts";

/** Rejects one path segment that could step outside or hide a separator. */
function checkSegment(segment: string, field: string): void {
  if (segment === "" || segment === "." || segment === "..") {
    throw badRequest(`${field}: path segments may not be empty, "." or ".."`, "E_PATH");
  }
  if (/[\\/\0]/.test(segment)) {
    throw badRequest(`${field}: path segments may not contain "/", "\\" or NUL`, "E_PATH");
  }
}

/**
 * The decoded segments of a URL path tail (`a/b%20c/d.png`). Encoded separators and dots that
 * decode to `..` are refused like their plain forms.
 */
export function urlSegments(tail: string, field = "path"): string[] {
  const raw = tail.split("/");
  if (raw.length > 0 && raw.at(-1) === "") raw.pop(); // a trailing slash
  return raw.map((s) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      throw badRequest(`${field}: malformed percent-encoding`, "E_PATH");
    }
    checkSegment(decoded, field);
    return decoded;
  });
}

/** The segments of a relative path given in a request body (`login.yaml`, `sub/a.yaml`). */
export function relativeSegments(path: string, field: string): string[] {
  if (path === "") throw badRequest(`${field}: must not be empty`, "E_PATH");
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path) || path.startsWith("\\")) {
    throw badRequest(`${field}: must be relative to its folder, got an absolute path`, "E_PATH");
  }
  const segments = path.split("/");
  for (const s of segments) checkSegment(s, field);
  return segments;
}

/** The real path of `root` (symlinks resolved), so later prefix checks compare like with like. */
export async function realRoot(root: string): Promise<string> {
  try {
    return await Deno.realPath(root);
  } catch {
    throw notFound(`folder not found: ${root}`);
  }
}

/**
 * The real path of `segments` below `root`, which must exist and stay inside `root` after every
 * symlink is resolved; 404 otherwise.
 */
export async function confinedPath(root: string, segments: readonly string[]): Promise<string> {
  const base = await realRoot(root);
  let real: string;
  try {
    real = await Deno.realPath(join(base, ...segments));
  } catch {
    throw notFound();
  }
  if (!isInside(base, real)) throw notFound();
  return real;
}

/** True when `path` is `dir` itself or lies below it (both real, absolute). */
export function isInside(dir: string, path: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path === dir || path.startsWith(prefix);
}
