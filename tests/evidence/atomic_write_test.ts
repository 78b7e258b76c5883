import assert from "node:assert/strict";
import { join } from "node:path";
import {
  AtomicWrites,
  FENCE_SLOTS,
  removeTempFilesOf,
  sealWrites,
  tempFileOwner,
  tempPathFor,
  writeFileAtomic,
  WritesClosedError,
  writeStreamAtomic,
} from "../../src/evidence/atomic_write.ts";

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

Deno.test("temp files carry the writer's pid; removeTempFilesOf removes only that process's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "sub"));
    const ours = tempPathFor(join(dir, "sub", "a.json"), 4242);
    const theirs = tempPathFor(join(dir, "b.json"), 4343);
    assert.equal(tempFileOwner(ours.split("/").at(-1)!), 4242);
    assert.equal(tempFileOwner("a.json"), null);
    assert.equal(tempFileOwner(".a.json.tmp"), null);
    await Deno.writeTextFile(ours, "x");
    await Deno.writeTextFile(theirs, "x");
    await Deno.writeTextFile(join(dir, "keep.tmp"), "x");
    assert.equal(removeTempFilesOf(4242, dir, false), 0, "not below the top level");
    assert.equal(removeTempFilesOf(4242, dir, true), 1);
    assert.deepEqual(await names(dir), [theirs.split("/").at(-1)!, "keep.tmp", "sub"].sort());
    assert.deepEqual(await names(join(dir, "sub")), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("closed writes: a write in flight stops before its rename and leaves no temp file; new writes are refused", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const writes = new AtomicWrites();
    // A large write is still in flight when close() is called in the same turn.
    const inFlight = writeFileAtomic(join(dir, "big.bin"), new Uint8Array(8 << 20), 0o600, writes);
    assert.equal(writes.pending().length, 1);
    await writes.close(5000);
    await assert.rejects(inFlight, WritesClosedError);
    await assert.rejects(writeFileAtomic(join(dir, "late.json"), "{}", 0o600, writes), (err) => {
      assert.ok(err instanceof WritesClosedError);
      assert.equal(err.code, "E_WRITES_CLOSED");
      return true;
    });
    assert.deepEqual(await names(dir), []);
    assert.deepEqual(writes.pending(), []);
    // A write outside the closed registry goes on.
    await writeFileAtomic(join(dir, "ok.json"), "{}");
    assert.deepEqual(await names(dir), ["ok.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("sealWrites (another thread): it waits for a temp file being created, and later writes are refused", async () => {
  const dir = await Deno.makeTempDir();
  const worker = new Worker(new URL("./seal_worker.ts", import.meta.url).href, { type: "module" });
  try {
    const writes = new AtomicWrites();
    const tmp = tempPathFor(join(dir, "before.png"));
    // This thread is creating a temp file, as `createTemp` announces it.
    Atomics.add(writes.fence, FENCE_SLOTS.creating, 1);
    const answer = new Promise((resolve) => worker.onmessage = (e) => resolve(e.data));
    worker.postMessage({ fence: writes.fence, tmp });
    const closing = Atomics.waitAsync(writes.fence, FENCE_SLOTS.closed, 0);
    if (closing.async) await closing.value;
    assert.ok(writes.closed, "the other thread closed the writes");
    // The creation finishes only now: the sealing thread must have waited for it.
    await Deno.writeTextFile(tmp, "png");
    Atomics.sub(writes.fence, FENCE_SLOTS.creating, 1);
    Atomics.notify(writes.fence, FENCE_SLOTS.creating);
    assert.deepEqual(await answer, { tmpExisted: true });
    await assert.rejects(
      writeFileAtomic(join(dir, "late.json"), "{}", 0o600, writes),
      WritesClosedError,
    );
    assert.deepEqual(await names(dir), [tmp.split("/").at(-1)!]);
  } finally {
    worker.terminate();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("once sealed, createTemp refuses and leaves no creation announced", async () => {
  const writes = new AtomicWrites();
  sealWrites(writes.fence, 0);
  await assert.rejects(
    writes.createTemp("/nonexistent/.x.1.tmp", "/nonexistent/x", 0o600),
    WritesClosedError,
  );
  assert.equal(
    Atomics.load(writes.fence, FENCE_SLOTS.creating),
    0,
    "the creation is no longer announced",
  );
});

Deno.test("createTemp opens off the calling thread and announces the creation until the file exists", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const writes = new AtomicWrites();
    const tmp = tempPathFor(join(dir, "after.png"));
    const opening = writes.createTemp(tmp, join(dir, "after.png"), 0o600);
    assert.ok(opening instanceof Promise, "the open is not a synchronous call");
    assert.equal(
      Atomics.load(writes.fence, FENCE_SLOTS.creating),
      1,
      "a sealing thread would wait for this creation",
    );
    const file = await opening;
    file.close();
    assert.equal(Atomics.load(writes.fence, FENCE_SLOTS.creating), 0);
    assert.ok((await Deno.stat(tmp)).isFile, "the temp file exists once the creation is withdrawn");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeStreamAtomic: the whole stream lands at 0600; a stream that fails midway leaves the old file and no temp", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "run.zip");
    const enc = new TextEncoder();
    await writeStreamAtomic(path, ReadableStream.from([enc.encode("ab"), enc.encode("cd")]));
    assert.equal(await Deno.readTextFile(path), "abcd");
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(enc.encode("half"));
        controller.error(new Error("the archive broke"));
      },
    });
    await assert.rejects(writeStreamAtomic(path, failing), /archive broke/);
    assert.equal(await Deno.readTextFile(path), "abcd");
    assert.deepEqual(await names(dir), ["run.zip"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
