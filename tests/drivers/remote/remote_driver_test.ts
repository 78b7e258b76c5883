/**
 * The remote driver on the wire: which calls each method sends, the platform source dialects,
 * typing without `element/active`, and how failures are placed in the taxonomy.
 */
import assert from "node:assert/strict";
import {
  BackendCrashError,
  ElementNotFound,
  isStepLevelError,
  UnsupportedAction,
} from "../../../src/drivers/driver.ts";
import { RunnerCrashError, SessionLost } from "../../../src/drivers/webdriver/mod.ts";
import { tapActions } from "../../../src/drivers/webdriver/pointer_actions.ts";
import { EraseRefused } from "../../../src/drivers/remote/environment.ts";
import { FakeW3CServer, ok, w3cError } from "../../support/fake_w3c/mod.ts";
import { FakeAppium } from "../../support/fake_appium/server.ts";
import { CONTRACT_SCREEN } from "../contract.ts";
import { contractApk, PACKAGE, remoteEffective, remoteRun, startRemote } from "./fixture.ts";

async function withAppium(
  fn: (appium: FakeAppium) => Promise<void>,
  crashOnTap?: string,
): Promise<void> {
  const appium = new FakeAppium({ apk: contractApk(CONTRACT_SCREEN, crashOnTap) });
  try {
    await fn(appium);
  } finally {
    await appium.close();
  }
}

Deno.test("wire calls: a tap on the tree just read is one POST actions at the centre; query one GET source", async () => {
  await withAppium(async (appium) => {
    const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
    try {
      const before = appium.server.requests.length;
      await driver.query();
      await driver.tap({ id: "inc" });
      const calls = appium.server.requests.slice(before).map((r) => `${r.method} ${r.pathname}`);
      assert.deepEqual(calls.map((c) => c.replace(/session\/[^/]+/, "session/S")), [
        "GET /session/S/source",
        "POST /session/S/actions",
      ]);
      const sent = appium.server.requests.at(-1)!.body;
      assert.deepEqual(sent, tapActions([80, 42]));
      // The tree just read is the recent one until a command goes out.
      assert.equal(driver.recentTree(), null, "the tap went out after the read");
      const tree = await driver.query();
      assert.equal(driver.recentTree(), tree);
      await driver.screenshotBytes();
      assert.equal(driver.recentTree(), tree, "a screenshot changes nothing on screen");
      // A second tap: the tree is stale (a command went out), so one read first.
      await driver.tap({ id: "inc" });
      await driver.tap({ id: "inc" });
      assert.equal(appium.server.count("GET", "/session/:sid/source"), 3);
      assert.equal(driver.dialect, "uiautomator2");
      assert.equal(env.route(), "uiautomator2");
    } finally {
      await env.teardown();
    }
  });
});

Deno.test("the session: derived capabilities with the config's laid over, one DELETE when the lease ends", async () => {
  await withAppium(async (appium) => {
    const eff = remoteEffective(appium.url, {
      launchEnv: { API: "http://127.0.0.1:8080" },
      deviceProvider: {
        kind: "appium",
        endpoint: appium.url,
        capabilities: {
          "appium:newCommandTimeout": 90,
          "bstack:options": { deviceName: "Google Pixel 8", osVersion: "14.0" },
        },
      },
    });
    const { env } = await startRemote(remoteRun(eff));
    const sent = appium.server.requests.find((r) => r.pathname === "/session")!.body as {
      capabilities: { alwaysMatch: Record<string, unknown>; firstMatch: unknown[] };
    };
    assert.deepEqual(sent.capabilities, {
      alwaysMatch: {
        platformName: "Android",
        "appium:automationName": "UiAutomator2",
        "appium:appPackage": PACKAGE,
        "appium:optionalIntentArguments": "--es API http://127.0.0.1:8080",
        "appium:newCommandTimeout": 90,
        "bstack:options": { deviceName: "Google Pixel 8", osVersion: "14.0" },
      },
      firstMatch: [{}],
    });
    assert.equal(env.deviceName, "emulator-5554");
    assert.equal(env.deviceRuntime, "Android 14");
    const info = env.remoteSession()!;
    assert.equal(info.endpoint, appium.url);
    assert.equal(info.sessionUrl, null);
    assert.ok(appium.devices.has(info.sessionId));
    await env.endLease();
    assert.equal(appium.server.count("DELETE", "/session/:sid"), 1);
    assert.equal(appium.server.sessions.size, 0);
    assert.equal(env.remoteSession(), null);
  });
});

