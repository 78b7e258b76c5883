import assert from "node:assert/strict";
import { resolveTarget } from "../../src/config/resolve_target.ts";
import { MissingIdentifierError, UnknownTargetError } from "../../src/config/errors.ts";
import type { Config, Defaults, NotifyEndpoint, TargetConfig } from "../../src/config/types.ts";

const IOS: TargetConfig = { bundleId: "com.example.app" };

function config(
  target: TargetConfig,
  defaults: Defaults = {},
  notify: NotifyEndpoint[] = [],
): Config {
  return {
    file: "/cfg/bajutsu.config.yaml",
    dir: "/cfg",
    defaults,
    targets: { t: target },
    notify,
  };
}

const hook = (url: string): NotifyEndpoint => ({
  format: "slack",
  url,
  on: ["failure"],
  targets: [],
});

Deno.test("an unknown target is a typed error listing the known targets", () => {
  const c: Config = { ...config(IOS), targets: { web: { baseUrl: "http://x/" }, app: IOS } };
  let e: unknown;
  try {
    resolveTarget(c, "ios");
  } catch (err) {
    e = err;
  }
  assert.ok(e instanceof UnknownTargetError);
  assert.equal(e.code, "E_UNKNOWN_TARGET");
  assert.deepEqual(e.known, ["web", "app"]);
  assert.match(e.message, /unknown target "ios" \(known targets: web, app\)/);
});

Deno.test("a target with no identifier for its platform is a typed error", () => {
  assert.throws(
    () => resolveTarget(config({ platform: "web", bundleId: "com.x" }), "t"),
    (e: unknown) =>
      e instanceof MissingIdentifierError && e.key === "baseUrl" && e.platform === "web",
  );
  assert.throws(
    () => resolveTarget(config({ platform: "fake" }), "t"),
    (e: unknown) => e instanceof MissingIdentifierError && e.key === "app",
  );
  assert.throws(
    () => resolveTarget(config({ package: "", platform: "android" }), "t"),
    (e: unknown) => e instanceof MissingIdentifierError && e.key === "package",
  );
});

Deno.test("backend: target, else defaults, else the platform token; a copy each time", () => {
  assert.deepEqual(
    resolveTarget(config({ ...IOS, backend: ["xcuitest"] }, { backend: ["ios"] }), "t").backend,
    [
      "xcuitest",
    ],
  );
  assert.deepEqual(resolveTarget(config(IOS, { backend: ["ios", "xcuitest"] }), "t").backend, [
    "ios",
    "xcuitest",
  ]);
  assert.deepEqual(resolveTarget(config(IOS), "t").backend, ["ios"]);
  assert.deepEqual(resolveTarget(config({ baseUrl: "http://x/" }), "t").backend, ["web"]);
  const d: Defaults = { backend: ["ios"] };
  resolveTarget(config(IOS, d), "t").backend.push("mutated");
  assert.deepEqual(d.backend, ["ios"]);
});

Deno.test("device and locale: target over defaults over built-in", () => {
  const built = resolveTarget(config(IOS), "t");
  assert.equal(built.device, "iPhone 15");
  assert.equal(built.locale, "en_US");
  const d = resolveTarget(config(IOS, { device: "iPhone SE", locale: "ja_JP" }), "t");
  assert.equal(d.device, "iPhone SE");
  assert.equal(d.locale, "ja_JP");
  const t = resolveTarget(
    config({ ...IOS, device: "iPad", locale: "fr_FR" }, { device: "iPhone SE", locale: "ja_JP" }),
    "t",
  );
  assert.equal(t.device, "iPad");
  assert.equal(t.locale, "fr_FR");
});

Deno.test("capture comes from defaults only, with the built-in baseline", () => {
  assert.deepEqual(resolveTarget(config(IOS), "t").capture, [
    "screenshot.after",
    "elements",
    "actionLog",
  ]);
  assert.deepEqual(resolveTarget(config(IOS, { capture: ["video"] }), "t").capture, ["video"]);
  assert.deepEqual(resolveTarget(config(IOS, { capture: [] }), "t").capture, []);
});

Deno.test("redact: each list is the ordered union; flags from the target win", () => {
  const eff = resolveTarget(
    config(
      {
        ...IOS,
        redact: { labels: ["PIN", "Password"], fields: ["ssn"], unmaskSecureFields: true },
      },
      {
        redact: {
          labels: ["Password"],
          headers: ["x-token"],
          unmaskHeaders: ["cookie"],
          unmaskSecureFields: false,
          unmaskCredentialNames: true,
        },
      },
    ),
    "t",
  );
  assert.deepEqual(eff.redact, {
    labels: ["Password", "PIN"],
    headers: ["x-token"],
    fields: ["ssn"],
    unmaskHeaders: ["cookie"],
    unmaskSecureFields: true,
    unmaskCredentialNames: true,
  });
  assert.deepEqual(resolveTarget(config(IOS), "t").redact, {});
});

