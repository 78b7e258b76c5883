/**
 * The backend registry: tokens declared once per backend and looked up, selection as a table
 * lookup with one error naming every candidate's reason and what this build offers.
 */
import assert from "node:assert/strict";
import type { Effective } from "../../src/config/effective.ts";
import { BROWSERS, PLATFORMS } from "../../src/config/types.ts";
import { PLATFORM_IDENTIFIER } from "../../src/config/platform.ts";
import { BackendUnavailable } from "../../src/drivers/backend.ts";
import {
  BACKENDS,
  descriptorForToken,
  expandTokens,
  platformOfToken,
  selectBackend,
} from "../../src/drivers/registry.ts";
import { iosAvailability, XCODE_HINT } from "../../src/drivers/ios/backend.ts";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
import { ENGINES } from "../../src/model/engines.ts";
import { WEB_CAPABILITIES } from "../../src/drivers/web/capabilities.ts";
import { FAKE_CAPABILITIES } from "../../src/drivers/fake/capabilities.ts";
import { webEffective } from "./web/fixture.ts";

function fakeEffective(backend: string[] = ["fake"]): Effective {
  return {
    target: "app",
    platform: "fake",
    backend,
    app: {
      platform: "fake",
      app: new URL("../fixtures/fake_apps/login_app.yaml", import.meta.url).pathname,
    },
  } as Partial<Effective> as Effective;
}

/** A web target on a remote browser: selection needs no local browser. */
const remoteBrowser = () => webEffective({ baseUrl: "http://127.0.0.1:1/", wsEndpoint: "ws://h/" });

Deno.test("every backend's tokens include its actuator, and no token selects two backends", () => {
  const seen = new Map<string, string>();
  for (const d of BACKENDS) {
    assert.ok((d.tokens as readonly string[]).includes(d.actuator), d.actuator);
    for (const t of d.tokens) {
      assert.equal(seen.get(t), undefined, `${t} claimed by ${seen.get(t)} and ${d.actuator}`);
      seen.set(t, d.actuator);
    }
  }
  assert.deepEqual(BACKENDS.map((d) => d.actuator), [
    "fake",
    "playwright",
    "xcuitest",
    "adb",
    "webdriver",
  ]);
});

Deno.test("each platform name is a token of the backend for that platform", () => {
  for (const p of PLATFORMS) {
    assert.equal(descriptorForToken(p)?.platform, p, p);
    assert.equal(platformOfToken(p), p);
  }
});

Deno.test("a platform's backend needs the identifier the config requires of that platform", () => {
  for (const d of BACKENDS) {
    if (d.platform === "any") continue;
    assert.ok(
      (d.needs as readonly string[]).includes(PLATFORM_IDENTIFIER[d.platform]),
      `${d.actuator} needs ${PLATFORM_IDENTIFIER[d.platform]}`,
    );
  }
});

Deno.test("tokens imply platforms; unknown tokens and any-platform routes imply none", () => {
  assert.equal(platformOfToken("xcuitest"), "ios");
  assert.equal(platformOfToken("adb"), "android");
  assert.equal(platformOfToken("playwright"), "web");
  assert.equal(platformOfToken("remote"), undefined);
  assert.equal(platformOfToken("webdriver"), undefined);
  assert.equal(platformOfToken("mystery"), undefined);
  assert.equal(platformOfToken("toString"), undefined, "no prototype keys");
});

Deno.test("browser engines are the web backend's, declared once", () => {
  assert.equal(BROWSERS, ENGINES);
  assert.equal(descriptorForToken("web")?.engines, ENGINES);
  assert.deepEqual([...ENGINES], ["chromium", "firefox", "webkit"]);
});

