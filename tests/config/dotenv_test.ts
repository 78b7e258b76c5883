import assert from "node:assert/strict";
import { join } from "node:path";
import { loadDotenv, overlayEnv, parseDotenv } from "../../src/config/dotenv.ts";
import { DotenvError } from "../../src/config/errors.ts";

Deno.test("parseDotenv: KEY=VALUE, comments, blank lines and export", () => {
  assert.deepEqual(
    parseDotenv(
      "# comment\n\nA=1\nexport B = two words  \n  C=x # trailing note\nD=http://h/#frag\n",
    ),
    { A: "1", B: "two words", C: "x", D: "http://h/#frag" },
  );
});

Deno.test("parseDotenv: single quotes are literal, double quotes unescape", () => {
  assert.deepEqual(
    parseDotenv(`S='a\\nb # kept'\nD="line1\\nline2\\t\\"q\\" \\\\"\nE=""\n`),
    { S: "a\\nb # kept", D: 'line1\nline2\t"q" \\', E: "" },
  );
});

Deno.test("parseDotenv: a quoted value may span lines; text after the closing quote is ignored", () => {
  assert.deepEqual(
    parseDotenv('KEY="-----BEGIN-----\nabc\n-----END-----" # pem\nNEXT=1\n'),
    { KEY: "-----BEGIN-----\nabc\n-----END-----", NEXT: "1" },
  );
});

Deno.test("parseDotenv: lines that are not assignments are skipped; later assignments win", () => {
  assert.deepEqual(parseDotenv("not an assignment\n1BAD=x\nA=1\nA=2\r\nB=\n"), { A: "2", B: "" });
});

Deno.test("loadDotenv never overrides an existing variable and reports what it did", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, ".env");
    await Deno.writeTextFile(path, "KEEP=file\nNEW=file\nEMPTY=file\n");
    const process: Record<string, string> = { KEEP: "process", EMPTY: "" };
    const base = (k: string) => Object.hasOwn(process, k) ? process[k] : undefined;
    const r = await loadDotenv(path, base);
    assert.deepEqual(r, {
      path,
      found: true,
      loaded: ["NEW"],
      kept: ["KEEP", "EMPTY"],
      values: { NEW: "file" },
    });
    const env = overlayEnv(base, r.values);
    assert.equal(env("KEEP"), "process");
    assert.equal(env("EMPTY"), "");
    assert.equal(env("NEW"), "file");
    assert.equal(env("toString"), undefined, "only the file's own keys");
    assert.deepEqual(process, { KEEP: "process", EMPTY: "" }, "the environment is not written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadDotenv: the process environment is never written", async () => {
  const dir = await Deno.makeTempDir();
  const key = `BAJUTSU_DOTENV_TEST_${crypto.randomUUID().replaceAll("-", "_")}`;
  try {
    const path = join(dir, ".env");
    await Deno.writeTextFile(path, `${key}=from-file\n`);
    const base = (k: string) => Deno.env.get(k);
    const r = await loadDotenv(path, base);
    assert.deepEqual(r.loaded, [key]);
    assert.equal(Deno.env.get(key), undefined);
    assert.equal(overlayEnv(base, r.values)(key), "from-file");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadDotenv: a missing file is fine", async () => {
  const r = await loadDotenv("/no/such/dir/.env", () => undefined);
  assert.equal(r.found, false);
  assert.deepEqual(r.loaded, []);
  assert.deepEqual(r.values, {});
});

function dotenvError(fn: () => unknown): DotenvError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DotenvError) return err;
    throw err;
  }
  assert.fail("expected a DotenvError");
}

Deno.test("parseDotenv: an unterminated quote is E_DOTENV at the quote, not the rest of the file", () => {
  for (
    const [text, line, col] of [
      ['A=1\nTOKEN="abc\nB=2\nC=3\n', 2, 7],
      ["A=1\n\n  export KEY = 'x\nB=2", 3, 16],
      ['K="ends with an escaped quote\\"\n', 1, 3],
    ] as const
  ) {
    const err = dotenvError(() => parseDotenv(text, "conf/.env"));
    assert.equal(err.code, "E_DOTENV");
    assert.deepEqual([err.line, err.col], [line, col], text);
    assert.match(err.message, new RegExp(`^conf/\\.env:${line}:${col}: E_DOTENV unterminated`));
  }
});

Deno.test("parseDotenv: a NUL byte is E_DOTENV at its line and column", () => {
  const err = dotenvError(() => parseDotenv("A=1\nB=x\0y\n", ".env"));
  assert.equal(err.message, ".env:2:4: E_DOTENV a NUL byte: a .env file must be plain text");
});

Deno.test("parseDotenv: line numbers after a multi-line value stay right", () => {
  const err = dotenvError(() => parseDotenv('PEM="a\nb\nc"\nOK=1\nBAD="x\n'));
  assert.deepEqual([err.line, err.col], [5, 5]);
  assert.deepEqual(parseDotenv('PEM="a\r\nb" # c\r\nexport = 1\n'), { PEM: "a\nb", export: "1" });
});

Deno.test("parseDotenv: a long file with a long quoted value parses in one pass", () => {
  // 100k lines inside one quoted value: quadratic re-scanning took minutes here.
  const body = Array.from({ length: 100_000 }, (_, i) => `line ${i}`).join("\n");
  const parsed = parseDotenv(`BIG="${body}"\nAFTER=1\n`);
  assert.equal(parsed.BIG.split("\n").length, 100_000);
  assert.equal(parsed.AFTER, "1");
});

Deno.test("loadDotenv: invalid UTF-8 is E_DOTENV at its position, not a silent U+FFFD", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, ".env");
    const enc = new TextEncoder();
    await Deno.writeFile(path, new Uint8Array([...enc.encode("A=\uFFFD\nB=é"), 0xff, 0x0a]));
    await assert.rejects(
      () => loadDotenv(path, () => undefined),
      (err: unknown) =>
        err instanceof DotenvError && err.line === 2 && err.col === 4 &&
        err.message.includes("invalid UTF-8"),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadDotenv: a directory (a virtualenv named .env) is skipped with a warning", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, ".env");
    await Deno.mkdir(join(path, "bin"), { recursive: true });
    const r = await loadDotenv(path, () => undefined);
    assert.equal(r.found, false);
    assert.match(r.warning ?? "", /\.env is a directory, not a \.env file: not loaded/);
    assert.deepEqual(r.values, {});
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
