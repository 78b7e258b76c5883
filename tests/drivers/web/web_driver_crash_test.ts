/**
 * A renderer crash on a real page: reads and captures end at once as a backend crash (the dead
 * renderer never answers, so waiting for the operation's time bound would stall the run).
 */
import assert from "node:assert/strict";
import { BackendCrashError, DeviceTimeout } from "../../../src/drivers/driver.ts";
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

Deno.test("a CDP session that never answers cannot hold a screenshot past the operation bound", async () => {
  await withChromium(async (lab) => {
    await withPage(lab, "<button data-testid='ok'>OK</button>", async ({ driver, page }) => {
      // What a browser dying mid-request looked like: the session is asked for and never comes.
      const context = page.context();
      context.newCDPSession = () => new Promise(() => {});
      let guard: ReturnType<typeof setTimeout> | undefined;
      const hung = new Promise<string>((resolve) => {
        guard = setTimeout(() => resolve("still waiting after 20 s"), 20_000);
      });
      try {
        const err = await Promise.race([driver.screenshotBytes().then(() => null, (e) => e), hung]);
        assert.ok(err instanceof DeviceTimeout, String(err));
        assert.match(err.message, /screenshot timed out after 1s/);
      } finally {
        clearTimeout(guard);
      }
    }, { fresh: true, driver: { opTimeoutS: 1 } });
  });
});