Deno.test("expandTokens keeps order and drops duplicates and unknown tokens", () => {
  const actuators = (tokens: string[]) => expandTokens(tokens).map((d) => d.actuator);
  assert.deepEqual(actuators(["web", "mystery", "playwright", "fake"]), ["playwright", "fake"]);
  assert.deepEqual(actuators(["remote", "ios", "webdriver"]), ["webdriver", "xcuitest"]);
  assert.deepEqual(actuators([]), []);
});

Deno.test("a fake target selects the fake by default: lanes per worker, its flags", async () => {
  const backend = await selectBackend(fakeEffective(), { workers: 3 });
  assert.equal(backend.actuator, "fake");
  assert.deepEqual(backend.lanes, ["fake-0", "fake-1", "fake-2"]);
  assert.deepEqual(backend.engines, []);
  assert.equal(backend.pinned, false);
  assert.equal(backend.recordsScenarioVideoUpFront, false);
  assert.deepEqual([...backend.capabilities], [...FAKE_CAPABILITIES]);
  assert.deepEqual((await selectBackend(fakeEffective(), { workers: 0 })).lanes, ["fake-0"]);
});

Deno.test("a web target selects playwright, which records the scenario video up front", async () => {
  const backend = await selectBackend(remoteBrowser(), { workers: 2 });
  assert.equal(backend.actuator, "playwright");
  assert.deepEqual(backend.lanes, ["web-0", "web-1"]);
  assert.deepEqual(backend.engines, [], "one engine: a plain run");
  assert.equal(backend.recordsScenarioVideoUpFront, true);
  assert.deepEqual([...backend.capabilities], [...WEB_CAPABILITIES]);
  const matrix = await selectBackend(remoteBrowser(), {
    workers: 1,
    browsers: ["chromium", "firefox"],
  });
  assert.deepEqual(matrix.engines, ["chromium", "firefox"]);
});

Deno.test("an unknown browser engine is refused, naming the known ones", async () => {
  const err = await selectBackend(remoteBrowser(), { workers: 1, browsers: ["opera"] })
    .catch((e) => e);
  assert.ok(err instanceof BackendUnavailable);
  assert.equal(err.code, "E_BACKEND_UNAVAILABLE");
  assert.equal(err.message, "unknown browser engine(s): opera (known: chromium, firefox, webkit)");
});

Deno.test("the first candidate that drives the target wins; others are skipped", async () => {
  const backend = await selectBackend(fakeEffective(), { workers: 1, backend: ["web", "fake"] });
  assert.equal(backend.actuator, "fake");
});

Deno.test("remote drives iOS and Android targets only, through the normal selection", async () => {
  const err = await selectBackend(fakeEffective(), { workers: 1, backend: ["remote"] })
    .catch((e) => e);
  assert.ok(err instanceof BackendUnavailable);
  assert.match(
    err.message,
    /^no available actuator among \[webdriver\] for platform fake \(requested \[remote\]\): webdriver: drives ios and android targets \(needs deviceProvider\.endpoint\); target app is fake;/,
  );
});

Deno.test("an Appium device provider's target selects webdriver: one lane per worker, its credentials for the masker", async () => {
  const eff = {
    target: "cloud",
    platform: "android",
    backend: ["remote"],
    app: { platform: "android", package: "com.example.shop", grantPermissions: [] },
    deviceProvider: {
      kind: "appium",
      endpoint: "https://${secrets.USER}:${secrets.KEY}@hub.example.com/wd/hub",
      capabilities: { "bstack:options": { accessKey: "${secrets.KEY}", deviceName: "Pixel 8" } },
    },
    secrets: ["USER", "KEY"],
    launchEnv: {},
    launchArgs: [],
  } as Partial<Effective> as Effective;
  const env = (k: string) => ({ USER: "ada", KEY: "s3cr%t" } as Record<string, string>)[k];
  const backend = await selectBackend(eff, { workers: 2, env });
  assert.equal(backend.actuator, "webdriver");
  assert.deepEqual(backend.lanes, ["remote-0", "remote-1"]);
  assert.equal(backend.pinned, false);
  // The key raw and as the endpoint carries it (percent-encoded in the userinfo).
  assert.deepEqual(backend.secrets?.toSorted(), ["ada", "s3cr%25t", "s3cr%t"]);
  const unset = await selectBackend(eff, { workers: 1, env: () => undefined }).catch((e) => e);
  assert.ok(unset instanceof BackendUnavailable);
  assert.equal(
    unset.message,
    "targets.cloud.deviceProvider.endpoint uses ${secrets.USER}, ${secrets.KEY}, which is not " +
      "set: export the environment variable (declared under secrets)",
  );
  const pinned = await selectBackend(eff, { workers: 1, env, udids: ["emulator-5554"] })
    .catch((e) => e);
  assert.match(pinned.message, /^--udid names local devices; on a remote endpoint choose/);
});

