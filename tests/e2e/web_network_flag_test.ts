/**
 * `run --network` / `--no-network` through the CLI on real headless Chromium: a loopback page
 * fetches `/data` when it loads. With the collector on (the default) the run writes the
 * exchange to `network.json`; `--no-network` leaves the page's traffic alone and writes none,
 * whatever the config says (docs/cli.md#bajutsu-run). An exchange's `startedAt` is an absolute
 * instant of the run.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";

const PAGE = `<!doctype html><meta charset="utf-8"><title>data</title>
<p data-testid="status">loading</p>
<script>
  fetch("/data").then((r) => r.json()).then((d) => {
    document.querySelector("[data-testid=status]").textContent = "got " + d.n;
  });
</script>
`;

function serve(): { url: string; close: () => Promise<void> } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/data") return Response.json({ n: 7 });
    if (path === "/") {
      return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    return new Response("not found", { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** Runs the suite with `flags`; returns the exit code and the network.json files written. */
async function runWith(dir: string, flags: string[]): Promise<{ code: number; files: string[] }> {
  const runsDir = join(dir, `runs${flags.join("")}`);
  const lines: string[] = [];
  const code = await runCli([
    "run",
    "--config",
    join(dir, "bajutsu.config.yaml"),
    "--runs-dir",
    runsDir,
    "--no-progress",
    ...flags,
  ], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
  assert.equal(code, 0, lines.join("\n"));
  const files: string[] = [];
  for await (const run of Deno.readDir(runsDir)) {
    if (!run.isDirectory) continue;
    for await (const sc of Deno.readDir(join(runsDir, run.name))) {
      const path = join(runsDir, run.name, sc.name, "network.json");
      if (await Deno.stat(path).then(() => true, () => false)) files.push(path);
    }
  }
  return { code, files };
}

Deno.test("run --no-network collects no traffic; the default and --network do", async () => {
  const server = serve();
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-network-flag-" });
  try {
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(
      join(dir, "scenarios/data.yaml"),
      `- name: the page loads its data
  steps:
    - wait: { for: { label: "got 7" }, timeout: 10 }
`,
    );
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      `targets:
  web:
    platform: web
    baseUrl: ${server.url}
    browser: chromium
    scenarios: scenarios
    network: false
`,
    );
    // The config turns the collector off; the flag turns it back on for this run.
    const on = await runWith(dir, ["--network"]);
    assert.equal(on.files.length, 1);
    const exchanges = JSON.parse(await Deno.readTextFile(on.files[0]));
    const data = exchanges.find((e: { path: string }) => e.path === "/data");
    assert.ok(data, on.files[0]);
    // An absolute instant (epoch seconds) of this run, made once from the monotonic clock.
    assert.ok(Math.abs(data.startedAt - Date.now() / 1000) < 60, String(data.startedAt));

    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      (await Deno.readTextFile(join(dir, "bajutsu.config.yaml"))).replace("network: false", ""),
    );
    const byDefault = await runWith(dir, []);
    assert.equal(byDefault.files.length, 1);
    const off = await runWith(dir, ["--no-network"]);
    assert.deepEqual(off.files, []);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
