/**
 * A renderer crash on a real page: reads and captures end at once as a backend crash (the dead
 * renderer never answers, so waiting for the operation's time bound would stall the run).
 */
import assert from "node:assert/strict";
import { BackendCrashError } from "../../../src/drivers/driver.ts";
import { withChromium, withPage } from "./fixture.ts";

Deno.test("a crashed page fails reads and captures at once as a backend crash", async () => {
  await withChromium(async (lab) => {
    await withPage(lab, "<button data-testid='ok'>OK</button>", async ({ driver, page }) => {
      assert.equal((await driver.query()).length, 2);
      const crashed = new Promise((resolve) => page.once("crash", resolve));
      await page.goto("chrome://crash").catch(() => {});
      await crashed;
      for (const call of [() => driver.query(), () => driver.screenshotBytes()]) {
        const err = await call().then(() => null, (e) => e);
        assert.ok(err instanceof BackendCrashError, String(err));
        // Ended by the crash itself, not by the operation's time bound.
        assert.equal((err.cause as Error).message, "the page crashed");
      }
    }, { fresh: true, driver: { opTimeoutS: 60 } });
  });
});
