import assert from "node:assert/strict";
import { join } from "node:path";
import { loadDotenv, parseDotenv } from "../../src/config/dotenv.ts";

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
    const env = new Map<string, string>([["KEEP", "process"], ["EMPTY", ""]]);
    const target = {
      get: (k: string) => env.get(k),
      set: (k: string, v: string) => void env.set(k, v),
    };
    const r = await loadDotenv(path, target);
    assert.deepEqual(r, { path, found: true, loaded: ["NEW"], kept: ["KEEP", "EMPTY"] });
    assert.equal(env.get("KEEP"), "process");
    assert.equal(env.get("EMPTY"), "");
    assert.equal(env.get("NEW"), "file");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadDotenv: a missing file is fine", async () => {
  const env = new Map<string, string>();
  const r = await loadDotenv("/no/such/dir/.env", {
    get: (k) => env.get(k),
    set: (k, v) => void env.set(k, v),
  });
  assert.equal(r.found, false);
  assert.deepEqual(r.loaded, []);
  assert.equal(env.size, 0);
});
