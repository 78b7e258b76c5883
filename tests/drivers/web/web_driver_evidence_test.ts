/**
 * Evidence from the web driver: PNG screenshots (bytes and file), the device log (console lines,
 * uncaught errors, dismissed dialogs) and Playwright failures as DeviceError.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DeviceError } from "../../../src/drivers/driver.ts";
import { isPng } from "../../../src/drivers/web/web_driver.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const PAGE = `<body style="margin:0;background:#4a8">
<button data-testid="log" onclick="console.log('clicked', 42); console.warn('careful')">Log</button>
<button data-testid="boom" onclick="setTimeout(() => { throw new Error('boom') })">Boom</button>
<button data-testid="ask" onclick="window.answer = confirm('Delete everything?')">Ask</button>
</body>`;

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

Deno.test("web driver evidence", async (t) => {
  await withChromium(async (lab) => {
    await t.step(
      "screenshotBytes is a viewport PNG; screenshot writes the same to a file",
      async () => {
        const dir = await Deno.makeTempDir();
        try {
          await withPage(lab, PAGE, async ({ driver }) => {
            const bytes = await driver.screenshotBytes();
            assert.ok(isPng(bytes));
            assert.deepEqual(pngSize(bytes), [800, 600]);
            const path = join(dir, "shot.png");
            await driver.screenshot(path);
            const file = await Deno.readFile(path);
            assert.ok(isPng(file));
            assert.deepEqual(pngSize(file), [800, 600]);
          });
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      },
    );

    await t.step("the device log records console lines, page errors and dialogs", async () => {
      const dir = await Deno.makeTempDir();
      const notes: string[] = [];
      try {
        await withPage(lab, PAGE, async ({ driver, page }) => {
          const before = join(dir, "before.log");
          await page.evaluate(() => console.log("not recorded: before the interval"));
          const interval = await driver.driverInterval("deviceLog", before);
          assert.ok(interval !== null);
          assert.equal(interval.kind, "deviceLog");
          await driver.tap({ id: "log" });
          await driver.tap({ id: "boom" });
          await page.waitForEvent("pageerror");
          await driver.tap({ id: "ask" });
          assert.equal(await read(page, "window.answer"), false);
          await interval.stop();
          await page.evaluate(() => console.log("not recorded: after the interval"));
          assert.equal(
            await Deno.readTextFile(before),
            "[log] clicked 42\n[warning] careful\n[pageerror] Error: boom\n" +
              "[dialog] confirm: Delete everything?\n",
          );
        }, { driver: { log: (line) => notes.push(line) } });
        assert.deepEqual(notes, ["web: dismissed [dialog] confirm: Delete everything?"]);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });

    await t.step("video is not a per-step interval on the web (it is scenario-wide)", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        assert.equal(await driver.driverInterval("video", "/nonexistent/segment.mp4"), null);
      });
    });

    await t.step("a failing Playwright operation surfaces as DeviceError", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        await page.close();
        await assert.rejects(
          driver.query(),
          (e) => e instanceof DeviceError && e.message.startsWith("playwright: query failed: "),
        );
        await assert.rejects(driver.tapPoint([1, 1]), DeviceError);
        // The refused tap was recorded but never accepted.
        const [record] = driver.drainActuations().actuations;
        assert.equal(record.accepted, false);
      }, { fresh: true });
    });

    await t.step("a navigation to a dead server is a DeviceError", async () => {
      await withPage(lab, null, async ({ driver }) => {
        await assert.rejects(driver.navigate("http://127.0.0.1:9/"), DeviceError);
      }, { fresh: true });
    });

    await t.step("capabilities: the web column of docs/backends.md#capabilities", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        assert.equal(driver.name, "playwright");
        assert.deepEqual([...driver.capabilities()].sort(), [
          "conditionWait",
          "elements",
          "hover",
          "keyPress",
          "multiTouch",
          "network",
          "query",
          "screenshot",
          "secondaryTap",
          "selectOption",
          "semanticTap",
          "tapOffset",
          "textSelection",
        ]);
        assert.deepEqual(await driver.viewport(), { width: 800, height: 600 });
      });
    });
  });
});
