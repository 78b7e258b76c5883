/** The zip writer and its CRC-32: entries that read back intact, the DOS time fields. */
import assert from "node:assert/strict";
import { crc32 } from "../../src/archive/crc32.ts";
import { dosDateTime, zipStream } from "../../src/archive/zip_writer.ts";
import { seededRandom } from "../../src/time/random.ts";
import { readZip } from "../support/zip_reader.ts";

const enc = new TextEncoder();

Deno.test("crc32 check value", () => {
  assert.equal(crc32(0, enc.encode("123456789")), 0xcbf43926);
  assert.equal(crc32(crc32(0, enc.encode("1234")), enc.encode("56789")), 0xcbf43926);
});

Deno.test("DOS time: UTC fields, 2 s resolution, 1980 floor", () => {
  assert.deepEqual(dosDateTime(new Date(Date.UTC(2024, 4, 1, 10, 15, 31))), {
    date: (44 << 9) | (5 << 5) | 1,
    time: (10 << 11) | (15 << 5) | 15,
  });
  assert.equal(dosDateTime(new Date(0)).date >> 9, 0);
});

Deno.test("zip: stored and deflated entries read back intact", async () => {
  const big = enc.encode("line of text\n".repeat(10_000));
  const rand = seededRandom(11);
  const png = Uint8Array.from({ length: 70_000 }, () => Math.floor(rand() * 256));
  const entries = [
    { name: "r/manifest.json", bytes: big, deflate: true },
    { name: "r/a/after.png", bytes: png, deflate: false },
    { name: "r/empty.txt", bytes: new Uint8Array(), deflate: true },
  ].map((e) => ({
    name: e.name,
    size: e.bytes.length,
    mtime: new Date(Date.UTC(2024, 0, 2, 3, 4, 6)),
    mode: 0o600,
    deflate: e.deflate,
    open: () => ReadableStream.from([e.bytes.subarray(0, 1000), e.bytes.subarray(1000)]),
  }));
  const zip = new Uint8Array(await new Response(zipStream(entries)).arrayBuffer());
  assert.ok(zip.length < big.length, "text was compressed");
  const back = await readZip(zip);
  assert.deepEqual(back.map((e) => [e.name, e.method, e.mode]), [
    ["r/manifest.json", 8, 0o600],
    ["r/a/after.png", 0, 0o600],
    ["r/empty.txt", 8, 0o600],
  ]);
  assert.deepEqual(back[0].data, big);
  assert.deepEqual(back[1].data, png);
  assert.equal(back[2].data.length, 0);
});
