import assert from "node:assert/strict";
import { colourOf, crc32, encodePng, PNG_SIGNATURE } from "../../../src/drivers/fake/mod.ts";
import { fakeFrom } from "./helpers.ts";

interface Chunk {
  type: string;
  data: Uint8Array;
}

/** Splits a PNG into chunks, checking the signature and every chunk CRC. */
function readChunks(png: Uint8Array): Chunk[] {
  assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    assert.equal(crc, crc32(png.subarray(at + 4, at + 8 + length)), `CRC of ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  assert.equal(at, png.length);
  return chunks;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(
    new DecompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Decodes an unfiltered 8-bit RGB PNG into its pixel bytes. */
async function decode(png: Uint8Array): Promise<{ w: number; h: number; rgb: Uint8Array }> {
  const chunks = readChunks(png);
  assert.deepEqual(chunks.map((c) => c.type), ["IHDR", "IDAT", "IEND"]);
  const ihdr = new DataView(chunks[0].data.buffer, chunks[0].data.byteOffset, 13);
  const w = ihdr.getUint32(0);
  const h = ihdr.getUint32(4);
  assert.deepEqual([...chunks[0].data.subarray(8)], [8, 2, 0, 0, 0]);
  const raw = await inflate(chunks[1].data);
  assert.equal(raw.length, h * (1 + w * 3));
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    assert.equal(raw[y * (1 + w * 3)], 0, "filter type none");
    rgb.set(raw.subarray(y * (1 + w * 3) + 1, (y + 1) * (1 + w * 3)), y * w * 3);
  }
  return { w, h, rgb };
}

Deno.test("crc32 matches the standard check value", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
});

Deno.test("encodePng round-trips pixels through a real inflater", async () => {
  const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
  const { w, h, rgb: out } = await decode(encodePng(2, 2, rgb));
  assert.deepEqual([w, h], [2, 2]);
  assert.deepEqual([...out], [...rgb]);
});

Deno.test("images larger than one stored block still decode", async () => {
  const w = 200;
  const h = 120; // 120 × 601 raw bytes > 65535
  const rgb = new Uint8Array(w * h * 3).map((_, i) => i % 251);
  const { rgb: out } = await decode(encodePng(w, h, rgb));
  assert.deepEqual(out, rgb);
});

Deno.test("encodePng refuses a size that does not match the pixels", () => {
  assert.throws(() => encodePng(2, 2, new Uint8Array(3)), RangeError);
  assert.throws(() => encodePng(0, 2, new Uint8Array(0)), RangeError);
});

const APP = `
initial: a
screens:
  a: [ { id: go, traits: [button], frame: [0, 0, 10, 10] } ]
  b: [ { id: x, frame: [0, 0, 10, 10] } ]
reactions:
  - on: { tap: go }
    then: [ { goto: b } ]
`;

Deno.test("screenshots are 8×8 solid PNGs coloured by the screen showing", async () => {
  const { driver } = fakeFrom(APP);
  const a = await decode(await driver.screenshotBytes());
  assert.deepEqual([a.w, a.h], [8, 8]);
  assert.deepEqual([...a.rgb.subarray(0, 3)], colourOf("a"));
  assert.deepEqual([...a.rgb.subarray(189, 192)], colourOf("a"));
  await driver.tap({ id: "go" });
  const b = await decode(await driver.screenshotBytes());
  assert.deepEqual([...b.rgb.subarray(0, 3)], colourOf("b"));
  assert.notDeepEqual(colourOf("a"), colourOf("b"));
});

Deno.test("screenshot(path) writes the PNG and logs the action", async () => {
  const { driver } = fakeFrom(APP);
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/shot.png`;
    await driver.screenshot(path);
    const bytes = await Deno.readFile(path);
    assert.deepEqual(bytes, await driver.screenshotBytes());
    assert.deepEqual(driver.actions, [["screenshot", path]]);
    await assert.rejects(driver.screenshot(`${dir}/missing/dir/shot.png`), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
