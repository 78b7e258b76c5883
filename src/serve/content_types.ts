/**
 * Content types of run files. Anything not listed is a download (`application/octet-stream`);
 * HTML is only ever served for the report itself, so a stray file in a run folder cannot run
 * script on serve's origin.
 *
 * @module
 */
import { extname } from "node:path";

const TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".yaml": "text/plain; charset=utf-8",
  ".yml": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".log": "text/plain; charset=utf-8",
  ".raw": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".zip": "application/zip",
};

/** The content type of a run file by its name. */
export function runFileType(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}
