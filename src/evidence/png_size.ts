/**
 * The pixel size of a PNG from its header (the IHDR chunk, bytes 16–23), so the report can map
 * element frames onto a screenshot (docs/reports.md#element-frames) without decoding it.
 *
 * @module
 */

/** Bytes needed to read the size: signature (8), chunk length and type (8), width, height. */
export const PNG_HEADER_BYTES = 24;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Width and height of the PNG whose first bytes are `head`, or null when it is not a PNG.
 *
 * @example
 * ```ts
 * pngSize(await Deno.readFile("after.png")); // [780, 1688]
 * ```
 */
export function pngSize(head: Uint8Array): [width: number, height: number] | null {
  if (head.length < PNG_HEADER_BYTES) return null;
  for (let i = 0; i < SIGNATURE.length; i++) if (head[i] !== SIGNATURE[i]) return null;
  const view = new DataView(head.buffer, head.byteOffset, PNG_HEADER_BYTES);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? [width, height] : null;
}

/** The size of the PNG file at `path`, reading only its header; null when unreadable. */
export async function pngFileSize(path: string): Promise<[number, number] | null> {
  let file: Deno.FsFile | null = null;
  try {
    file = await Deno.open(path, { read: true });
    const head = new Uint8Array(PNG_HEADER_BYTES);
    let got = 0;
    while (got < PNG_HEADER_BYTES) {
      const n = await file.read(head.subarray(got));
      if (n === null) break;
      got += n;
    }
    return pngSize(head.subarray(0, got));
  } catch {
    return null;
  } finally {
    file?.close();
  }
}
