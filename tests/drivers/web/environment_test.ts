/**
 * The web environment: one browser per factory, a fresh context per lease (the web's erase),
 * `start` loads baseUrl, `relaunch` reloads it in the same context, refusals (permissions, no
 * baseUrl, unknown deviceMode), device emulation and scenario mocks.
 */
import assert from "node:assert/strict";
import { DeviceError, UnsupportedAction } from "../../../src/drivers/driver.ts";
import { contextOptions, UnknownDeviceMode } from "../../../src/drivers/web/context_options.ts";
import { createWebFactory } from "../../../src/drivers/web/environment.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import {
  html,
  read,
  startRequest,
  webEffective,
  webScenario,
  withChromium,
  withServer,
} from "./fixture.ts";

const APP = `<!doctype html><body>
<h1 data-testid="app.title">App</h1>
<p data-testid="app.visits"></p>
<p data-testid="app.api"></p>
<script>
  const visits = Number(localStorage.getItem("visits") || 0) + 1;
  localStorage.setItem("visits", String(visits));
  document.querySelector("[data-testid='app.visits']").textContent = "visits " + visits;
  fetch("/api/hello").then((r) => r.text()).then((t) => {
    document.querySelector("[data-testid='app.api']").textContent = t;
  });
</script></body>`;

Deno.test("context options: reduced motion always; device descriptors; viewport wins", () => {
  assert.deepEqual(contextOptions({ deviceMode: "desktop" }, "chromium"), {
    reducedMotion: "reduce",
  });
  const phone = contextOptions({ deviceMode: "iPhone 13" }, "chromium");
  assert.equal(phone.hasTouch, true);
  assert.equal(phone.isMobile, true);
  assert.deepEqual(phone.viewport, { width: 390, height: 664 });
  assert.equal(contextOptions({ deviceMode: "iphone 13" }, "chromium").hasTouch, true);
  assert.equal(contextOptions({ deviceMode: "iPhone 13" }, "firefox").isMobile, undefined);
  const sized = contextOptions(
    { deviceMode: "desktop", viewport: { width: 500, height: 400 } },
    "chromium",
    "/tmp/v",
  );
  assert.deepEqual(sized, {
    viewport: { width: 500, height: 400 },
    reducedMotion: "reduce",
    recordVideo: { dir: "/tmp/v" },
  });
  assert.throws(() => contextOptions({ deviceMode: "Nokia 3310" }, "chromium"), UnknownDeviceMode);
});

Deno.test("web environment lifecycle", async (t) => {
  await withServer({
    "/": () => html(APP),
    "/editor": () => html(`<h1 data-testid="editor.title">Editor</h1>`),
    "/api/hello": () => new Response("from server"),
  }, async (base) => {
    const factory = await createWebFactory(webEffective({ baseUrl: `${base}/` }), {});
    try {
      await t.step("start opens baseUrl and returns a playwright driver", async () => {
        const env = await factory.create("chromium-0", "playwright");
        assert.deepEqual(
          [env.actuator, env.device, env.reusable, env.rejectsErase, env.canReplaceDevice],
          ["playwright", "chromium-0", false, false, false],
        );
        assert.equal(env.deviceName, "chromium");
        assert.match(env.deviceRuntime, /^\d+\./);
        assert.equal(await env.health(1), true);
        try {
          const driver = await env.start(startRequest());
          assert.equal(driver.name, "playwright");
          assert.equal(await driver.waitFor({ id: "app.title" }), true);
          assert.equal(env.videoAnchorS?.(), 0, "no video, no anchor");
        } finally {
          await env.teardown();
        }
      });

      await t.step("each lease gets a fresh context; relaunch keeps it and reloads", async () => {
        const env = await factory.create("chromium-0", "playwright");
        try {
          const first = await env.start(startRequest()) as WebDriver;
          assert.equal(await first.waitFor({ id: "app.visits", label: "visits 1" }), true);
          await env.relaunch!({});
          assert.equal(await first.waitFor({ id: "app.visits", label: "visits 2" }), true);
          await env.teardown();
          const second = await env.start(startRequest()) as WebDriver;
          assert.equal(await second.waitFor({ id: "app.visits", label: "visits 1" }), true);
          assert.equal(first.page.isClosed(), true);
        } finally {
          await env.teardown();
        }
      });

      await t.step("preconditions.url and deeplink open on the target's origin", async () => {
        const env = await factory.create("chromium-0", "playwright");
        try {
          const scenario = webScenario({
            preconditions: {
              reinstall: "overwrite",
              launchArgs: [],
              launchEnv: {},
              url: "editor?doc=3",
              deeplink: "#/settings",
            },
          });
          const driver = await env.start(startRequest(scenario)) as WebDriver;
          assert.equal(driver.page.url(), `${base}/editor?doc=3#/settings`);
          assert.equal(await driver.waitFor({ id: "editor.title" }), true);
          await driver.page.goto(`${base}/`);
          await env.relaunch!({});
          assert.equal(driver.page.url(), `${base}/editor?doc=3#/settings`);
        } finally {
          await env.teardown();
        }
        const off = await factory.create("chromium-0", "playwright");
        try {
          const away = webScenario({
            preconditions: {
              reinstall: "overwrite",
              launchArgs: [],
              launchEnv: {},
              deeplink: "https://elsewhere.example/",
            },
          });
          await assert.rejects(
            off.start(startRequest(away)),
            (e: Error) => e instanceof DeviceError && /not on the target's origin/.test(e.message),
          );
        } finally {
          await off.teardown();
        }
      });

      await t.step("scenario mocks answer the app's requests", async () => {
        const env = await factory.create("chromium-0", "playwright");
        try {
          const driver = await env.start(startRequest(webScenario({
            mocks: [{
              match: { path: "/api/hello" },
              respond: { status: 200, headers: {}, body: "mocked" },
            }],
          }))) as WebDriver;
          await driver.page.waitForFunction(() =>
            document.querySelector("[data-testid='app.api']")!.textContent !== ""
          );
          assert.equal(await driver.waitFor({ id: "app.api", label: "mocked" }), true);
          assert.deepEqual(
            driver.exchanges().filter((e) => e.path === "/api/hello").map((e) => e.mocked),
            [true],
          );
        } finally {
          await env.teardown();
        }
      });

      await t.step("scenario permissions are unsupported on the web", async () => {
        const env = await factory.create("chromium-0", "playwright");
        await assert.rejects(
          env.start(startRequest(webScenario({ permissions: { camera: "grant" } }))),
          (e) => e instanceof UnsupportedAction && /permissions \(camera\)/.test(e.message),
        );
      });

      await t.step("a lane for another actuator is refused", async () => {
        await assert.rejects(factory.create("chromium-0", "xcuitest"), DeviceError);
      });
    } finally {
      await factory.close();
    }
    assert.equal(factory.browser.isConnected(), false);
  });
});

