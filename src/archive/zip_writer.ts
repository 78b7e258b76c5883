/**
 * A streaming zip writer (PKWARE APPNOTE 6.3): text files deflated, media stored. Stored entries
 * carry their CRC and sizes in the local header (read twice: once for the CRC); deflated entries
 * use a data descriptor. Without Zip64, an archive is limited to 4 GiB and 65535 entries: a larger
 * one errors instead of writing a broken file.
 *
 * @module
 */
import { crc32 } from "./crc32.ts";

/** A file to put in the archive. */
export interface ZipEntry {
  /** Name inside the archive (`/`-separated). */
  name: string;
  /** Opens the file's bytes (called once per pass). */
  open(): ReadableStream<Uint8Array>;
  size: number;
  mtime: Date;
  /** Unix mode bits (e.g. 0o600). */
  mode: number;
  deflate: boolean;
}

/** Zip64 would be needed. */
export class ZipTooLarge extends Error {
  readonly code = "E_ZIP_TOO_LARGE";
  constructor(message: string) {
    super(message);
    this.name = "ZipTooLarge";
  }
}

const LIMIT = 0xffffffff;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const enc = new TextEncoder();

/** DOS date and time (UTC, 2-second resolution, 1980 at the earliest). */
export function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

class Bytes {
  readonly buf: Uint8Array;
  readonly #view: DataView;
  #at = 0;
  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.#view = new DataView(this.buf.buffer);
  }
  u16(v: number): this {
    this.#view.setUint16(this.#at, v, true);
    this.#at += 2;
    return this;
  }
  u32(v: number): this {
    this.#view.setUint32(this.#at, v >>> 0, true);
    this.#at += 4;
    return this;
  }
  bytes(b: Uint8Array): this {
    this.buf.set(b, this.#at);
    this.#at += b.length;
    return this;
  }
}

interface Written {
  name: Uint8Array;
  flags: number;
  method: number;
  dos: { date: number; time: number };
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  mode: number;
}

async function crcOf(stream: ReadableStream<Uint8Array>): Promise<{ crc: number; size: number }> {
  let crc = 0;
  let size = 0;
  for await (const chunk of stream) {
    crc = crc32(crc, chunk);
    size += chunk.length;
  }
  return { crc, size };
}

/** The archive of `entries` as a byte stream (produced as it is read: no buffering). */
export function zipStream(entries: readonly ZipEntry[]): ReadableStream<Uint8Array> {
  if (entries.length > 0xffff) {
    throw new ZipTooLarge(`${entries.length} files: more than a zip without Zip64 can hold`);
  }
  return ReadableStream.from(zipChunks(entries));
}

async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  let offset = 0;
  const count = (b: Uint8Array) => {
    offset += b.length;
    if (offset > LIMIT) throw new ZipTooLarge("archive larger than 4 GiB");
    return b;
  };
  const written: Written[] = [];
  for (const e of entries) {
    const name = enc.encode(e.name);
    const dos = dosDateTime(e.mtime);
    const start = offset;
    if (!e.deflate) {
      const { crc, size } = await crcOf(e.open());
      yield count(localHeader(name, FLAG_UTF8, 0, dos, crc, size, size));
      let sent = 0;
      for await (const chunk of e.open()) {
        sent += chunk.length;
        yield count(chunk);
      }
      if (sent !== size) throw new Error(`${e.name} changed while it was archived`);
      written.push({
        name,
        flags: FLAG_UTF8,
        method: 0,
        dos,
        crc,
        compressed: size,
        size,
        offset: start,
        mode: e.mode,
      });
      continue;
    }
    const flags = FLAG_UTF8 | FLAG_DESCRIPTOR;
    yield count(localHeader(name, flags, 8, dos, 0, 0, 0));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const counted = e.open().pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, c) {
          crc = crc32(crc, chunk);
          size += chunk.length;
          c.enqueue(chunk);
        },
      }),
    );
    const deflated = counted.pipeThrough(
      new CompressionStream("deflate-raw") as unknown as TransformStream<Uint8Array, Uint8Array>,
    );
    for await (const chunk of deflated) {
      compressed += chunk.length;
      yield count(chunk);
    }
    if (size > LIMIT) throw new ZipTooLarge(`${e.name} is larger than 4 GiB`);
    yield count(new Bytes(16).u32(0x08074b50).u32(crc).u32(compressed).u32(size).buf);
    written.push({
      name,
      flags,
      method: 8,
      dos,
      crc,
      compressed,
      size,
      offset: start,
      mode: e.mode,
    });
  }
  const cdStart = offset;
  for (const w of written) yield count(centralHeader(w));
  const cdSize = offset - cdStart;
  yield count(
    new Bytes(22).u32(0x06054b50).u16(0).u16(0).u16(written.length).u16(written.length)
      .u32(cdSize).u32(cdStart).u16(0).buf,
  );
}

function localHeader(
  name: Uint8Array,
  flags: number,
  method: number,
  dos: { date: number; time: number },
  crc: number,
  compressed: number,
  size: number,
): Uint8Array {
  return new Bytes(30 + name.length).u32(0x04034b50).u16(20).u16(flags).u16(method)
    .u16(dos.time).u16(dos.date).u32(crc).u32(compressed).u32(size).u16(name.length).u16(0)
    .bytes(name).buf;
}

function centralHeader(w: Written): Uint8Array {
  // Made by: 3 = Unix (so the mode bits in the external attributes count), spec version 2.0.
  return new Bytes(46 + w.name.length).u32(0x02014b50).u16((3 << 8) | 20).u16(20).u16(w.flags)
    .u16(w.method).u16(w.dos.time).u16(w.dos.date).u32(w.crc).u32(w.compressed).u32(w.size)
    .u16(w.name.length).u16(0).u16(0).u16(0).u16(0).u32(((0o100000 | w.mode) << 16) >>> 0)
    .u32(w.offset).bytes(w.name).buf;
}
