/**
 * CRC-32 (IEEE 802.3, as zip and PNG use it), incremental.
 *
 * @module
 */

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/**
 * Continues a CRC over `bytes` (start with 0).
 *
 * @example
 * ```ts
 * crc32(0, new TextEncoder().encode("123456789")); // 0xcbf43926
 * ```
 */
export function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
