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

Deno.test("--version prints the version, commit and build date and exits 0", async () => {
  const c = capture();
  assert.equal(await runCli(["--version"], c.io), 0);
  assert.equal(c.out.join("\n"), `bajutsu ${VERSION} (commit dev, built dev)`);
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

Deno.test("run: --workers and --shard out of range are one coded usage line, exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [["--workers", "1e9"], /^E_CLI_OPTION --workers must be an integer from 1 to 256, got "1e9"$/],
    [["--workers", "1000000000"], /^E_CLI_OPTION --workers must be .* got "1000000000"$/],
    [["--workers", "257"], /^E_CLI_OPTION --workers must be an integer from 1 to 256/],
    [["--workers", "0"], /^E_CLI_OPTION --workers/],
    [["--workers", "0x10"], /^E_CLI_OPTION --workers/],
    [["--workers", "2.5"], /^E_CLI_OPTION --workers/],
    [["--workers", "9".repeat(400)], /^E_CLI_OPTION --workers .*… \(400 characters\)$/],
    [
      ["--shard", "1/1e20"],
      /^E_CLI_OPTION --shard must be i\/n with 1 ≤ i ≤ n ≤ 1000, got "1\/1e20"$/,
    ],
    [["--shard", "1/100000000000000000000"], /^E_CLI_OPTION --shard must be i\/n/],
    [["--shard", "1/1001"], /^E_CLI_OPTION --shard/],
    [["--shard", "3/2"], /^E_CLI_OPTION --shard/],
  ];
  for (const [flags, expected] of cases) {
    const c = capture();
    const code = await runCli(["run", "--config", "does-not-matter.yaml", ...flags], c.io);
    assert.equal(code, 2, flags.join(" "));
    assert.equal(c.err.length, 1, flags.join(" "));
    assert.match(c.err[0], expected, flags.join(" "));
  }
});
