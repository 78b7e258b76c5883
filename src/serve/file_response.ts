/**
 * A file as an HTTP reply, streamed, with single-range support (`Range: bytes=a-b`) so the
 * report's video player can seek.
 *
 * @module
 */
import { notFound } from "./errors.ts";

/** The byte range a `Range` header asks for within `size` bytes; null = whole file; "bad" = 416. */
export function parseRange(header: string | null, size: number): [number, number] | null | "bad" {
  if (header === null) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null; // multi-range or odd units: send it all
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "bad";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "bad";
  return [start, end];
}

/** Streams `path` (already confined and known to be a file). */
export async function fileResponse(
  path: string,
  req: Request,
  contentType: string,
): Promise<Response> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw notFound(); // removed meanwhile
    throw err;
  }
  const size = (await file.stat()).size;
  const headers = new Headers({
    "content-type": contentType,
    "accept-ranges": "bytes",
    "cache-control": "no-cache",
  });
  const range = parseRange(req.headers.get("range"), size);
  if (range === "bad") {
    file.close();
    headers.set("content-range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (req.method === "HEAD") {
    file.close();
    headers.set("content-length", String(size));
    return new Response(null, { status: 200, headers });
  }
  if (range === null) {
    headers.set("content-length", String(size));
    return new Response(file.readable, { status: 200, headers });
  }
  const [start, end] = range;
  await file.seek(start, Deno.SeekMode.Start);
  headers.set("content-range", `bytes ${start}-${end}/${size}`);
  headers.set("content-length", String(end - start + 1));
  return new Response(limited(file, end - start + 1), { status: 206, headers });
}

/** The next `length` bytes of `file` as a stream; closes the file at the end. */
function limited(file: Deno.FsFile, length: number): ReadableStream<Uint8Array> {
  let left = length;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (left <= 0) {
        file.close();
        controller.close();
        return;
      }
      const buf = new Uint8Array(Math.min(64 * 1024, left));
      const n = await file.read(buf);
      if (n === null) {
        file.close();
        controller.close();
        return;
      }
      left -= n;
      controller.enqueue(buf.subarray(0, n));
    },
    cancel() {
      file.close();
    },
  });
}
