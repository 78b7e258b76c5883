/** `bajutsu serve` refuses bad flags and unsafe setups with exit 2 and a message, before listening. */
import assert from "node:assert/strict";
import { runCli } from "../../src/cli/program.ts";

async function serve(args: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const code = await runCli(["serve", ...args], { stdout: () => {}, stderr: (l) => err.push(l) });
  return { code, err: err.join("\n") };
}

Deno.test("serve: bad flags, a missing config and a non-loopback host without a token exit 2", async () => {
  const port = await serve(["--port", "http"]);
  assert.equal(port.code, 2);
  assert.match(port.err, /--port must be an integer from 0 to 65535, got http/);
  const cap = await serve(["--max-concurrent-runs", "-1"]);
  assert.equal(cap.code, 2);
  assert.match(cap.err, /--max-concurrent-runs must be an integer/);
  const url = await serve(["--base-url", "not a url"]);
  assert.equal(url.code, 2);
  assert.match(url.err, /--base-url is not a URL/);
  const config = await serve(["--config", "tests/fixtures/does-not-exist.yaml", "--port", "0"]);
  assert.equal(config.code, 2);
  assert.match(config.err, /serve: config: .*does-not-exist\.yaml:1:1: E_IO/);
  // A token from the environment would make the wildcard bind legitimate.
  const saved = Deno.env.get("BAJUTSU_SERVE_TOKEN");
  Deno.env.delete("BAJUTSU_SERVE_TOKEN");
  const host = await serve(["--host", "0.0.0.0", "--port", "0"]).finally(() => {
    if (saved !== undefined) Deno.env.set("BAJUTSU_SERVE_TOKEN", saved);
  });
  assert.equal(host.code, 2);
  assert.match(host.err, /refusing to listen on 0\.0\.0\.0 without a token/);
});
