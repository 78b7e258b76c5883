/** A minimal zip reader for tests: central directory → entries, inflated and CRC-checked. */
import { crc32 } from "../../src/archive/crc32.ts";

export interface ReadEntry {
  name: string;
  method: number;
  mode: number;
  data: Uint8Array;
}

export async function readZip(bytes: Uint8Array): Promise<ReadEntry[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  if (view.getUint32(eocd, true) !== 0x06054b50) throw new Error("no end of central directory");
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const out: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const csize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const attrs = view.getUint32(at + 38, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLen));
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`bad local header ${name}`);
    const lname = view.getUint16(local + 26, true);
    const lextra = view.getUint16(local + 28, true);
    const start = local + 30 + lname + lextra;
    const raw = bytes.slice(start, start + csize);
    const data = method === 0 ? raw : new Uint8Array(
      await new Response(
        ReadableStream.from([raw]).pipeThrough(
          new DecompressionStream("deflate-raw") as unknown as TransformStream<
            Uint8Array,
            Uint8Array
          >,
        ),
      ).arrayBuffer(),
    );
    if (data.length !== size) throw new Error(`${name}: size ${data.length} ≠ ${size}`);
    if (crc32(0, data) !== crc) throw new Error(`${name}: CRC mismatch`);
    out.push({ name, method, mode: (attrs >>> 16) & 0o777, data });
    at += 46 + nameLen + extra + comment;
  }
  return out;
}