Deno.test("secrets and requires: ordered union without duplicates, defaults first", () => {
  const eff = resolveTarget(
    config(
      { ...IOS, secrets: ["B", "A", "C"], requires: ["ipad"] },
      { secrets: ["A", "B"], requires: ["ios18", "ipad"] },
    ),
    "t",
  );
  assert.deepEqual(eff.secrets, ["A", "B", "C"]);
  assert.deepEqual(eff.requires, ["ios18", "ipad"]);
});

Deno.test("notify: the target's list replaces the top-level list wholesale", () => {
  const top = [hook("https://a"), hook("https://b")];
  assert.deepEqual(resolveTarget(config(IOS, {}, top), "t").notify, top);
  const own = [hook("https://c")];
  assert.deepEqual(resolveTarget(config({ ...IOS, notify: own }, {}, top), "t").notify, own);
  assert.deepEqual(resolveTarget(config({ ...IOS, notify: [] }, {}, top), "t").notify, []);
});

Deno.test("ai is merged field by field, target winning; absent on both sides stays absent", () => {
  assert.equal(resolveTarget(config(IOS), "t").ai, undefined);
  const eff = resolveTarget(
    config({ ...IOS, ai: { model: "opus" } }, { ai: { provider: "api-key", model: "sonnet" } }),
    "t",
  );
  assert.deepEqual(eff.ai, { provider: "api-key", model: "opus" });
});

Deno.test("visualCompare: target, else defaults, else exact", () => {
  assert.equal(resolveTarget(config(IOS), "t").visualCompare, "exact");
  assert.equal(
    resolveTarget(config(IOS, { visualCompare: "pixelmatch" }), "t").visualCompare,
    "pixelmatch",
  );
  assert.equal(
    resolveTarget(config({ ...IOS, visualCompare: "exact" }, { visualCompare: "pixelmatch" }), "t")
      .visualCompare,
    "exact",
  );
});

Deno.test("run defaults: erase off, network on, alert handling unset unless the target sets them", () => {
  const built = resolveTarget(config(IOS), "t").run;
  assert.deepEqual(built, {
    systemAlertHandling: undefined,
    erase: false,
    network: true,
    interrupts: [],
    actionTimeoutS: 0,
    stepP95BudgetS: null,
  });
  const set = resolveTarget(
    config({ ...IOS, erase: true, network: false, systemAlertHandling: false, actionTimeout: 2 }),
    "t",
  ).run;
  assert.equal(set.actionTimeoutS, 2);
  assert.equal(set.erase, true);
  assert.equal(set.network, false);
  assert.equal(set.systemAlertHandling, false);
});

Deno.test("doctor thresholds: defaults over the built-in 0.9 / 0.7", () => {
  assert.deepEqual(resolveTarget(config(IOS), "t").doctor, {
    idCoverageOk: 0.9,
    idCoverageFail: 0.7,
  });
  assert.deepEqual(
    resolveTarget(config(IOS, { doctor: { idCoverageFail: 0.5 } }), "t").doctor,
    { idCoverageOk: 0.9, idCoverageFail: 0.5 },
  );
});

Deno.test("platform chain: explicit target platform beats everything", () => {
  const eff = resolveTarget(
    config({ platform: "android", package: "p", baseUrl: "http://x/", backend: ["web"] }, {
      platform: "ios",
    }),
    "t",
  );
  assert.equal(eff.platform, "android");
});

Deno.test("platform chain: defaults.platform beats the target's backend and identifiers", () => {
  const eff = resolveTarget(
    config({ bundleId: "b", baseUrl: "http://x/", backend: ["playwright"] }, { platform: "ios" }),
    "t",
  );
  assert.equal(eff.platform, "ios");
});

Deno.test("platform chain: the target's backend (first recognized token) beats identifiers", () => {
  const eff = resolveTarget(
    config({ package: "p", baseUrl: "http://x/", backend: ["mystery", "adb", "playwright"] }),
    "t",
  );
  assert.equal(eff.platform, "android");
});

