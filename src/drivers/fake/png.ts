/**
 * A minimal PNG encoder: 8-bit RGB, no filtering, zlib with stored (uncompressed) deflate
 * blocks. Enough for the fake's screenshots to be real, decodable PNGs without a dependency.
 *
 * @example
 * ```ts
 * const png = encodePng(2, 1, new Uint8Array([255, 0, 0, 0, 0, 255])); // red, blue
 * ```
 *
 * @module
 */
import { crc32 as continueCrc32 } from "../../archive/crc32.ts";

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Most bytes one stored deflate block can hold. */
const MAX_STORED_BLOCK = 0xffff;

/** CRC-32 (ISO-HDLC, as PNG chunks use) of `bytes`: the zip writer's, from zero. */
export function crc32(bytes: Uint8Array): number {
  return continueCrc32(0, bytes);
}

/** Adler-32, the zlib trailer checksum. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib stream of `data` using stored deflate blocks only. */
export function zlibStored(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / MAX_STORED_BLOCK));
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4);
  const view = new DataView(out.buffer);
  out[0] = 0x78; // deflate, 32 KiB window
  out[1] = 0x01; // no preset dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0
  let at = 2;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * MAX_STORED_BLOCK, (i + 1) * MAX_STORED_BLOCK);
    out[at] = i === blocks - 1 ? 1 : 0; // BFINAL, BTYPE = 00 (stored)
    view.setUint16(at + 1, chunk.length, true);
    view.setUint16(at + 3, ~chunk.length & 0xffff, true);
    out.set(chunk, at + 5);
    at += 5 + chunk.length;
  }
  view.setUint32(at, adler32(data));
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typed = new TextEncoder().encode(type);
  out.set(typed, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes `rgb` (width × height × 3 bytes, row-major) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be positive integers, got ${width}×${height}`);
  }
  if (rgb.length !== width * height * 3) {
    throw new RangeError(`expected ${width * height * 3} RGB bytes, got ${rgb.length}`);
  }
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), row + 1);
  }
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibStored(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A PNG of one solid colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb, i);
  return encodePng(width, height, pixels);
}
