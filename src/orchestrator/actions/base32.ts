/**
 * RFC 4648 base32 decoding as authenticator apps accept it: spaces ignored, case-insensitive,
 * padding optional.
 *
 * @module
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * Decodes `text`, or returns null when it is not valid base32 (or empty).
 *
 * @example
 * ```ts
 * new TextDecoder().decode(decodeBase32("JBSWY3DP")!); // "Hello"
 * ```
 */
export function decodeBase32(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "").toUpperCase().replace(/=+$/, "");
  if (clean === "") return null;
  const out = new Uint8Array(Math.floor((clean.length * 5) / 8));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  return out;
}