Deno.test("platform chain: identifiers in the order baseUrl, package, bundleId, app", () => {
  const p = (t: TargetConfig) => resolveTarget(config(t), "t").platform;
  assert.equal(p({ baseUrl: "http://x/", package: "p", bundleId: "b" }), "web");
  assert.equal(p({ package: "p", bundleId: "b" }), "android");
  assert.equal(p({ bundleId: "b", app: "/a.yaml" }), "ios");
  assert.equal(p({ app: "/a.yaml" }), "fake");
});

Deno.test("platform chain: the defaults' backend only when the target says nothing else", () => {
  const c: Config = {
    file: "",
    dir: "/",
    defaults: { backend: ["fake"] },
    targets: { t: { platform: undefined, app: "/a.yaml" } },
    notify: [],
  };
  assert.equal(resolveTarget(c, "t").platform, "fake");
  // A target that names an identifier outranks the defaults' backend.
  const web = resolveTarget(config({ baseUrl: "http://x/" }, { backend: ["ios"] }), "t");
  assert.equal(web.platform, "web");
});

Deno.test("platform chain ends at ios", () => {
  assert.throws(
    () => resolveTarget(config({ backend: ["mystery"] }), "t"),
    (e: unknown) => e instanceof MissingIdentifierError && e.platform === "ios",
  );
});

Deno.test("platform settings: web defaults headless, chromium, desktop", () => {
  const eff = resolveTarget(config({ baseUrl: "http://x/" }), "t");
  assert.deepEqual(eff.app, {
    platform: "web",
    baseUrl: "http://x/",
    headless: true,
    browser: "chromium",
    deviceMode: "desktop",
    wsEndpoint: undefined,
    viewport: undefined,
    testIdAttribute: "data-testid",
  });
  const set = resolveTarget(
    config({
      baseUrl: "http://x/",
      headless: false,
      browser: "webkit",
      deviceMode: "iPhone 13",
      wsEndpoint: "ws://h:1/",
      viewport: { width: 800, height: 600 },
      testIdAttribute: "data-qa",
    }),
    "t",
  ).app;
  assert.equal(set.platform, "web");
  if (set.platform === "web") {
    assert.equal(set.headless, false);
    assert.equal(set.browser, "webkit");
    assert.equal(set.deviceMode, "iPhone 13");
    assert.equal(set.wsEndpoint, "ws://h:1/");
    assert.deepEqual(set.viewport, { width: 800, height: 600 });
    assert.equal(set.testIdAttribute, "data-qa");
  }
});

Deno.test("platform settings: fake carries the app file, ios its xcuitest device type", () => {
  const fake = resolveTarget(config({ platform: "fake", app: "/abs/app.yaml" }), "t");
  assert.deepEqual(fake.app, { platform: "fake", app: "/abs/app.yaml" });
  const ios = resolveTarget(config({ ...IOS, xcuitest: { testRunner: "/r.app" } }), "t").app;
  assert.equal(ios.platform, "ios");
  if (ios.platform === "ios") {
    assert.deepEqual(ios.xcuitest, { testRunner: "/r.app", deviceType: "simulator" });
  }
});

Deno.test("deviceProvider defaults to local; configDir is the config's directory", () => {
  const eff = resolveTarget(config(IOS), "t");
  assert.deepEqual(eff.deviceProvider, { kind: "local" });
  assert.equal(eff.configDir, "/cfg");
});

Deno.test("an Appium device provider selects the remote backend unless the target names one", () => {
  const appium = { kind: "appium" as const, endpoint: "http://127.0.0.1:4723" };
  const remote = resolveTarget(
    config({ ...IOS, deviceProvider: appium }, { backend: ["ios"] }),
    "t",
  );
  assert.deepEqual(remote.backend, ["remote"], "the provider wins over the defaults' backend");
  assert.equal(remote.platform, "ios");
  assert.deepEqual(remote.deviceProvider, appium);
  const own = resolveTarget(config({ ...IOS, deviceProvider: appium, backend: ["ios"] }), "t");
  assert.deepEqual(own.backend, ["ios"], "the target's own backend wins");
  const local = resolveTarget(config({ ...IOS, deviceProvider: { kind: "local" } }), "t");
  assert.deepEqual(local.backend, ["ios"]);
});

Deno.test("an Android target's activity is carried to its settings (absent: resolved on the device)", () => {
  const eff = resolveTarget(config({ package: "com.example.app", activity: ".Main" }), "t");
  assert.deepEqual(eff.app, {
    platform: "android",
    package: "com.example.app",
    activity: ".Main",
    appPath: undefined,
    build: undefined,
    grantPermissions: [],
  });
});
