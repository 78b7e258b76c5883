/**
 * The UiAutomator2 server APKs: a local tarball override (unpacked once, its version read from
 * it), the cache (no download when present), a failed download and a checksum mismatch both
 * being `ServerApksUnavailable` (the run then falls back to the dump route).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  cacheRoot,
  checkIntegrity,
  SERVER_PACKAGE_VERSION,
  SERVER_TARBALL_URL,
  serverApks,
  ServerApksUnavailable,
  TARBALL_OVERRIDE,
} from "../../../src/drivers/android/server_apks.ts";
import { FakeFarm, FIXTURE_SERVER_VERSION } from "../../support/fake_adb/harness.ts";

Deno.test("a local tarball override is unpacked into the cache once and used as is", async () => {
  await using farm = await FakeFarm.create();
  const env = farm.env();
  const get = (k: string) => env[k];
  const failing = () => Promise.reject(new Error("no network in tests"));
  const apks = await serverApks({ env: get, fetch: failing });
  assert.equal(apks.version, FIXTURE_SERVER_VERSION);
  assert.match(apks.server, /appium-uiautomator2-server-v10\.6\.6\.apk$/);
  assert.ok(apks.server.startsWith(cacheRoot(get)), "unpacked under the cache");
  assert.equal(
    JSON.parse(await Deno.readTextFile(apks.test)).package,
    "io.appium.uiautomator2.server.test",
  );
  const again = await serverApks({ env: get, fetch: failing });
  assert.deepEqual(again, apks);
  const bad: Record<string, string> = {
    ...env,
    [TARBALL_OVERRIDE]: join(farm.home, "missing.tgz"),
  };
  await assert.rejects(serverApks({ env: (k) => bad[k] }), ServerApksUnavailable);
});

Deno.test("the pinned package comes from the cache without a download when it is there", async () => {
  const cache = await Deno.makeTempDir({ prefix: "bajutsu-uia2-cache-" });
  try {
    const env = (k: string) => ({ XDG_CACHE_HOME: cache } as Record<string, string>)[k];
    const apks = join(cacheRoot(env), SERVER_PACKAGE_VERSION, "package", "apks");
    await Deno.mkdir(apks, { recursive: true });
    await Deno.writeTextFile(
      join(apks, `appium-uiautomator2-server-v${SERVER_PACKAGE_VERSION}.apk`),
      "x",
    );
    await Deno.writeTextFile(join(apks, "appium-uiautomator2-server-debug-androidTest.apk"), "y");
    let fetched = 0;
    const got = await serverApks({
      env,
      fetch: () => {
        fetched++;
        return Promise.reject(new Error("unexpected"));
      },
    });
    assert.equal(fetched, 0);
    assert.equal(got.version, SERVER_PACKAGE_VERSION);
  } finally {
    await Deno.remove(cache, { recursive: true });
  }
});

Deno.test("a failed download and a checksum mismatch are ServerApksUnavailable naming the fix", async () => {
  const cache = await Deno.makeTempDir({ prefix: "bajutsu-uia2-cache-" });
  try {
    const env = (k: string) => ({ XDG_CACHE_HOME: cache } as Record<string, string>)[k];
    const urls: string[] = [];
    const offline = (url: string | URL | Request) => {
      urls.push(String(url));
      return Promise.reject(new TypeError("error sending request: dns error"));
    };
    const err = await serverApks({ env, fetch: offline as typeof fetch }).then(
      () => assert.fail("expected a failure"),
      (e) => e,
    );
    assert.ok(err instanceof ServerApksUnavailable);
    assert.match(
      err.message,
      /cannot download the UiAutomator2 server 10\.6\.6 .*set BAJUTSU_UIA2_SERVER_TARBALL/,
    );
    assert.deepEqual(urls, [SERVER_TARBALL_URL]);
    const tampered = () => Promise.resolve(new Response(new Uint8Array([1, 2, 3])));
    await assert.rejects(
      serverApks({ env, fetch: tampered as typeof fetch }),
      /does not match its pinned checksum/,
    );
    await checkIntegrity(
      new TextEncoder().encode("abc"),
      "sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw==",
    );
  } finally {
    await Deno.remove(cache, { recursive: true });
  }
});
