import assert from "node:assert/strict";
import { printable, printableIo, printableLines } from "../../src/text/printable.ts";

Deno.test("printable escapes C0 (newline and tab too), DEL and C1 controls", () => {
  assert.equal(printable("a\nb\r\tc"), "a\\nb\\r\\tc");
  assert.equal(printable("\x1b[2J\x07\x00"), "\\x1b[2J\\x07\\x00");
  assert.equal(printable("\x7f\x85\x9b31m"), "\\x7f\\x85\\x9b31m");
});

Deno.test("printable escapes bidi, invisible, tag and separator characters and lone surrogates", () => {
  assert.equal(printable("abc\u202edcba"), "abc\\u{202e}dcba");
  assert.equal(printable("\u2066\u2069\u061c\u200e"), "\\u{2066}\\u{2069}\\u{61c}\\u{200e}");
  assert.equal(printable("a\u200bb\ufeffc\u2060"), "a\\u{200b}b\\u{feff}c\\u{2060}");
  assert.equal(printable("\u{e0041}\u2028\u2029"), "\\u{e0041}\\u{2028}\\u{2029}");
  assert.equal(printable("x\ud800y"), "x\\u{d800}y");
});

Deno.test("printable keeps ordinary text, other scripts, emoji with joiners and backslashes", () => {
  for (
    const text of ["Log in (happy path)", "ログイン", "é ü ß", "👨‍👩‍👧 ok", "C:\\dir \\d+", "پی‌اچ‌دی"]
  ) {
    assert.equal(printable(text), text);
  }
});

Deno.test("printable is idempotent; printableLines keeps line breaks only", () => {
  const once = printable("a\n\x1b\u202e");
  assert.equal(printable(once), once);
  assert.equal(printableLines("one\ntwo\x1b\r"), "one\ntwo\\x1b\\r");
});

Deno.test("printableIo escapes every line on both streams and keeps the rest of the io", () => {
  const out: string[] = [], err: string[] = [];
  const io = printableIo({
    stdout: (l: string) => void out.push(l),
    stderr: (l: string) => void err.push(l),
    extra: 7,
  });
  io.stdout("x\n::add-mask::secret");
  io.stderr("y\n::error::pwned");
  assert.deepEqual(out, ["x\\n::add-mask::secret"]);
  assert.deepEqual(err, ["y\\n::error::pwned"]);
  assert.equal(io.extra, 7);
});

Deno.test("consoleIo, the process's streams, never passes a control character through", async () => {
  const { consoleIo } = await import("../../src/cli/program.ts");
  const seen: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (s: string) => void seen.push(s);
  console.error = (s: string) => void seen.push(s);
  try {
    consoleIo.stdout("help\n  line two \x1b[31m");
    consoleIo.stderr("bad \u202e\x9b");
  } finally {
    [console.log, console.error] = [log, error];
  }
  assert.deepEqual(seen, ["help\n  line two \\x1b[31m", "bad \\u{202e}\\x9b"]);
});
