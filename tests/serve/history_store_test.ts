/** serve's history: listing, filter, soft delete, restore, purge, retention. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { HistoryStore } from "../../src/serve/history_store.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { writeRun } from "./helpers.ts";

const status = (p: Promise<unknown>) =>
  p.then(() => 200, (e) => (e instanceof HttpError ? e.status : Promise.reject(e)));

async function withRuns(fn: (runs: string) => Promise<void>) {
  const runs = await Deno.makeTempDir({ prefix: "bajutsu-history-" });
  try {
    await fn(runs);
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
}

Deno.test("history lists runs newest first with verdict, counts, start, duration, cancelled", async () => {
  await withRuns(async (runs) => {
    await writeRun(runs, "20240101-000000", [{ name: "a", ok: true }]);
    await writeRun(runs, "20240102-000000", [
      { name: "a", ok: false, failure: "cancelled" },
      { name: "b", ok: false, failure: "cancelled (never started)" },
    ]);
    await writeRun(runs, "20240102-000000-2", [{ name: "b", ok: true, duration_s: 2.5 }], {
      report: false,
    });
    await Deno.mkdir(join(runs, "20240103-000000")); // in progress: no manifest yet
    await Deno.mkdir(join(runs, "20240104-000000"));
    await Deno.writeTextFile(join(runs, "20240104-000000", "manifest.json"), "{not json");
    const store = new HistoryStore(runs, { retentionDays: 30, now: () => new Date() });
    const list = await store.list();
    assert.deepEqual(list.map((r) => r.id), [
      "20240102-000000-2",
      "20240102-000000",
      "20240101-000000",
    ]);
    const [third, second, first] = list;
    assert.equal(third.report, false);
    assert.deepEqual([second.ok, second.cancelled, second.passed, second.total], [
      false,
      true,
      0,
      2,
    ]);
    assert.deepEqual([first.ok, first.cancelled, first.passed, first.total], [true, false, 1, 1]);
    assert.equal(first.startedAt, "2024-01-01T00:00:00.000Z");
    assert.ok(first.durationS !== null && first.durationS > 0, "manifest written after the start");
    assert.deepEqual((await store.list("b")).map((r) => r.id), [
      "20240102-000000-2",
      "20240102-000000",
    ]);
    assert.deepEqual(await store.list("nope"), []);
  });
});

Deno.test("soft delete, trash listing, restore, purge; each refreshes runs/index.html", async () => {
  await withRuns(async (runs) => {
    await writeRun(runs, "20240101-000000", [{ name: "a", ok: true }]);
    await writeRun(runs, "20240102-000000", [{ name: "b", ok: true }]);
    const deletedAt = new Date(Date.UTC(2024, 5, 1));
    const store = new HistoryStore(runs, { retentionDays: 30, now: () => deletedAt });
    await store.softDelete("20240101-000000");
    assert.deepEqual((await store.list()).map((r) => r.id), ["20240102-000000"]);
    const trash = await store.trash();
    assert.deepEqual(trash.map((r) => [r.id, r.deletedAt]), [[
      "20240101-000000",
      deletedAt.toISOString(),
    ]]);
    const index = await Deno.readTextFile(join(runs, "index.html"));
    assert.ok(!index.includes("20240101-000000"), "the index no longer lists the deleted run");
    assert.equal(await status(store.softDelete("20240101-000000")), 404, "already deleted");
    await store.restore("20240101-000000");
    assert.deepEqual((await store.list()).map((r) => r.id), ["20240102-000000", "20240101-000000"]);
    assert.deepEqual(await store.trash(), []);
    assert.equal(await status(store.restore("20240101-000000")), 404, "not in the trash");
    // Restoring over a live run of the same id is refused.
    await store.softDelete("20240101-000000");
    await writeRun(runs, "20240101-000000", [{ name: "again", ok: true }]);
    assert.equal(await status(store.restore("20240101-000000")), 409);
    // Purge removes the live one and the trashed copy.
    await store.purge("20240101-000000");
    assert.equal(await status(store.purge("20240101-000000")), 404);
    assert.deepEqual((await store.list()).map((r) => r.id), ["20240102-000000"]);
    assert.deepEqual(await store.trash(), []);
    for (const bad of ["..", ".trash", "a/b", ""]) {
      assert.equal(await status(store.softDelete(bad)), 400, bad);
    }
  });
});

Deno.test("trash older than the retention window is purged on the next read; 0 keeps it", async () => {
  await withRuns(async (runs) => {
    await writeRun(runs, "20240101-000000", [{ name: "a", ok: true }]);
    await writeRun(runs, "20240102-000000", [{ name: "b", ok: true }]);
    let now = new Date(Date.UTC(2024, 0, 10));
    const store = new HistoryStore(runs, { retentionDays: 30, now: () => now });
    await store.softDelete("20240101-000000");
    now = new Date(Date.UTC(2024, 0, 20));
    await store.softDelete("20240102-000000");
    now = new Date(Date.UTC(2024, 1, 12)); // 33 days after the first delete, 23 after the second
    const keep = new HistoryStore(runs, { retentionDays: 0, now: () => now });
    assert.equal((await keep.trash()).length, 2, "retention 0 keeps everything");
    assert.deepEqual((await store.trash()).map((r) => r.id), ["20240102-000000"]);
  });
});
