import assert from "node:assert/strict";
import { runCli } from "../../src/cli/program.ts";
import { VERSION } from "../../src/version.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

Deno.test("--version prints the version and exits 0", async () => {
  const c = capture();
  assert.equal(await runCli(["--version"], c.io), 0);
  assert.equal(c.out.join("\n"), VERSION);
});

Deno.test("an unknown command is a one-line error with exit 2", async () => {
  const c = capture();
  assert.equal(await runCli(["frobnicate"], c.io), 2);
  assert.equal(c.err.length, 1);
  assert.match(c.err[0], /unknown command/);
});

Deno.test("an unknown flag is a one-line error with exit 2", async () => {
  const c = capture();
  assert.equal(await runCli(["lint", "--bogus", "x.yaml"], c.io), 2);
  assert.equal(c.err.length, 1);
  assert.match(c.err[0], /unknown option/);
});