Deno.test("web environment refusals and device emulation (a shared browser)", async (t) => {
  await withChromium(async (lab) => {
    await withServer(
      { "/": () => html(APP), "/api/hello": () => new Response("hi") },
      async (base) => {
        await t.step("no baseUrl is a device error", async () => {
          const factory = await createWebFactory(webEffective({ baseUrl: "" }), {
            browser: lab.browser,
          });
          try {
            const env = await factory.create("lane", "playwright");
            await assert.rejects(
              env.start(startRequest()),
              (e) => e instanceof DeviceError && /baseUrl/.test(e.message),
            );
          } finally {
            await factory.close();
          }
        });

        await t.step("an unknown deviceMode is a device error at start", async () => {
          const factory = await createWebFactory(
            webEffective({ baseUrl: base, deviceMode: "Nokia 3310" }),
            { browser: lab.browser },
          );
          try {
            const env = await factory.create("lane", "playwright");
            await assert.rejects(env.start(startRequest()), UnknownDeviceMode);
          } finally {
            await factory.close();
          }
        });

        await t.step(
          "a device preset emulates touch; the viewport setting overrides its size",
          async () => {
            const factory = await createWebFactory(
              webEffective({
                baseUrl: base,
                deviceMode: "Pixel 7",
                viewport: { width: 360, height: 700 },
              }),
              { browser: lab.browser },
            );
            try {
              const env = await factory.create("lane", "playwright");
              assert.equal(env.deviceName, "chromium (Pixel 7)");
              const driver = await env.start(startRequest()) as WebDriver;
              assert.deepEqual(await driver.viewport(), { width: 360, height: 700 });
              assert.equal(await read(driver.page, "navigator.maxTouchPoints > 0"), true);
              assert.equal(
                await read(driver.page, "matchMedia('(prefers-reduced-motion: reduce)').matches"),
                true,
              );
              await factory.close();
              assert.equal(driver.page.isClosed(), true, "close() closes the factory's contexts");
              assert.equal(lab.browser.isConnected(), true, "a caller's browser stays open");
            } finally {
              await factory.close();
            }
          },
        );
      },
    );
  });
});

Deno.test("a non-web target cannot build a web factory", async () => {
  const eff = { ...webEffective(), app: { platform: "fake", app: "/x" } } as unknown as ReturnType<
    typeof webEffective
  >;
  await assert.rejects(createWebFactory(eff), DeviceError);
});

Deno.test("web factory: abort ends its own browser and removes its profile, at once", async () => {
  // In a child process with a temp folder of its own: Playwright makes the profile there.
  const tmp = await Deno.makeTempDir({ prefix: "bajutsu-abort-tmp-" });
  try {
    await withServer({ "/": () => html(APP) }, async (base) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("./abort_child.ts", import.meta.url).pathname, `${base}/`],
        env: { TMPDIR: tmp },
        stdout: "piped",
        stderr: "inherit",
      }).output();
      assert.equal(out.code, 0);
      const [running, connected, after] = new TextDecoder().decode(out.stdout).trim().split("\n");
      // The profile (and Playwright's artifacts folder) exist while the browser runs.
      assert.match(running, /^playwright folders while running: [1-9]/);
      assert.equal(connected, "connected after abort: false");
      assert.equal(after, "playwright folders after abort: 0");
    });
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
