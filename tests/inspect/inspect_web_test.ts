/**
 * `bajutsu inspect` on a web target, end to end: the target's launchServer serves the app on
 * loopback, `--url` opens a page on its origin, the tree comes back as JSON, and everything
 * (browser, server) is gone afterwards.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";

const SERVER = `const pages: Record<string, string> = {
  "/": "<title>Home</title><h1>Home</h1>",
  "/settings": "<title>Settings</title><h1>Settings</h1><button title='Close'><svg width='9' height='9'></svg></button>",
};
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.args[0]), onListen: () => {} }, (req) => {
  const page = pages[new URL(req.url).pathname];
  return new Response(page ?? "no", {
    status: page ? 200 : 404,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
});`;

Deno.test("inspect a web target: launchServer up, --url opened, JSON tree, all stopped", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-inspect-web-" });
  try {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (l.addr as Deno.NetAddr).port;
    l.close();
    await Deno.writeTextFile(join(dir, "server.ts"), SERVER);
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      `targets:
  site:
    baseUrl: http://127.0.0.1:${port}/
    launchServer:
      cmd: '"${Deno.execPath()}" run --allow-net server.ts ${port}'
      readyUrl: http://127.0.0.1:${port}/
`,
    );
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) };
    const code = await runCli(["inspect", "--config", config, "--url", "/settings", "--json"], io);
    assert.equal(code, 0, err.join("\n"));
    const doc = JSON.parse(out[0]);
    assert.equal(doc.backend, "playwright");
    const labels = doc.elements.map((e: { label: string | null }) => e.label);
    assert.deepEqual(labels, ["Settings", "Settings", "Close"]);
    assert.equal(doc.elements[0].value, `http://127.0.0.1:${port}/settings`);
    assert.deepEqual(doc.elements[2].selector, { label: "Close" });
    const up = await fetch(`http://127.0.0.1:${port}/`).then((r) => {
      r.body?.cancel();
      return true;
    }, () => false);
    assert.equal(up, false, "the app server is stopped after inspect");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
