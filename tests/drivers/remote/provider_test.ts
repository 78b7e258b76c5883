/**
 * The provider of a remote target: secrets resolved at run time, the endpoint checked without
 * echoing it, every credential handed to the masker; the session's page link; the dialect.
 */
import assert from "node:assert/strict";
import type { Effective } from "../../../src/config/effective.ts";
import { BackendUnavailable } from "../../../src/drivers/backend.ts";
import { resolveProvider } from "../../../src/drivers/remote/provider.ts";
import { sessionLink } from "../../../src/drivers/remote/session_link.ts";
import { dialectOf, routeOf, unitOf } from "../../../src/drivers/remote/dialect.ts";
import { SecretMasker } from "../../../src/evidence/secret_masker.ts";

function eff(provider: Effective["deviceProvider"], secrets: string[] = []): Effective {
  return {
    target: "cloud",
    platform: "ios",
    app: { platform: "ios", bundleId: "com.example.shop" },
    deviceProvider: provider,
    secrets,
  } as Partial<Effective> as Effective;
}

const ENV: Record<string, string> = {
  SAUCE_USER: "oauth-ada-7",
  SAUCE_KEY: "9f8e/7d+6c=5b",
  GRID_URL: "https://ops:hunter22@grid.internal:4444/wd/hub",
};
const env = (k: string) => ENV[k];

Deno.test("secrets in the endpoint and capabilities are resolved at run time; every credential goes to the masker", () => {
  const p = resolveProvider(
    eff({
      kind: "appium",
      endpoint:
        "https://${secrets.SAUCE_USER}:${secrets.SAUCE_KEY}@ondemand.eu-central-1.saucelabs.com:443/wd/hub",
      capabilities: {
        platformName: "iOS",
        "sauce:options": {
          username: "${secrets.SAUCE_USER}",
          accessKey: "${secrets.SAUCE_KEY}",
          build: "nightly ${secrets.SAUCE_USER}",
          name: "checkout",
        },
      },
    }, ["SAUCE_USER", "SAUCE_KEY"]),
    env,
  );
  assert.equal(
    p.display,
    "https://ondemand.eu-central-1.saucelabs.com/wd/hub",
    "the default port dropped",
  );
  assert.deepEqual(p.capabilities, {
    platformName: "iOS",
    "sauce:options": {
      username: "oauth-ada-7",
      accessKey: "9f8e/7d+6c=5b",
      build: "nightly oauth-ada-7",
      name: "checkout",
    },
  });
  assert.equal(p.endpoint.authorization, `Basic ${btoa("oauth-ada-7:9f8e/7d+6c=5b")}`);
  const masker = new SecretMasker(p.secrets);
  const text = `POST ${p.endpointUrl} with ${JSON.stringify(p.capabilities)} ` +
    `authorization: ${p.endpoint.authorization}`;
  const masked = masker.mask(text);
  for (const secret of ["oauth-ada-7", "9f8e/7d+6c=5b", "9f8e%2F7d%2B6c%3D5b"]) {
    assert.ok(!masked.includes(secret), `${secret} in ${masked}`);
  }
  assert.ok(masked.includes("checkout"), "a name is not a credential");
});

Deno.test("a whole endpoint kept as one secret; its userinfo is a credential of its own", () => {
  const p = resolveProvider(
    eff({ kind: "appium", endpoint: "${secrets.GRID_URL}" }, ["GRID_URL"]),
    env,
  );
  assert.equal(p.display, "https://grid.internal:4444/wd/hub");
  assert.ok(p.secrets.includes("ops") && p.secrets.includes("hunter22"));
  assert.ok(p.secrets.includes(ENV.GRID_URL));
});

Deno.test("an unset secret or a bad endpoint is a clear refusal that never repeats the value", () => {
  const unset = (() => {
    try {
      resolveProvider(
        eff({
          kind: "appium",
          endpoint: "https://${secrets.SAUCE_USER}@h/wd/hub",
          capabilities: { k: "${secrets.NOPE}" },
        }, ["SAUCE_USER"]),
        () => undefined,
      );
    } catch (e) {
      return e;
    }
  })();
  assert.ok(unset instanceof BackendUnavailable);
  assert.equal(
    unset.message,
    "targets.cloud.deviceProvider.endpoint uses ${secrets.SAUCE_USER}, which is not set: " +
      "export the environment variable (declared under secrets)",
  );
  const bad = (() => {
    try {
      resolveProvider(
        eff({ kind: "appium", endpoint: "${secrets.SAUCE_KEY}" }, ["SAUCE_KEY"]),
        env,
      );
    } catch (e) {
      return e;
    }
  })();
  assert.ok(bad instanceof BackendUnavailable);
  assert.equal(
    bad.message,
    "targets.cloud.deviceProvider.endpoint: webdriver endpoint is not a URL (expected http(s)://host[:port]/path)",
  );
  assert.ok(!bad.message.includes(ENV.SAUCE_KEY));
  assert.throws(
    () => resolveProvider(eff({ kind: "local" }), env),
    (e) =>
      e instanceof BackendUnavailable &&
      /needs targets\.cloud\.deviceProvider \{kind: appium/.test(e.message),
  );
});

Deno.test("session links: a URL the reply names, else Sauce Labs' and BrowserStack's own pages; never one with a credential", () => {
  assert.equal(
    sessionLink("https://ondemand.us-west-1.saucelabs.com:443/wd/hub", "ab12", {}),
    "https://app.saucelabs.com/tests/ab12",
  );
  assert.equal(
    sessionLink("https://ondemand.eu-central-1.saucelabs.com/wd/hub", "ab12", {}),
    "https://app.eu-central-1.saucelabs.com/tests/ab12",
  );
  assert.equal(
    sessionLink("https://hub-cloud.browserstack.com/wd/hub", "f00d", {}),
    "https://app-automate.browserstack.com/dashboard/v2/sessions/f00d",
  );
  assert.equal(sessionLink("http://127.0.0.1:4723", "x", {}), null);
  assert.equal(
    sessionLink("http://127.0.0.1:4723", "x", { "appium:sessionUrl": "https://grid/s/x" }),
    "https://grid/s/x",
  );
  assert.equal(
    sessionLink("http://127.0.0.1:4723", "x", { video_url: "https://v/x?token=abc" }),
    null,
    "a URL carrying a token is not written anywhere",
  );
  assert.equal(
    sessionLink("http://127.0.0.1:4723", "x", { sessionUrl: "javascript:alert(1)" }),
    null,
  );
});

Deno.test("dialects from the returned capabilities, with or without the appium: prefix", () => {
  assert.equal(
    dialectOf({ platformName: "Android", automationName: "UiAutomator2" }),
    "uiautomator2",
  );
  assert.equal(dialectOf({ "appium:automationName": "Espresso" }), "uiautomator2");
  assert.equal(dialectOf({ platformName: "iOS" }), "xcuitest");
  assert.equal(dialectOf({ automationName: "XCUITest" }), "xcuitest");
  assert.equal(dialectOf({ platformName: "Fake", automationName: "Fake" }), "generic");
  assert.equal(dialectOf({}), "generic");
  assert.equal(routeOf({ automationName: "Fake" }, "generic"), "fake");
  assert.equal(routeOf({}, "xcuitest"), "xcuitest");
  assert.equal(unitOf("uiautomator2"), "pixel");
  assert.equal(unitOf("xcuitest"), "point");
});
