/**
 * The capabilities a remote session asks for follow the driver it asks for: the target's usual
 * driver by default, another one when the config names it (`platformName`,
 * `appium:automationName`, top level or in `appium:options`), and the app's capabilities only
 * where that driver reads them (docs/backends.md#session-capabilities).
 */
import assert from "node:assert/strict";
import type { Effective } from "../../../src/config/effective.ts";
import {
  derivedCapabilities,
  sessionCapabilities,
} from "../../../src/drivers/remote/session_capabilities.ts";
import { PACKAGE, remoteEffective } from "./fixture.ts";

const LAUNCH = {
  preconditions: { launchArgs: ["-flag"], launchEnv: { API: "http://127.0.0.1:8080" } },
  extraEnv: {},
};

const ANDROID = remoteEffective("http://127.0.0.1:4723", {
  app: { platform: "android", package: PACKAGE, activity: ".Main", grantPermissions: [] },
} as Partial<Effective>);

const IOS = remoteEffective("http://127.0.0.1:4723", {
  platform: "ios",
  app: { platform: "ios", bundleId: "com.example.shop" },
} as Partial<Effective>);

/** What `POST /session` asks for with `configured` as the config's capabilities. */
function sent(eff: Effective, configured: Record<string, unknown>): Record<string, unknown> {
  return sessionCapabilities(derivedCapabilities(eff, LAUNCH, configured), configured);
}

Deno.test("by default: UiAutomator2 with the package, activity and launch env; XCUITest with the bundle id and process arguments", () => {
  assert.deepEqual(sent(ANDROID, {}), {
    platformName: "Android",
    "appium:automationName": "UiAutomator2",
    "appium:appPackage": PACKAGE,
    "appium:appActivity": ".Main",
    "appium:optionalIntentArguments": "--es API http://127.0.0.1:8080",
    "appium:newCommandTimeout": 300,
  });
  const ios = sent(IOS, {});
  assert.equal(ios.platformName, "iOS");
  assert.equal(ios["appium:automationName"], "XCUITest");
  assert.equal(ios["appium:bundleId"], "com.example.shop");
  assert.deepEqual((ios["appium:processArguments"] as { env: unknown }).env, {
    API: "http://127.0.0.1:8080",
  });
});

Deno.test("Espresso: the package and activity, no UiAutomator2 intent arguments, no second automationName", () => {
  assert.deepEqual(sent(ANDROID, { "appium:automationName": "Espresso" }), {
    platformName: "Android",
    "appium:automationName": "Espresso",
    "appium:appPackage": PACKAGE,
    "appium:appActivity": ".Main",
    "appium:newCommandTimeout": 300,
  });
  // Named in appium:options: the top level names no driver of its own.
  assert.deepEqual(sent(ANDROID, { "appium:options": { automationName: "espresso" } }), {
    platformName: "Android",
    "appium:appPackage": PACKAGE,
    "appium:appActivity": ".Main",
    "appium:newCommandTimeout": 300,
    "appium:options": { automationName: "espresso" },
  });
});

Deno.test("another driver on the target's platform: no appPackage or bundleId; the config names the app its way", () => {
  assert.deepEqual(
    sent(ANDROID, { "appium:automationName": "Flutter", "appium:app": "/apps/shop.apk" }),
    {
      platformName: "Android",
      "appium:automationName": "Flutter",
      "appium:app": "/apps/shop.apk",
      "appium:newCommandTimeout": 300,
    },
  );
  assert.deepEqual(sent(IOS, { "appium:automationName": "Mac2", "appium:bundleId": "x.y" }), {
    platformName: "iOS",
    "appium:automationName": "Mac2",
    "appium:bundleId": "x.y",
    "appium:newCommandTimeout": 300,
  });
});

Deno.test("another platform (Appium's fake driver, Windows …): only what the config writes, and the idle timeout", () => {
  assert.deepEqual(
    sent(ANDROID, {
      platformName: "Fake",
      "appium:automationName": "Fake",
      "appium:app": "/apps/fake.xml",
    }),
    {
      platformName: "Fake",
      "appium:automationName": "Fake",
      "appium:app": "/apps/fake.xml",
      "appium:newCommandTimeout": 300,
    },
  );
  // A platform alone: our usual driver for the target's platform would be wrong there too.
  assert.deepEqual(sent(ANDROID, { platformName: "Windows" }), {
    platformName: "Windows",
    "appium:newCommandTimeout": 300,
  });
});
