import assert from "node:assert/strict";
import { formatLoadError, type LoadError } from "../../src/yaml/load_error.ts";
import { MAX_MESSAGE_CHARS, MAX_PATH_CHARS } from "../../src/yaml/limits.ts";

const error = (path: string, message: string): LoadError => ({
  file: "s.yaml",
  line: 3,
  col: 5,
  code: "E_UNKNOWN_KEY",
  path,
  message,
});

Deno.test("a load error prints as <file>:<line>:<col>: <CODE> <path>: <message>", () => {
  assert.equal(
    formatLoadError(error("a.b", "unknown key")),
    "s.yaml:3:5: E_UNKNOWN_KEY a.b: unknown key",
  );
  assert.equal(formatLoadError(error("", "bad")), "s.yaml:3:5: E_UNKNOWN_KEY bad");
});

Deno.test("a path and a message quoting megabytes of input print bounded", () => {
  const key = "k".repeat(5_000_000);
  const line = formatLoadError(error(`steps[0].${key}`, `unknown key "${key}"`));
  assert.ok(line.length < MAX_PATH_CHARS + MAX_MESSAGE_CHARS + 200, `${line.length} characters`);
  assert.match(
    line,
    /^s\.yaml:3:5: E_UNKNOWN_KEY steps\[0\]\.k+…\(\d+ more characters\): unknown key "k+…\(\d+ more characters\)$/,
  );
});
