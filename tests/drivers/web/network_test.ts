/**
 * The web network collector and mocks against a loopback server: exchanges in request order with
 * status, headers and bodies; failed requests; mocks answer (first match wins) and are still
 * observed as `mocked`.
 */
import assert from "node:assert/strict";
import { bodyText, compileMocks, MAX_BODY_BYTES } from "../../../src/drivers/web/network.ts";
import type { Exchange } from "../../../src/drivers/driver.ts";
import { html, read, withChromium, withPage, withServer } from "./fixture.ts";

function exchange(fields: Partial<Exchange>): Exchange {
  return {
    method: "GET",
    url: "http://x.test/",
    path: "/",
    status: null,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: null,
    responseBody: null,
    startedAt: 0,
    durationMs: 0,
    mocked: false,
    ...fields,
  };
}

Deno.test("bodies are decoded as UTF-8 and cut at 1 MB", () => {
  assert.equal(bodyText(new TextEncoder().encode("héllo")), "héllo");
  const big = new Uint8Array(MAX_BODY_BYTES + 10).fill(0x61);
  assert.equal(bodyText(big).length, MAX_BODY_BYTES);
});

Deno.test("mocks match on request fields only: status and count are ignored", () => {
  const [mock] = compileMocks([{
    match: { method: "get", path: "/items", status: 500, count: 3 },
    respond: { status: 200, headers: {} },
  }]);
  assert.equal(mock.test(exchange({ path: "/items" })), true);
  assert.equal(mock.test(exchange({ path: "/other" })), false);
  assert.equal(mock.test(exchange({ path: "/items", method: "POST" })), false);
});

const APP = `<!doctype html><body>
<button data-testid="load" onclick="run()">Load</button>
<script>
async function run() {
  const items = await fetch("/api/items").then((r) => r.text());
  const login = await fetch("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-trace": "t1" },
    body: JSON.stringify({ user: "alice" }),
  }).then((r) => r.status);
  const failed = await fetch("http://127.0.0.1:9/nothing").then(() => "ok", () => "failed");
  window.result = { items, login, failed };
}
</script></body>`;

Deno.test("network collection on a real page", async (t) => {
  await withChromium(async (lab) => {
    await withServer({
      "/": () => html(APP),
      "/api/items": () => Response.json({ items: [1, 2] }, { headers: { "x-server": "s1" } }),
      "/api/login": () => new Response(null, { status: 204 }),
    }, async (base) => {
      await t.step("finished and failed requests become exchanges in request order", async () => {
        await withPage(lab, null, async ({ driver, page }) => {
          await driver.navigate(`${base}/`);
          await driver.tap({ id: "load" });
          await page.waitForFunction(() => "result" in window);
          assert.deepEqual(await read(page, "window.result"), {
            items: '{"items":[1,2]}',
            login: 204,
            failed: "failed",
          });
          await driver.query(); // a read settles the bodies of requests that finished before it
          const seen = driver.exchanges().filter((e) => e.path !== "/favicon.ico");
          assert.deepEqual(
            seen.map((e) => [e.method, e.path, e.status, e.mocked]),
            [
              ["GET", "/", 200, false],
              ["GET", "/api/items", 200, false],
              ["POST", "/api/login", 204, false],
              ["GET", "/nothing", null, false],
            ],
          );
          const [, items, login, failed] = seen;
          assert.equal(items.url, `${base}/api/items`);
          assert.equal(items.responseBody, '{"items":[1,2]}');
          assert.equal(items.responseHeaders["x-server"], "s1");
          assert.equal(login.requestBody, '{"user":"alice"}');
          assert.equal(login.requestHeaders["x-trace"], "t1");
          assert.equal(failed.responseBody, null);
          for (const e of seen) {
            assert.ok(e.durationMs >= 0);
            // Monotonic seconds (the runner adds the wall offset), never epoch seconds.
            assert.ok(Math.abs(e.startedAt - performance.now() / 1000) < 60, "monotonic seconds");
          }
          assert.ok(seen[1].startedAt <= seen[2].startedAt);
        }, { mocks: [] });
      });

      await t.step(
        "an exchange the page already used is visible to the very next read",
        async () => {
          await withPage(lab, null, async ({ driver, page }) => {
            await driver.navigate(`${base}/`);
            for (let i = 1; i <= 5; i++) {
              await page.evaluate(() =>
                fetch("/api/items", { method: "POST" }).then((r) => r.status)
              );
              await driver.query();
              const items = driver.exchanges().filter((e) => e.path === "/api/items");
              assert.equal(items.length, i, `round ${i}`);
              assert.deepEqual([items[i - 1].status, items[i - 1].responseBody], [202, "queued"]);
            }
          }, {
            mocks: [{
              match: { method: "POST" },
              respond: { status: 202, headers: {}, body: "queued" },
            }],
          });
        },
      );

      await t.step("a mock answers instead of the server and is observed as mocked", async () => {
        await withPage(lab, null, async ({ driver, page }) => {
          await driver.navigate(`${base}/`);
          await driver.tap({ id: "load" });
          await page.waitForFunction(() => "result" in window);
          const result = await read<{ items: string; login: number }>(page, "window.result");
          assert.equal(result.items, "mocked items");
          assert.equal(result.login, 201);
          await driver.query();
          const seen = driver.exchanges().filter((e) => e.path.startsWith("/api/"));
          assert.deepEqual(
            seen.map((e) => [e.path, e.status, e.responseBody, e.mocked]),
            [
              ["/api/items", 200, "mocked items", true],
              ["/api/login", 201, "first", true],
            ],
          );
          assert.equal(seen[0].responseHeaders["x-mock"], "yes");
        }, {
          mocks: [
            {
              match: { path: "/api/items" },
              respond: { status: 200, headers: { "x-mock": "yes" }, body: "mocked items" },
            },
            {
              match: { method: "POST", pathMatches: "^/api/" },
              respond: { status: 201, headers: {}, body: "first", delayMs: 5 },
            },
            {
              match: { path: "/api/login" },
              respond: { status: 500, headers: {}, body: "second" },
            },
          ],
        });
      });
    });
  });
});