Deno.test("erase is refused on a remote endpoint before any session is opened", async () => {
  await withAppium(async (appium) => {
    const err = await startRemote(remoteRun(remoteEffective(appium.url)), { erase: true })
      .catch((e) => e);
    assert.ok(err instanceof EraseRefused);
    assert.equal(err.code, "E_ERASE_REFUSED");
    assert.match(err.message, /^erase: true cannot run on a remote endpoint \(http:\/\/127/);
    assert.equal(appium.server.count("POST", "/session"), 0);
  });
});

Deno.test("typing without GET element/active: the field last tapped, found by its id", async () => {
  await withAppium(async (appium) => {
    appium.server.addFaults([{
      at: 1,
      times: "always",
      match: { method: "GET", path: "/session/:sid/element/active" },
      kind: "error",
      error: {
        error: "unknown method",
        message: "Method has not yet been implemented",
        status: 405,
      },
    }]);
    const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
    try {
      await driver.tap({ id: "name" });
      await driver.typeText("Ada");
      await driver.typeText(" L");
      const name = (await driver.query()).find((e) => e.identifier === "name")!;
      assert.equal(name.value, "Ada L");
      assert.equal(appium.server.count("GET", "/session/:sid/element/active"), 1, "asked once");
      assert.equal(appium.server.count("POST", "/session/:sid/element"), 2);
      await driver.tapPoint([5, 5]);
      const err = await driver.typeText("x").catch((e) => e);
      assert.ok(err instanceof ElementNotFound && isStepLevelError(err));
      assert.equal(err.message, "typeText: no field has focus (tap one first)");
    } finally {
      await env.teardown();
    }
  });
});

Deno.test("failures: invalid session id and a 5xx are lost sessions, a dead server a runner crash, an unknown command UnsupportedAction", async () => {
  await withAppium(async (appium) => {
    const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
    try {
      appium.server.addFaults([{
        at: 1,
        match: { method: "GET", path: "/session/:sid/source" },
        kind: "raw",
        raw: { status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html" },
      }]);
      const gateway = await driver.query().catch((e) => e);
      assert.ok(gateway instanceof SessionLost && gateway instanceof BackendCrashError);
      assert.match(
        gateway.message,
        /^remote session lost: webdriver: GET \/session\/.+\/source → 502/,
      );
      const unknown = await driver.execute("fancyThing", {}).catch((e) => e);
      assert.ok(unknown instanceof UnsupportedAction, String(unknown));
      appium.server.sessions.clear();
      const lost = await driver.query().catch((e) => e);
      assert.ok(lost instanceof SessionLost, String(lost));
      assert.equal(isStepLevelError(lost), false);
      await appium.close();
      const dead = await driver.tap({ id: "inc" }).catch((e) => e);
      assert.ok(dead instanceof RunnerCrashError, String(dead));
    } finally {
      await env.teardown();
    }
  });
});

Deno.test("an app that died under the session: its package gone from the screen and not running is a crash", async () => {
  await withAppium(async (appium) => {
    const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
    try {
      await driver.execute("terminateApp", { appId: PACKAGE });
      const err = await driver.query().catch((e) => e);
      assert.ok(err instanceof BackendCrashError, String(err));
      assert.match(
        err.message,
        /^the app under test \(com\.example\.contract\) is not running any more on the remote device/,
      );
      assert.equal(isStepLevelError(err), false);
    } finally {
      await env.teardown();
    }
  });
});

Deno.test("relaunch on a server without app management is UnsupportedAction; a deep link goes through mobile: deepLink", async () => {
  const server = new FakeW3CServer({
    flavor: "appium",
    createSession: () => ({ accept: { platformName: "Fake", automationName: "Fake" } }),
    routes: {
      "GET /session/:sid/source": () =>
        ok(
          `<AppiumAUT><app width="400" height="700"><MockButton id="ok" label="OK" left="0" top="0" width="10" height="10"/></app></AppiumAUT>`,
        ),
      "POST /session/:sid/execute/sync": (r) =>
        (r.body as { script: string }).script === "mobile: deepLink"
          ? ok(null)
          : w3cError("unsupported operation", "Unsupported execute method"),
    },
  });
  try {
    const run = remoteRun(remoteEffective(server.url));
    const { env, driver } = await startRemote(run, {
      preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {}, deeplink: "shop://cart" },
    });
    try {
      const deep = server.requests.find((r) => r.pathname.endsWith("/execute/sync"))!;
      assert.deepEqual(deep.body, {
        script: "mobile: deepLink",
        args: [{ url: "shop://cart", package: PACKAGE }],
      });
      assert.equal(driver.dialect, "generic");
      assert.equal(env.route(), "fake");
      assert.deepEqual((await driver.query()).map((e) => e.identifier), [null, "ok"]);
      const err = await env.relaunch({}).catch((e) => e);
      assert.ok(err instanceof UnsupportedAction, String(err));
      assert.ok(isStepLevelError(err));
      assert.deepEqual(await driver.systemAlertLabels(), []);
      await assert.rejects(driver.handleSystemAlert({ label: "OK" }, 0), UnsupportedAction);
      await assert.rejects(driver.selectAll(), UnsupportedAction);
    } finally {
      await env.teardown();
    }
  } finally {
    await server.close();
  }
});

Deno.test("XCUITest sessions: the JSON tree through mobile: source; the XML source where that is unknown", async () => {
  let jsonKnown = true;
  const tree = {
    type: "Application",
    name: "Shop",
    label: "Shop",
    rect: { x: 0, y: 0, width: 393, height: 852 },
    children: [{
      type: "Button",
      rawIdentifier: "buy",
      label: "Buy",
      rect: { x: 20, y: 600, width: 120, height: 44 },
    }],
  };
  const xml =
    `<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" x="0" y="0" width="393" height="852">` +
    `<XCUIElementTypeButton type="XCUIElementTypeButton" name="buy" label="Buy" x="20" y="600" width="120" height="44"/>` +
    `</XCUIElementTypeApplication></AppiumAUT>`;
  const server = new FakeW3CServer({
    flavor: "appium",
    createSession: () => ({
      accept: { platformName: "iOS", automationName: "XCUITest", platformVersion: "17.4" },
    }),
    routes: {
      "POST /session/:sid/execute/sync": (r) => {
        const body = r.body as { script: string; args: Record<string, unknown>[] };
        if (body.script === "mobile: source" && jsonKnown) return ok(JSON.stringify(tree));
        if (body.script === "mobile: alert") {
          return w3cError("no such alert", "An attempt was made to operate on a modal dialog");
        }
        return w3cError("unsupported operation", `Unsupported execute method '${body.script}'`);
      },
      "GET /session/:sid/source": () => ok(xml),
    },
  });
  try {
    const eff = remoteEffective(server.url, {
      platform: "ios",
      app: { platform: "ios", bundleId: "com.example.shop" },
      launchArgs: ["-UITests"],
    });
    const { env, driver } = await startRemote(remoteRun(eff));
    try {
      const sent = server.requests.find((r) => r.pathname === "/session")!.body as {
        capabilities: { alwaysMatch: Record<string, unknown> };
      };
      assert.deepEqual(sent.capabilities.alwaysMatch["appium:processArguments"], {
        args: ["-UITests", "-AppleLocale", "en_US", "-AppleLanguages", "(en-US)"],
        env: {},
      });
      assert.equal(sent.capabilities.alwaysMatch["appium:bundleId"], "com.example.shop");
      const viaJson = await driver.query();
      const mobile = server.requests.find((r) => r.pathname.endsWith("/execute/sync"))!;
      assert.deepEqual((mobile.body as { args: unknown[] }).args[0], {
        format: "json",
        excludedAttributes:
          "visible,accessible,focused,nativeFrame,nativeAccessibilityElement,placeholderValue,minValue,maxValue",
      });
      jsonKnown = false;
      const viaXml = await driver.query();
      assert.deepEqual(viaXml, viaJson);
      const calls = server.count("POST", "/session/:sid/execute/sync");
      await driver.query();
      assert.equal(server.count("POST", "/session/:sid/execute/sync"), calls, "XML from now on");
      assert.equal(driver.dialect, "xcuitest");
      assert.equal(env.deviceRuntime, "iOS 17.4");
      assert.deepEqual(await driver.systemAlertLabels(), [], "no alert up");
      assert.ok(driver.capabilities().has("handleSystemAlert"));
    } finally {
      await env.teardown();
    }
  } finally {
    await server.close();
  }
});

Deno.test("a cloud's session page: from the reply's capabilities, else the cloud's documented page", async () => {
  const server = new FakeW3CServer({
    flavor: "appium",
    createSession: () => ({
      accept: {
        platformName: "Android",
        automationName: "UiAutomator2",
        "lt:options": { sessionUrl: "https://automation.lambdatest.example/test?id=42" },
      },
    }),
    routes: { "GET /session/:sid/source": () => ok("<hierarchy/>") },
  });
  try {
    const { env } = await startRemote(remoteRun(remoteEffective(server.url)));
    try {
      assert.equal(
        env.remoteSession()!.sessionUrl,
        "https://automation.lambdatest.example/test?id=42",
      );
    } finally {
      await env.teardown();
    }
  } finally {
    await server.close();
  }
});
