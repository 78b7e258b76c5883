import assert from "node:assert/strict";
import {
  compareRunIdsNewestFirst,
  makeRunId,
  parseRunId,
  uniqueRunId,
} from "../../src/report/run_id.ts";

const DATE = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));

Deno.test("run id is YYYYMMDD-HHMMSS in UTC, optionally prefixed", () => {
  assert.equal(makeRunId(DATE), "20240102-030405");
  assert.equal(makeRunId(DATE, "audit-"), "audit-20240102-030405");
});

Deno.test("run id parses back to its UTC instant; prefixed and bogus ids do not", () => {
  assert.equal(parseRunId("20240102-030405")?.getTime(), DATE.getTime());
  assert.equal(parseRunId("20240102-030405-3")?.getTime(), DATE.getTime());
  assert.equal(parseRunId("audit-20240102-030405"), null);
  assert.equal(parseRunId("20241340-030405"), null);
});

Deno.test("run ids order newest first, numeric suffixes numerically", () => {
  const ids = ["20240101-000000", "20240101-000000-10", "20240102-000000", "20240101-000000-2"];
  assert.deepEqual(ids.sort(compareRunIdsNewestFirst), [
    "20240102-000000",
    "20240101-000000-10",
    "20240101-000000-2",
    "20240101-000000",
  ]);
});

Deno.test("uniqueRunId claims a fresh dir and suffixes collisions within one second", async () => {
  const runs = await Deno.makeTempDir();
  try {
    const first = await uniqueRunId(runs, DATE);
    const second = await uniqueRunId(runs, DATE);
    await Deno.mkdir(`${runs}/.trash/20240102-030405-3`, { recursive: true });
    const third = await uniqueRunId(runs, DATE);
    assert.deepEqual([first, second, third], [
      "20240102-030405",
      "20240102-030405-2",
      "20240102-030405-4",
    ]);
    const st = await Deno.stat(`${runs}/${second}`);
    assert.ok(st.isDirectory);
    assert.equal((st.mode ?? 0) & 0o777, 0o700);
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
});

Deno.test("uniqueRunId hands distinct ids to concurrent callers", async () => {
  const runs = await Deno.makeTempDir();
  try {
    const ids = await Promise.all(Array.from({ length: 5 }, () => uniqueRunId(runs, DATE)));
    assert.equal(new Set(ids).size, 5);
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
});
