/**
 * report.html's audit views in a real headless Chromium, opened from disk: element frames over the
 * screenshot that the reader can hide, the settle-timeout mark and wait rows, a step's exchanges and
 * log lines, the latency section — all without script errors or CSP violations.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "../report/fixtures.ts";
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

Deno.test("report.html in Chromium: frames over the screenshot, waits, traffic, latency", async () => {
  const root = await Deno.makeTempDir();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  try {
    const runDir = join(root, "20240501-101500");
    const input = smallRun();
    const failed = input.results[1];
    failed.attempts = 2;
    failed.route = "uiautomator2";
    failed.recoveries = [{
      attempt: 1,
      crash: "runner is gone",
      forcedErase: true,
      replaceDevice: false,
      retried: true,
    }];
    failed.result.launch = {
      kind: "launch",
      signal: "namespace",
      endedBy: "condition",
      reads: 4,
      seconds: 0.3,
      timeoutS: 10,
    };
    failed.result.expectWaits = [
      { kind: "assert-retry", endedBy: "timeout", reads: 7, seconds: 0.3, timeoutS: 0.3 },
    ];
    input.results[0].result.launch = {
      kind: "launch",
      signal: "readyWhen",
      endedBy: "stable",
      reads: 2,
      seconds: 0.05,
      timeoutS: 10,
      stableReads: 2,
    };
    const [typeStep, tapStep] = failed.result.steps;
    typeStep.waits = [{ kind: "settled", endedBy: "timeout", reads: 20, seconds: 1, timeoutS: 1 }];
    typeStep.ok = true;
    tapStep.overlay = {
      shot: "before",
      screen: [30, 60],
      scale: 2,
      boxes: [
        { frame: [2, 40, 25, 10], role: "candidate", label: "a" },
        { frame: [2, 50, 25, 10], role: "candidate", label: "b" },
      ],
      point: null,
    };
    tapStep.latency = { readS: 0.5, actS: 0.5, waitS: 0.5, evidenceS: 0.25 };
    const outcomes = input.results.flatMap((r) => [
      ...r.result.beforeOutcomes,
      ...r.result.steps,
      ...r.result.afterOutcomes,
    ]);
    for (const a of outcomes.flatMap((s) => s.artifacts)) {
      if (a.kind !== "screenshot") continue;
      await Deno.mkdir(join(runDir, dirname(a.name)), { recursive: true });
      await Deno.writeFile(join(runDir, a.name), PNG);
    }
    const tapStart = tapStep.startedAt!;
    await Deno.mkdir(join(runDir, failed.sid), { recursive: true });
    await Deno.writeTextFile(
      join(runDir, failed.sid, "network.json"),
      JSON.stringify([
        {
          method: "POST",
          url: "http://x/login",
          status: 503,
          durationMs: 7,
          startedAt: tapStart + 0.1,
        },
      ]),
    );
    failed.artifacts = [
      ...failed.artifacts,
      { name: `${failed.sid}/network.json`, kind: "network", provider: "collector" },
    ];
    await writeReport(runDir, { ...input, latencyBudget: { stepP95S: 0.001 } });

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    await page.goto(pathToFileURL(join(runDir, "report.html")).href);
    const block = page.locator("details.scn.fail");
    await block.locator("tr.step.failing").waitFor({ state: "visible" });

    // The failing tap's candidates are drawn over its before.png, in pixels (frame × scale).
    const svg = block.locator("tr.detail:not([hidden]) svg.overlay");
    await svg.waitFor({ state: "attached" });
    assert.equal(await svg.getAttribute("viewBox"), "0 0 60 120");
    const rects = svg.locator("rect.ov-candidate");
    assert.equal(await rects.count(), 2);
    assert.equal(await rects.first().getAttribute("y"), "80");
    const toggle = block.locator("tr.detail:not([hidden]) .frames-toggle input");
    await toggle.uncheck();
    assert.equal(await svg.evaluate((e) => getComputedStyle(e).display), "none");
    await toggle.check();
    assert.notEqual(await svg.evaluate((e) => getComputedStyle(e).display), "none");

    // A passing step that timed out a settle is marked, and its wait row says what ended it.
    const marked = block.locator("tr.step.timed-out .tmo");
    assert.equal(await marked.textContent(), "settle timeout");
    const extras = await block.locator("tr.extra").allTextContents();
    assert.ok(
      extras.some((t) => t.includes("settled: timed out, went on · 20 reads")),
      extras.join("|"),
    );
    assert.ok(extras.some((t) => t.includes("1 request · 1 failed")), extras.join("|"));

    // The launch gate: which rung fired and whether the screen held still; unsettled is marked.
    const launch = block.locator("p.launch");
    assert.match(
      (await launch.textContent()) ?? "",
      /^launch: namespace met, screen never held still, went on · 4 reads · 300 ms of 10.0s/,
    );
    assert.equal(await launch.locator(".tmo").textContent(), "settle timeout");
    // A passing scenario is built when opened.
    await page.locator("details.scn.ok > summary").click();
    const settled = page.locator("details.scn.ok p.launch");
    assert.match(
      (await settled.textContent()) ?? "",
      /^launch: readyWhen met, screen held still · 2 reads/,
    );
    assert.equal(await settled.locator(".tmo").count(), 0);
    // expect's re-read under the floor.
    assert.match(
      (await block.locator("p.wait").textContent()) ?? "",
      /^wait assert-retry: timed out · 7 reads · 300 ms of 0.3/,
    );

    // The failing step's panel lists its exchange, and its latency bar.
    const traffic = block.locator("tr.detail:not([hidden]) table.traffic tr.bad");
    assert.match((await traffic.textContent()) ?? "", /POST 503 http:\/\/x\/login \(7 ms\)/);
    assert.equal(await block.locator("tr.detail:not([hidden]) .lat-bar span").count(), 5);

    // The crash recovery: attempts, route, and what the retry did.
    const recovery = block.locator(".recovery");
    assert.match(
      (await recovery.locator("strong").textContent()) ?? "",
      /2 attempts · route uiautomator2/,
    );
    assert.deepEqual(await recovery.locator("tbody td").allTextContents(), [
      "1",
      "runner is gone",
      "after a forced erase",
    ]);

    // The run's latency section is open on a breached budget.
    const lat = page.locator("details.latency");
    assert.equal(await lat.evaluate((d) => (d as HTMLDetailsElement).open), true);
    assert.match(
      (await lat.locator(".budget.fail").textContent()) ?? "",
      /latency budget exceeded/,
    );

    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await Deno.remove(root, { recursive: true });
  }
});
