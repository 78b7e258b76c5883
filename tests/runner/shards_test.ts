import assert from "node:assert/strict";
import { parseShard, partition, selectShard } from "../../src/runner/shards.ts";

Deno.test("shards: parse i/n and reject out-of-range specs", () => {
  assert.deepEqual(parseShard("2/4"), { index: 2, count: 4 });
  for (
    const bad of ["0/4", "5/4", "1/0", "a/b", "1-4", "1/1001", "1/1e20", "1/100000000000000000000"]
  ) {
    assert.equal(parseShard(bad), null, bad);
  }
  assert.deepEqual(parseShard("1000/1000"), { index: 1000, count: 1000 });
});

Deno.test("shards: by count, round robin keeps every scenario exactly once", () => {
  const names = Array.from({ length: 10 }, (_, i) => `s${i}`);
  const parts = partition(names, 3);
  assert.deepEqual(parts, [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]);
});

Deno.test("shards: by duration, longest first onto the least-loaded shard", () => {
  const d = new Map([["a", 10], ["b", 9], ["c", 1], ["d", 1], ["e", 1]]);
  const parts = partition(["a", "b", "c", "d", "e"], 2, d);
  const load = parts.map((p) => p.reduce((t, i) => t + [10, 9, 1, 1, 1][i], 0));
  assert.deepEqual(load.sort(), [11, 11]);
});

Deno.test("shards: selection is deterministic and keeps declaration order within a shard", () => {
  const items = ["a", "b", "c", "d", "e", "f"];
  const d = new Map(items.map((n, i) => [n, 6 - i]));
  const s1 = selectShard(items, (x) => x, { index: 1, count: 2 }, d);
  const s2 = selectShard(items, (x) => x, { index: 2, count: 2 }, d);
  assert.deepEqual([...s1, ...s2].sort(), items);
  assert.deepEqual(s1, [...s1].sort());
  assert.deepEqual(selectShard(items, (x) => x, { index: 1, count: 2 }, d), s1);
});
