/**
 * A screenshot of a provably unchanged screen is answered with the previous capture
 * (docs/backends.md#screenshots-of-an-unchanged-screen); any sign of change takes a new one.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  decodeScanReply,
  DEFAULT_TEST_ID_ATTRIBUTE,
  MAX_LABEL,
  pageScan,
  type ScanReply,
} from "../../../src/drivers/web/dom_scan.ts";
import { pageScreenEpoch } from "../../../src/drivers/web/screen_epoch.ts";
import { withChromium, withPage } from "./fixture.ts";

const PAGE =
  `<style>body { margin: 0 } #box { width: 200px; height: 80px; background: #48a }</style>
<div id="box" data-testid="box">Box</div>
<button data-testid="go" onclick="this.textContent = 'Went'">Go</button>`;

/** Two animation frames: the compositor has drawn (and the screencast delivered) by then. */
function frames(page: Page): Promise<void> {
  return page.evaluate(() =>
    new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
  );
}

Deno.test("web driver: screenshots of an unchanged screen", async (t) => {
  await withChromium(async (lab) => {
    await t.step("an idle page: the read-then-shot of an assert reuses the capture", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        const first = await driver.screenshotBytes();
        await frames(page);
        await driver.query();
        const second = await driver.screenshotBytes();
        const third = await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 1, reused: 2 });
        assert.equal(second, first);
        assert.equal(third, first);
      }, { fresh: true });
    });

    await t.step("a DOM change since the capture takes a new one", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        const first = await driver.screenshotBytes();
        await frames(page);
        // A page timer, say, between the previous step's shot and this step's read.
        await page.evaluate(() => document.getElementById("box")!.style.background = "#c33");
        await driver.query();
        const second = await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
        assert.notDeepEqual(second, first);
      }, { fresh: true });
    });

    await t.step(
      "a change the DOM does not see (a style rule) is caught by the drawn frame",
      async () => {
        await withPage(lab, PAGE, async ({ driver, page }) => {
          const first = await driver.screenshotBytes();
          await frames(page);
          await driver.query();
          const drawn = driver.framesDrawn();
          await page.evaluate(() => document.styleSheets[0].insertRule("#box { width: 400px }", 2));
          // Its frame arrives a frame or more later (longer on a loaded machine).
          while (driver.framesDrawn() === drawn) await frames(page);
          const second = await driver.screenshotBytes();
          assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
          assert.notDeepEqual(second, first);
        }, { fresh: true });
      },
    );

    await t.step("without a read since the capture, the epoch is read for the shot", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        await driver.screenshotBytes();
        await frames(page);
        await driver.query();
        await driver.screenshotBytes();
        await page.evaluate(() => document.getElementById("box")!.textContent = "Changed");
        await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 2, reused: 1 });
      }, { fresh: true });
    });

    await t.step("an input since the capture takes a new one", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        await driver.screenshotBytes();
        await frames(page);
        await driver.tap({ id: "go" });
        await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
      }, { fresh: true });
    });

    await t.step("a running animation, a canvas or a loading image is never idle", async () => {
      const busy = [
        `<style>@keyframes s { to { transform: rotate(1turn) } }</style>
         <div style="width:50px;height:50px;background:#48a;animation:s 2s infinite">x</div>`,
        `<canvas width="40" height="40"></canvas>`,
      ];
      for (const html of busy) {
        await withPage(lab, html, async ({ driver, page }) => {
          await driver.screenshotBytes();
          await frames(page);
          await driver.query();
          await driver.screenshotBytes();
          assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 }, html);
        }, { fresh: true });
      }
    });

    await t.step(
      "off (a video recording owns the screencast): every shot is a capture",
      async () => {
        await withPage(lab, PAGE, async ({ driver, page }) => {
          await driver.screenshotBytes();
          await frames(page);
          await driver.query();
          await driver.screenshotBytes();
          assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
        }, { fresh: true, driver: { reuseUnchangedShots: false } });
      },
    );
  });
});

Deno.test("the scan reports the screen epoch in its reply once the document has a watcher", async () => {
  await withChromium(async (lab) => {
    await withPage(lab, PAGE, async ({ page }) => {
      const args = { testId: DEFAULT_TEST_ID_ATTRIBUTE, maxLabel: MAX_LABEL };
      const before = JSON.parse(await page.evaluate(pageScan, args) as string) as ScanReply;
      assert.equal(before.epoch, undefined, "no watcher yet: no epoch, no cost");
      const epoch = await page.evaluate(pageScreenEpoch);
      const after = decodeScanReply(await page.evaluate(pageScan, args) as string, []);
      assert.equal(after.epoch, epoch, "the same epoch, read in the same call as the tree");
      await page.evaluate(() => document.getElementById("box")!.textContent = "Moved");
      const changed = decodeScanReply(await page.evaluate(pageScan, args) as string, []);
      assert.notEqual(changed.epoch, epoch);
    }, { fresh: true });
  });
});
