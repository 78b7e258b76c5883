/**
 * The web driver on Firefox (WebDriver BiDi): the gestures whose wire form differs from
 * Chromium's. Runs where a Firefox is installed (`.ci/run` installs firefox-esr); elsewhere the
 * test is skipped and says why on stderr — the one allowed skip (see docs/backends.md#web).
 */
import assert from "node:assert/strict";
import { findBrowser, launchBrowser } from "../../../src/drivers/web/browsers.ts";
import { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import { NothingFocused, UnsupportedAction } from "../../../src/drivers/driver.ts";

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
      // What this checks is the whole-pixel delta; on a loaded machine Firefox can apply the
      // wheel after the two-frame settle, so the offset is awaited (bounded), then compared.
      await page.waitForFunction(() => scrollY !== 0, undefined, { timeout: 5000 }).catch(() => {});
      assert.equal(await page.evaluate(() => scrollY), 507);
      const [record] = driver.drainActuations().actuations;
      assert.deepEqual(record.points, [[195, 675.5], [195, 168.5]]);
      assert.equal(record.accepted, true);
    } finally {
      await browser.close();
    }
  },
});

/** A loopback server answering `page` at `/`. */
function serveOne(page: string): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
}

const CARD = `<body style="margin:0">
  <input id="card" style="position:absolute;left:10px;top:20px;width:100px;height:30px">
  <button id="pay" onclick="this.textContent = 'Paid'"
    style="position:absolute;left:10px;top:70px;width:90px;height:30px">Pay</button></body>`;

Deno.test({
  name: "firefox: cross-origin frames' elements are in the tree; taps and typing reach them",
  ignore: !present,
  async fn() {
    const inner = serveOne(CARD);
    // Another origin on the same site (127.0.0.1), and another site (localhost).
    const frame = (host: string, top: number) =>
      `<iframe src="http://${host}:${inner.addr.port}/" title="${host}" style="position:absolute;
        left:40px;top:${top}px;width:300px;height:150px;border:5px solid black;padding:0"></iframe>`;
    const outer = serveOne(`<body style="margin:0">${frame("127.0.0.1", 60)}
      ${frame("localhost", 260)}</body>`);
    const browser = await launchBrowser("firefox", { headless: true });
    try {
      const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${outer.addr.port}/`);
      const driver = new WebDriver({ page, engine: "firefox" });
      const ids = (await driver.query()).map((e) => [e.identifier, e.label, e.frame]);
      assert.deepEqual(ids.slice(1), [
        [null, "127.0.0.1", [40, 60, 310, 160]],
        ["card", null, [55, 85, 100, 30]],
        ["pay", "Pay", [55, 135, 90, 30]],
        [null, "localhost", [40, 260, 310, 160]],
        ["card", null, [55, 285, 100, 30]],
        ["pay", "Pay", [55, 335, 90, 30]],
      ]);
      await driver.tap({ id: "card", index: 0 });
      await driver.typeText("4242");
      await driver.tap({ id: "pay", index: 0 });
      const tree = await driver.query();
      assert.equal(tree.find((e) => e.identifier === "card")?.value, "4242");
      assert.equal(tree.find((e) => e.identifier === "pay")?.label, "Paid");
      // Firefox does not deliver mouse input into a frame of another site: the tap is refused
      // instead of passing having done nothing, and the element is not tappable.
      assert.equal(await driver.isTappable({ id: "pay", index: 1 }), false);
      await assert.rejects(
        driver.tap({ id: "pay", index: 1 }),
        (e: Error) =>
          e instanceof UnsupportedAction &&
          e.message === "id=pay@[55,335,90,30] is in a frame of another site " +
              "(localhost inside 127.0.0.1): Firefox does not deliver pointer input there",
      );
      // Its field takes no focus from a click either: typing fails instead of typing nowhere.
      await page.mouse.click(60, 290);
      await assert.rejects(driver.typeText("1"), NothingFocused);
      // What needs no pointer still works there.
      assert.equal(
        (await driver.query()).filter((e) => e.identifier === "pay")[1].label,
        "Pay",
      );
    } finally {
      await browser.close();
      await inner.shutdown();
      await outer.shutdown();
    }
  },
});
