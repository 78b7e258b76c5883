/**
 * report.html in a real headless Chromium, opened from disk: the failing scenario is open, its
 * failing step, reason and screenshot are visible, the element-tree filter works, and the page
 * runs without script errors or CSP violations.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { writeReport } from "../../src/report/write_report.ts";
import { HOSTILE_NAME, HOSTILE_REASON, largeRun, smallRun } from "../report/fixtures.ts";
import { CHROMIUM_ARGS } from "../../src/drivers/web/browsers.ts";

/** A real 60×120 PNG (solid colour). */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAADwAAAB4CAIAAAAhVwZfAAAAcklEQVR42u3OAQkAAAgDsCcxpxGNZQwRBguwVM87kZaW" +
      "lpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaW" +
      "lpaWlpaWlpaWlpaWlpa+tJVFdfsyh9nLAAAAAElFTkSuQmCC",
  ),
  (c) => c.charCodeAt(0),
);

const LAUNCH_ARGS = [...CHROMIUM_ARGS];

/** Writes the small run with a real PNG behind every screenshot it records. */
async function syntheticRunDir(root: string): Promise<string> {
  const runDir = join(root, "20240501-101500");
  const input = smallRun();
  const shots = input.results.flatMap((r) =>
    [...r.result.beforeOutcomes, ...r.result.steps, ...r.result.afterOutcomes]
      .flatMap((s) => s.artifacts)
      .filter((a) => a.kind === "screenshot")
  );
  for (const a of shots) {
    await Deno.mkdir(join(runDir, dirname(a.name)), { recursive: true });
    await Deno.writeFile(join(runDir, a.name), PNG);
  }
  const tree = [
    { identifier: null, label: null, value: null, traits: [], frame: [0, 0, 60, 120] },
    {
      identifier: "login.submit",
      label: "Sign in",
      value: null,
      traits: ["button"],
      frame: [5, 80, 50, 20],
    },
    {
      identifier: "login.user",
      label: "User",
      value: "",
      traits: ["textField"],
      frame: [5, 20, 50, 20],
    },
  ];
  const treePath = join(runDir, "01-script-alert-x-script-co", "step1", "elements.json");
  await Deno.writeTextFile(treePath, JSON.stringify(tree));
  await writeReport(runDir, input);
  return runDir;
}

Deno.test("report.html in Chromium: failing step, reason, screenshot and tree filter", async () => {
  const root = await Deno.makeTempDir();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: LAUNCH_ARGS });
  try {
    const runDir = await syntheticRunDir(root);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      d.dismiss().catch(() => {});
    });
    await page.goto(pathToFileURL(join(runDir, "report.html")).href);

    const failed = page.locator("details.scn.fail");
    await failed.locator("summary").waitFor({ state: "visible" });
    assert.equal(await failed.locator("summary .name").textContent(), HOSTILE_NAME);
    assert.equal(await failed.evaluate((d) => (d as HTMLDetailsElement).open), true);
    assert.equal(
      await page.locator("details.scn.ok").evaluate((d) => (d as HTMLDetailsElement).open),
      false,
    );

    const failing = failed.locator("tr.step.failing");
    await failing.waitFor({ state: "visible" });
    assert.equal(await failing.locator("td").nth(2).textContent(), "tap");
    assert.equal(await failing.locator("td").nth(6).textContent(), "2.00s", "per-step duration");
    assert.equal(await failing.locator("td").nth(9).textContent(), HOSTILE_REASON);
    assert.equal(await failed.locator(".failure").textContent(), `step 1 (tap): ${HOSTILE_REASON}`);
    assert.equal(await failed.locator("tr.skipped td").nth(9).textContent(), "skipped");
    const headers = await failed.locator("table.steps").first().locator(":scope > thead > tr > th")
      .allTextContents();
    assert.deepEqual(headers, [
      "#",
      "result",
      "action",
      "name",
      "target",
      "detail",
      "duration",
      "at",
      "view",
      "reason",
    ]);
    // The type row names the step and shows what was typed (masked: it was a secret).
    const typed = failed.locator("tr.step").first().locator("td");
    assert.equal(await typed.nth(3).textContent(), "enter password");
    assert.equal(await typed.nth(5).textContent(), 'typed "[REDACTED]" + return');
    const extras = await failed.locator("tr.extra").allTextContents();
    assert.ok(extras.some((t) => t.includes('confirm "Leave?" → dismissed')), extras.join("|"));
    assert.ok(
      extras.some((t) => t.includes("auto-wait") && t.includes("7 reads")),
      extras.join("|"),
    );
    // Tabs with nothing in them are not shown; the Environment names the target.
    const tabs = await failed.locator(".tabs .tab").allTextContents();
    assert.deepEqual(tabs, ["Result", "Environment"]);
    assert.equal(await failed.locator("summary .badge").first().textContent(), "shop");

    const shot = failed.locator("tr.detail:not([hidden]) figure.shot img").nth(1);
    await shot.waitFor({ state: "visible" });
    assert.match(
      (await shot.getAttribute("src")) ?? "",
      /01-script-alert-x-script-co\/step1\/after\.png$/,
    );
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll("tr.detail:not([hidden]) figure.shot img")];
      return imgs.length === 2 && imgs.every((i) => (i as HTMLImageElement).naturalWidth === 60);
    });

    const tree = failed.locator(".tree");
    const visibleRows = () => tree.locator("table.elements tbody tr:visible").count();
    assert.equal(await visibleRows(), 3);
    await tree.locator("input.tree-filter").fill("submit");
    assert.equal(await visibleRows(), 1);
    assert.equal(await tree.locator("tbody tr:visible td").first().textContent(), "login.submit");
    await tree.locator("tbody tr:visible").first().hover();
    const outline = await failed.locator("tr.detail:not([hidden]) figure.shot .outline").nth(1)
      .evaluate((e) => getComputedStyle(e).display);
    assert.equal(outline, "block");
    await tree.locator("input.tree-filter").fill("");
    assert.equal(await visibleRows(), 3);

    await shot.click();
    const box = page.locator("#lightbox");
    await box.waitFor({ state: "visible" });
    const caption = await box.locator(".cap").textContent();
    await page.keyboard.press("ArrowRight");
    assert.notEqual(await box.locator(".cap").textContent(), caption);
    await page.keyboard.press("Escape");
    await box.waitFor({ state: "hidden" });

    await page.locator("#only-failures").check();
    assert.equal(await page.locator("details.scn.ok").isVisible(), false);
    assert.equal(await failed.isVisible(), true);

    // A longer run: the first screenful is drawn at once, the rest in later tasks, all of them.
    const bigDir = join(root, "20240501-101501");
    await writeReport(bigDir, largeRun(120, 2));
    await page.goto(pathToFileURL(join(bigDir, "report.html")).href);
    await page.waitForFunction(() => document.querySelectorAll("details.scn").length === 120);
    const ids = await page.$$eval("details.scn", (ds) => ds.map((d) => d.id));
    assert.deepEqual(ids, Array.from({ length: 120 }, (_, i) => `s${i}`));
    assert.equal(await page.locator("details.scn.fail[open]").count(), 12);
    await page.locator("#only-failures").check();
    assert.equal(await page.locator("details.scn:visible").count(), 12);

    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await Deno.remove(root, { recursive: true });
  }
});
