/** Zip archives of run folders, byte ranges, and CRC-32. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { crc32 } from "../../src/serve/crc32.ts";
import { dosDateTime, zipStream } from "../../src/serve/zip_writer.ts";
import { archiveResponse, filesUnder } from "../../src/serve/archive.ts";
import { parseRange } from "../../src/serve/file_response.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { readZip } from "./zip_reader.ts";
import { seededRandom } from "../../src/time/random.ts";

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

Deno.test("archive of a run: rooted at <id>/, every regular file, symlinks skipped, 404/400", async () => {
  const runs = await Deno.makeTempDir({ prefix: "bajutsu-zip-" });
  try {
    const run = join(runs, "20240101-000000");
    await Deno.mkdir(join(run, "00-a", "step0"), { recursive: true });
    await Deno.writeTextFile(join(run, "manifest.json"), '{"runId":"x"}');
    await Deno.writeFile(join(run, "00-a", "step0", "after.png"), new Uint8Array([1, 2, 3]));
    await Deno.writeTextFile(join(runs, "secret.txt"), "secret");
    await Deno.symlink(join(runs, "secret.txt"), join(run, "leak.txt"));
    assert.deepEqual(await filesUnder(run), ["00-a/step0/after.png", "manifest.json"]);
    const res = await archiveResponse(runs, "20240101-000000");
    assert.equal(res.headers.get("content-type"), "application/zip");
    assert.match(res.headers.get("content-disposition")!, /filename="20240101-000000\.zip"/);
    const back = await readZip(new Uint8Array(await res.arrayBuffer()));
    assert.deepEqual(back.map((e) => e.name), [
      "20240101-000000/00-a/step0/after.png",
      "20240101-000000/manifest.json",
    ]);
    for (const [id, status] of [["nope", 404], ["..", 400], [".trash", 400]] as const) {
      await assert.rejects(
        archiveResponse(runs, id),
        (e: unknown) => e instanceof HttpError && e.status === status,
        id,
      );
    }
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
});

Deno.test("byte ranges", () => {
  assert.equal(parseRange(null, 100), null);
  assert.deepEqual(parseRange("bytes=0-9", 100), [0, 9]);
  assert.deepEqual(parseRange("bytes=90-", 100), [90, 99]);
  assert.deepEqual(parseRange("bytes=-10", 100), [90, 99]);
  assert.deepEqual(parseRange("bytes=95-200", 100), [95, 99]);
  assert.equal(parseRange("bytes=100-", 100), "bad");
  assert.equal(parseRange("bytes=5-2", 100), "bad");
  assert.equal(parseRange("bytes=0-1,5-6", 100), null, "multi-range: the whole file");
});
