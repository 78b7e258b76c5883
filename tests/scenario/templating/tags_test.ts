import assert from "node:assert/strict";
import { selectByTags } from "../../../src/scenario/templating/tags.ts";

const items = [
  { name: "a", tags: ["smoke", "login"] },
  { name: "b", tags: ["slow"] },
  { name: "c", tags: [] },
  { name: "d", tags: ["smoke", "slow"] },
];
const names = (xs: { name: string }[]) => xs.map((x) => x.name);

Deno.test("no include and no exclude keeps everything in order", () => {
  assert.deepEqual(names(selectByTags(items, [], [])), ["a", "b", "c", "d"]);
});

Deno.test("include keeps scenarios carrying any listed tag, in order", () => {
  assert.deepEqual(names(selectByTags(items, ["login", "slow"], [])), ["a", "b", "d"]);
  assert.deepEqual(names(selectByTags(items, ["nothing"], [])), []);
});

Deno.test("exclude drops scenarios carrying any listed tag", () => {
  assert.deepEqual(names(selectByTags(items, [], ["slow"])), ["a", "c"]);
});

Deno.test("exclude wins over include", () => {
  assert.deepEqual(names(selectByTags(items, ["smoke"], ["slow"])), ["a"]);
});
