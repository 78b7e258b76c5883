import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/evidence/atomic_write.ts";

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("writeFileAtomic writes text and bytes and leaves no temp file behind", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeFileAtomic(join(dir, "a.json"), "{}\n");
    await writeFileAtomic(join(dir, "b.png"), new Uint8Array([1, 2, 3]));
    await writeFileAtomic(join(dir, "a.json"), "[1]\n");
    assert.deepEqual(await names(dir), ["a.json", "b.png"]);
    assert.equal(await Deno.readTextFile(join(dir, "a.json")), "[1]\n");
    assert.deepEqual(await Deno.readFile(join(dir, "b.png")), new Uint8Array([1, 2, 3]));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeFileAtomic sets the requested mode (0600 by default)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeFileAtomic(join(dir, "private"), "x");
    await writeFileAtomic(join(dir, "shared"), "x", 0o644);
    assert.equal((await Deno.stat(join(dir, "private"))).mode! & 0o777, 0o600);
    assert.equal((await Deno.stat(join(dir, "shared"))).mode! & 0o777, 0o644);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a failed rename removes the temp file and rethrows", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // A non-empty directory in the way makes the rename fail.
    await Deno.mkdir(join(dir, "taken"));
    await Deno.writeTextFile(join(dir, "taken", "keep"), "x");
    await assert.rejects(writeFileAtomic(join(dir, "taken"), "data"));
    assert.deepEqual(await names(dir), ["taken"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
