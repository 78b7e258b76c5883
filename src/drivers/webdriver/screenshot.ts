/**
 * Screenshot replies: a base64 PNG in `value` (device pixels). Decoded and checked before anyone
 * writes it: a driver must fail loudly rather than save junk as evidence.
 *
 * @module
 */
import { MalformedReply } from "./errors.ts";

/** The eight bytes every PNG starts with. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `IHDR`: the chunk type every PNG's first chunk has (bytes 12–15). */
const IHDR = [0x49, 0x48, 0x44, 0x52];
/** Signature + IHDR chunk (length, type, 13 data bytes, CRC). */
const MIN_PNG_BYTES = 8 + 4 + 4 + 13 + 4;

/**
 * Decodes a screenshot reply's value into PNG bytes. Line breaks inside the base64 (some servers
 * wrap it) are ignored; anything that is not base64 of a PNG throws `MalformedReply`.
 *
 * @example
 * ```ts
 * const png = pngFromBase64(await client.get("/screenshot"));
 * await Deno.writeFile(path, png);
 * ```
 */
export function pngFromBase64(value: unknown): Uint8Array {
  if (typeof value !== "string" || value.trim() === "") {
    throw new MalformedReply(
      `webdriver: screenshot reply is not a base64 string (got ${
        value === null ? "null" : typeof value
      })`,
    );
  }
  let bytes: Uint8Array;
  try {
    // The built-in decoder skips ASCII whitespace and is ~100× faster than atob + a char loop
    // on a phone-sized PNG (tens of ms per shot otherwise).
    bytes = Uint8Array.fromBase64(value);
  } catch {
    throw new MalformedReply("webdriver: screenshot reply is not valid base64");
  }
  if (!isPng(bytes)) {
    throw new MalformedReply(
      `webdriver: screenshot reply is not a PNG (${bytes.length} bytes, starting ${
        hex(bytes.subarray(0, 8))
      })`,
    );
  }
  return bytes;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= MIN_PNG_BYTES &&
    PNG_SIGNATURE.every((b, i) => bytes[i] === b) &&
    IHDR.every((b, i) => bytes[12 + i] === b);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ") || "nothing";
}
