/**
 * report.html of a `run --repeat` in a real headless Chromium (docs/reports.md#flakiness): the
 * flakiness table's link to a failing attempt opens that attempt's block with its evidence, also
 * an attempt beyond the failures opened on load; every attempt carries its badges.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { writeReport } from "../../src/report/write_report.ts";
import type { ScenarioRecord } from "../../src/report/model.ts";
import { CHROMIUM_ARGS } from "../../src/drivers/web/browsers.ts";
import { AUTO_OPEN_FAILED } from "../../src/report/html/client.ts";
import { smallRun } from "../report/fixtures.ts";

Deno.test("report.html: a flaky scenario's failing attempt is one click away from the flakiness table", async () => {
  const root = await Deno.makeTempDir();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  try {
    const runDir = join(root, "20240501-101500");
    await Deno.mkdir(runDir);
    const input = smallRun();
    const [pass, fail] = input.results;
    // More failed attempts than the page opens on load: the last one starts closed.
    const attempts = 2 * (AUTO_OPEN_FAILED + 2);
    input.results = Array.from({ length: attempts }, (_, i): ScenarioRecord => {
      const base = i % 2 === 0 ? pass : fail;
      return {
        ...base,
        result: { ...base.result, scenario: "flaky" },
        sid: `00-flaky-attempt-${i + 1}`,
        repetition: i + 1,
      };
    });
    input.repeats = { mode: "repeat", count: attempts, seed: 7 };
    await writeReport(runDir, input);

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(pathToFileURL(join(runDir, "report.html")).href);
    const last = attempts - 1; // the block of the last (failed) attempt
    const block = page.locator(`details#s${last}`);
    await block.waitFor({ state: "attached" });
    assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), false);
    assert.match(
      await block.locator("summary").innerText(),
      new RegExp(`attempt ${attempts}[\\s\\S]*flaky`),
    );
    assert.equal(await page.locator(".chip.flaky").innerText(), "1 flaky");

    await page.locator(`table.flakiness a[href="#s${last}"]`).click();
    assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), true);
    // Its evidence is drawn: the steps and the environment tab of that attempt.
    await block.locator("table.env").waitFor({ state: "attached" });
    assert.match(
      await block.locator("table.env").innerText(),
      new RegExp(`00-flaky-attempt-${attempts}`),
    );
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await Deno.remove(root, { recursive: true });
  }
});
