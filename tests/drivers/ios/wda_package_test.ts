/**
 * WebDriverAgent's sources: unpacked once into the cache from an override tarball, the pinned
 * registry download checked against its integrity, fetch failures naming the override.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  ensureWdaSources,
  WDA_PACKAGE,
  wdaSourceDir,
  WdaSourceError,
} from "../../../src/drivers/ios/wda_package.ts";
import { FakeIos } from "../../support/fake_ios/mod.ts";

Deno.test("the pinned version is named once, with its registry tarball and integrity", () => {
  assert.equal(WDA_PACKAGE.name, "appium-webdriveragent");
  assert.match(WDA_PACKAGE.version, /^\d+\.\d+\.\d+$/);
  assert.equal(
    WDA_PACKAGE.tarball,
    `https://registry.npmjs.org/appium-webdriveragent/-/appium-webdriveragent-${WDA_PACKAGE.version}.tgz`,
  );
  assert.match(WDA_PACKAGE.integrity, /^sha512-[A-Za-z0-9+/]{86}==$/);
});

Deno.test("an override tarball is unpacked into the cache once, then the cache is used", async () => {
  const mac = await FakeIos.create();
  try {
    const cacheDir = join(mac.dir, "c");
    const dir = await ensureWdaSources({ cacheDir, tarball: mac.tarball });
    assert.equal(dir, wdaSourceDir(cacheDir));
    assert.ok((await Deno.stat(join(dir, "WebDriverAgent.xcodeproj", "project.pbxproj"))).isFile);
    await Deno.remove(mac.tarball);
    assert.equal(await ensureWdaSources({ cacheDir, tarball: mac.tarball }), dir, "no second read");
  } finally {
    await mac.dispose();
  }
});

Deno.test("a registry tarball that does not match the pinned integrity is refused", async () => {
  const mac = await FakeIos.create();
  try {
    const bytes = await Deno.readFile(mac.tarball);
    let asked = "";
    const fetcher = ((url: string) => {
      asked = url;
      return Promise.resolve(new Response(bytes));
    }) as unknown as typeof fetch;
    const err = await ensureWdaSources({ cacheDir: join(mac.dir, "c"), fetch: fetcher }).catch((
      e,
    ) => e);
    assert.equal(asked, WDA_PACKAGE.tarball);
    assert.ok(err instanceof WdaSourceError);
    assert.match(err.message, /does not match its pinned integrity.*refusing to build it/);
    await assert.rejects(Deno.stat(wdaSourceDir(join(mac.dir, "c"))));
  } finally {
    await mac.dispose();
  }
});

Deno.test("a failed download names the status and the offline override", async () => {
  const fetcher =
    (() => Promise.resolve(new Response("no", { status: 503 }))) as unknown as typeof fetch;
  const dir = await Deno.makeTempDir();
  try {
    const err = await ensureWdaSources({ cacheDir: dir, fetch: fetcher }).catch((e) => e);
    assert.ok(err instanceof WdaSourceError);
    assert.match(err.message, /HTTP 503; set BAJUTSU_WDA_TARBALL to a downloaded copy/);
    const missing = await ensureWdaSources({ cacheDir: dir, tarball: join(dir, "nope.tgz") })
      .catch((e) => e);
    assert.match(missing.message, /BAJUTSU_WDA_TARBALL .*nope\.tgz cannot be read/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
