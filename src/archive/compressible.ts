/**
 * Which run files an archive deflates: text compresses well; media and archives are already
 * compressed, so they are stored as they are (deflating them again costs time for nothing).
 *
 * @module
 */
import { extname } from "node:path";

const STORED: ReadonlySet<string> = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".mp4",
  ".webm",
  ".zip",
  ".gz",
]);

/**
 * Whether a file is worth compressing in an archive, by its name.
 *
 * @example
 * ```ts
 * isCompressible("manifest.json"); // true
 * isCompressible("00-login/step0/after.png"); // false
 * ```
 */
export function isCompressible(name: string): boolean {
  return !STORED.has(extname(name).toLowerCase());
}
