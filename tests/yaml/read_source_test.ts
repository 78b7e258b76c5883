import assert from "node:assert/strict";
import { join } from "node:path";
import { decodeSource, readSource, readSourceSync } from "../../src/yaml/read_source.ts";

const bytes = (...parts: Array<string | number[]>) => {
  const chunks = parts.map((p) => typeof p === "string" ? new TextEncoder().encode(p) : p);
  return new Uint8Array(chunks.flatMap((c) => [...c]));
};

Deno.test("a byte that is not UTF-8 is E_ENCODING at its line and column", () => {
  // "é" in Latin-1 (0xE9) after "café" spelled with a real two-byte é: columns count characters.
  const r = decodeSource(bytes("- name: ok\n- name: café caf", [0xe9], "\n"), "s.yaml");
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.deepEqual(
    [r.error.file, r.error.line, r.error.col, r.error.code],
    ["s.yaml", 2, 17, "E_ENCODING"],
  );
  assert.match(r.error.message, /byte 0xE9 at offset 28/);
});

Deno.test("every kind of ill-formed sequence is found, where it starts", () => {
  const cases: Array<[number[], number]> = [
    [[0x80], 0], // a lone continuation byte
    [[0xc0, 0xaf], 0], // an overlong form
    [[0xed, 0xa0, 0x80], 0], // a UTF-16 surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
    [[0x61, 0xe2, 0x82], 1], // truncated at the end
    [[0xe2, 0x82, 0x41], 0], // truncated before ASCII
  ];
  for (const [seq, offset] of cases) {
    const r = decodeSource(new Uint8Array(seq), "s.yaml");
    assert.ok(!r.ok, `${seq} must be rejected`);
    assert.match(r.error.message, new RegExp(`offset ${offset}\\b`), `${seq}`);
  }
});

Deno.test("valid UTF-8 reads as is, a genuine U+FFFD included; a byte-order mark is dropped", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "s.yaml");
    await Deno.writeFile(file, bytes([0xef, 0xbb, 0xbf], "- name: \uFFFD ü 😀\n"));
    for (const r of [readSourceSync(file), readSourceSync(file, true), await readSource(file)]) {
      assert.deepEqual(r, { ok: true, text: "- name: \uFFFD ü 😀\n" });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("invalid UTF-8 in a file is an error on both read paths", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "s.yaml");
    await Deno.writeFile(file, bytes("a: ", [0xff], "\n"));
    for (const r of [readSourceSync(file), await readSource(file)]) {
      assert.ok(!r.ok);
      assert.deepEqual([r.error.line, r.error.col, r.error.code], [1, 4, "E_ENCODING"]);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a folder or a missing path is one E_IO error", async () => {
  // A FIFO is checked through the CLI in a subprocess (tests/cli/input_limits_test.ts): if the
  // check broke, the read would block forever, and it must not block this test runner.
  const dir = await Deno.makeTempDir();
  try {
    const cases: Array<[string, RegExp]> = [
      [dir, /^is a folder, not a file$/],
      [join(dir, "missing.yaml"), /^file not found$/],
    ];
    for (const [path, message] of cases) {
      for (const r of [readSourceSync(path), await readSource(path)]) {
        assert.ok(!r.ok);
        const { file, line, col, code } = r.error;
        assert.deepEqual([file, line, col, code], [path, 1, 1, "E_IO"]);
        assert.match(r.error.message, message);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
