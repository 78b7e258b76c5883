/** Path probes (src/fs/probe.ts): a file, a folder, a dangling link and a missing path. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { entryExists, isFile, isFileSync, pathExists } from "../../src/fs/probe.ts";

Deno.test("path probes tell files, folders, dangling links and missing paths apart", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-probe-" });
  try {
    const file = join(dir, "f.txt");
    await Deno.writeTextFile(file, "x");
    const dangling = join(dir, "dangling");
    await Deno.symlink(join(dir, "gone"), dangling);
    const missing = join(dir, "missing");

    assert.deepEqual(
      await Promise.all([file, dir, dangling, missing].map(pathExists)),
      [true, true, false, false],
    );
    assert.deepEqual(
      await Promise.all([file, dir, dangling, missing].map(entryExists)),
      [true, true, true, false],
    );
    assert.deepEqual(
      await Promise.all([file, dir, dangling, missing].map(isFile)),
      [true, false, false, false],
    );
    assert.deepEqual([file, dir, dangling, missing].map(isFileSync), [true, false, false, false]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
