/**
 * The remote-browser route: a Playwright browser server (`chromium.launchServer`) on loopback,
 * and a web target whose `wsEndpoint` makes the factory connect to it instead of launching.
 */
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findBrowser } from "../../src/drivers/web/browsers.ts";
import { createWebFactory } from "../../src/drivers/web/environment.ts";
import { DeviceError } from "../../src/drivers/driver.ts";
import type { WebDriver } from "../../src/drivers/web/web_driver.ts";
import { html, read, startRequest, webEffective, withServer } from "../drivers/web/fixture.ts";

Deno.test("a web target with wsEndpoint drives a remote Playwright browser server", async () => {
  const server = await chromium.launchServer({
    executablePath: findBrowser("chromium").executablePath,
    args: [...CHROMIUM_ARGS],
    host: "127.0.0.1",
  });
  try {
    await withServer({
      "/": () => html(`<button data-testid="go" onclick="this.textContent='done'">Go</button>`),
    }, async (base) => {
      // A probe that finds no browser at all: connecting must not need a local executable.
      const factory = await createWebFactory(
        webEffective({ baseUrl: `${base}/`, wsEndpoint: server.wsEndpoint() }),
        {
          probe: {
            platform: "linux",
            env: () => undefined,
            home: undefined,
            exists: () => false,
            list: () => [],
          },
        },
      );
      try {
        const env = await factory.create("remote-0", "playwright");
        const driver = await env.start(startRequest());
        await driver.tap({ id: "go" });
        assert.equal(await driver.waitFor({ id: "go", label: "done" }), true);
        const png = await driver.screenshotBytes!();
        assert.equal(png[1], 0x50, "a PNG over the remote connection");
        assert.equal(await read((driver as WebDriver).page, "location.href"), `${base}/`);
      } finally {
        await factory.close();
      }
    });
  } finally {
    await server.close();
  }
});

Deno.test("an unreachable wsEndpoint is a device error naming the endpoint", async () => {
  await assert.rejects(
    createWebFactory(
      webEffective({ baseUrl: "http://127.0.0.1:9/", wsEndpoint: "ws://127.0.0.1:9/x" }),
    ),
    (e) => e instanceof DeviceError && e.message.includes("ws://127.0.0.1:9/x"),
  );
});
