/**
 * The web driver on Firefox (WebDriver BiDi): the gestures whose wire form differs from
 * Chromium's. Runs where a Firefox is installed (`.ci/run` installs firefox-esr); elsewhere the
 * test is skipped and says why on stderr — the one allowed skip (see docs/backends.md#web).
 */
import assert from "node:assert/strict";
import { findBrowser, launchBrowser } from "../../../src/drivers/web/browsers.ts";
import { WebDriver } from "../../../src/drivers/web/web_driver.ts";

function firefoxInstalled(): boolean {
  try {
    findBrowser("firefox");
    return true;
  } catch {
    return false;
  }
}

const present = firefoxInstalled();
if (!present) {
  console.error("firefox_test: no Firefox installed (firefox-esr, firefox): skipped");
}

const TALL = `<body style="margin:0"><div style="height:4000px">tall</div></body>`;

Deno.test({
  name: "firefox: scroll with fractional points wheels by whole pixels",
  ignore: !present,
  async fn() {
    const browser = await launchBrowser("firefox", { headless: true });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.setContent(TALL);
      const driver = new WebDriver({ page, engine: "firefox" });
      // A fractional wheel delta (506.5) is an "invalid argument" over BiDi: 507 is sent.
      await driver.scroll([195, 675.5], [195, 169]);
      assert.equal(await page.evaluate(() => scrollY), 507);
      const [record] = driver.drainActuations().actuations;
      assert.deepEqual(record.points, [[195, 675.5], [195, 168.5]]);
      assert.equal(record.accepted, true);
    } finally {
      await browser.close();
    }
  },
});
