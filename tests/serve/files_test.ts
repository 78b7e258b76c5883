/** serve's zip download of a run folder, and byte ranges. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { archiveResponse } from "../../src/serve/archive.ts";
import { filesUnder } from "../../src/archive/run_archive.ts";
import { parseRange } from "../../src/serve/file_response.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { readZip } from "../support/zip_reader.ts";

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
