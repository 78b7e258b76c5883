/**
 * Reading an input file (scenario, component, config, fake app, data CSV) as text, strictly:
 * only a regular file is opened (a FIFO would block the read forever), and bytes that are not
 * UTF-8 are an `E_ENCODING` error at their line:col instead of silently becoming `�`. A leading
 * byte-order mark is dropped. See docs/input-limits.md.
 *
 * @module
 */
import type { LoadError } from "./load_error.ts";

/** The file's text, or the one error that prevented reading it. */
export type SourceText = { ok: true; text: string } | { ok: false; error: LoadError };

/**
 * Reads `file` synchronously (the loader reads thousands of small files, see load.ts).
 * `knownRegular`: the caller has just seen it is a regular file (a folder listing), which saves
 * a `stat` per file.
 */
export function readSourceSync(file: string, knownRegular = false): SourceText {
  try {
    const problem = knownRegular ? null : notARegularFile(Deno.statSync(file));
    if (problem) return ioFailure(file, problem);
    // The runtime's own decoding is the fast path; only a replacement character in its result
    // (a malformed byte, or a genuine U+FFFD) costs a strict second decoding.
    const text = Deno.readTextFileSync(file);
    return text.includes("\uFFFD") ? decodeSource(Deno.readFileSync(file), file) : withoutBom(text);
  } catch (err) {
    return ioFailure(file, readFailure(err));
  }
}

/** Reads `file`. */
export async function readSource(file: string): Promise<SourceText> {
  try {
    const problem = notARegularFile(await Deno.stat(file));
    if (problem) return ioFailure(file, problem);
    return decodeSource(await Deno.readFile(file), file);
  } catch (err) {
    return ioFailure(file, readFailure(err));
  }
}

function withoutBom(text: string): SourceText {
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** Decodes UTF-8 bytes; the first malformed sequence is an `E_ENCODING` error at its position. */
export function decodeSource(bytes: Uint8Array, file: string): SourceText {
  try {
    // `fatal`: a malformed byte throws instead of turning into U+FFFD. The decoder also drops a
    // leading byte-order mark.
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    const at = Math.min(firstInvalidUtf8(bytes), bytes.length - 1);
    const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
    const line = 1 + countNewlines(bytes, lineStart);
    const col = 1 + new TextDecoder().decode(bytes.subarray(lineStart, at)).length;
    const byte = bytes[at].toString(16).toUpperCase().padStart(2, "0");
    const message = `not valid UTF-8: byte 0x${byte} at offset ${at} (save the file as UTF-8)`;
    return { ok: false, error: { file, line, col, code: "E_ENCODING", path: "", message } };
  }
}

/** Why a path is not something to read as a file; null for a regular file. */
function notARegularFile(info: Deno.FileInfo): string | null {
  if (info.isFile) return null;
  if (info.isDirectory) return "is a folder, not a file";
  const kind = info.isFifo
    ? "a FIFO (named pipe)"
    : info.isSocket
    ? "a socket"
    : info.isCharDevice || info.isBlockDevice
    ? "a device"
    : "not a regular file";
  return `not read: ${kind}; give a regular file`;
}

function readFailure(err: unknown): string {
  if (err instanceof Deno.errors.NotFound) return "file not found";
  return `cannot read file: ${err instanceof Error ? err.message : String(err)}`;
}

function ioFailure(file: string, message: string): SourceText {
  return { ok: false, error: { file, line: 1, col: 1, code: "E_IO", path: "", message } };
}

function countNewlines(bytes: Uint8Array, end: number): number {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < end; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

/** Offset where the first ill-formed UTF-8 sequence starts (the length when there is none). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    // Lead byte → continuation count and the allowed range of the first continuation byte
    // (which excludes overlong forms, surrogates and code points above U+10FFFF).
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      const min = k === 1 ? lo : 0x80;
      const max = k === 1 ? hi : 0xbf;
      if (d === undefined || d < min || d > max) return i;
    }
    i += need + 1;
  }
  return b.length;
}