Deno.test("the error lists every candidate's reason and the unknown tokens", async () => {
  const err = await selectBackend(remoteBrowser(), {
    workers: 1,
    backend: ["fake", "ios", "mystery"],
  }).catch((e) => e);
  assert.ok(err instanceof BackendUnavailable);
  // xcuitest's reason depends on the machine: no Xcode here, or not a web backend on a Mac.
  assert.match(
    err.message,
    new RegExp(
      "^" + escape(
        "no available actuator among [fake, xcuitest] for platform web (requested [fake, ios, mystery]): " +
          "fake: drives fake targets (needs app); target web is web; xcuitest: ",
      ) + "(xcrun and xcodebuild not on PATH: install Xcode .*|drives ios targets .*); " +
        escape(
          "unknown token(s): mystery; available in this build: fake (fake targets), playwright",
        ),
    ),
  );
});

Deno.test("an iOS target without --backend asks for its own platform's backend", async () => {
  const ios = {
    target: "phone",
    platform: "ios",
    // What resolveTarget makes of a config that names no backend: the platform's own token.
    backend: ["ios"],
    app: { platform: "ios", bundleId: "com.example" },
  } as Partial<Effective> as Effective;
  const err = await selectBackend(ios, { workers: 1 }).catch((e) => e);
  assert.match(
    err.message,
    /^no available actuator among \[xcuitest\] for platform ios \(requested \[ios\]\): xcuitest: xcrun and xcodebuild not on PATH: install Xcode from the App Store, then select it: sudo xcode-select -s/,
  );
});

Deno.test("without --backend the config's backend list is requested; --backend wins over it", async () => {
  // The target's list (resolved over the defaults') names remote first: it is refused, fake runs.
  const listed = await selectBackend(fakeEffective(["remote", "fake"]), { workers: 1 });
  assert.equal(listed.actuator, "fake");
  const err = await selectBackend(fakeEffective(["remote"]), { workers: 1 }).catch((e) => e);
  assert.ok(err instanceof BackendUnavailable);
  assert.match(err.message, /\(requested \[remote\]\): webdriver: drives ios and android targets/);
  const flagged = await selectBackend(fakeEffective(["remote"]), { workers: 1, backend: ["fake"] });
  assert.equal(flagged.actuator, "fake");
});

Deno.test("the iOS backend is available exactly when xcrun and xcodebuild are on PATH", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.deepEqual(iosAvailability(dir), {
      available: false,
      reason: `xcrun and xcodebuild not on PATH: ${XCODE_HINT}`,
    });
    for (const tool of ["xcrun", "xcodebuild"]) {
      await Deno.writeTextFile(`${dir}/${tool}`, "#!/bin/sh\n");
      await Deno.chmod(`${dir}/${tool}`, 0o755);
    }
    await Deno.chmod(`${dir}/xcodebuild`, 0o644);
    assert.match((iosAvailability(dir) as { reason: string }).reason, /^xcodebuild not on PATH/);
    await Deno.chmod(`${dir}/xcodebuild`, 0o755);
    assert.deepEqual(iosAvailability(`/nonexistent:${dir}`), { available: true });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
