import assert from "node:assert/strict";
import { clipText, quoteInput } from "../../src/yaml/bounded_text.ts";
import { MAX_QUOTED_CHARS } from "../../src/yaml/limits.ts";

Deno.test("short text is left alone; long text keeps its start and counts the rest", () => {
  assert.equal(clipText("abc", 3), "abc");
  assert.equal(clipText("abcdef", 3), "abc…(3 more characters)");
});

Deno.test("a cut never splits a surrogate pair", () => {
  assert.equal(clipText("ab😀cd", 3), "ab…(4 more characters)");
});

Deno.test("quoted input is JSON-quoted and bounded", () => {
  assert.equal(quoteInput('say "hi"'), '"say \\"hi\\""');
  const huge = "x".repeat(20_000_000);
  const q = quoteInput(huge);
  assert.equal(
    q,
    `"${"x".repeat(MAX_QUOTED_CHARS)}"…(${20_000_000 - MAX_QUOTED_CHARS} more characters)`,
  );
});
