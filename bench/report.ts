/**
 * Report benchmark: writes the reports of a synthetic 1,000 scenario × 20 step run (no
 * screenshots; target < 2 s), after the redaction pass `bajutsu run` makes over the records
 * first (two secrets full of characters that need escaping), and measures report.html's first
 * screen in headless Chromium (goto start → first scenario block visible; target < 1 s). Prints
 * the figures and writes the `report` section of bench/BENCHMARKS.md (`--print-only` skips the
 * file).
 */
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { writeReport } from "../src/report/write_report.ts";
import { Redactor } from "../src/evidence/redact.ts";
import { recordRedactor } from "../src/runner/redact_records.ts";
import { largeRun } from "../tests/report/fixtures.ts";
import { writeSection } from "./sections.ts";
import { CHROMIUM_ARGS } from "../src/drivers/web/browsers.ts";

const SCENARIOS = 1000;
const STEPS = 20;
const WRITE_TARGET_MS = 2000;
const RENDER_TARGET_MS = 1000;
const ROUNDS = 3;
/** What a run's secrets may look like: every character some spelling escapes. */
const SECRETS = ['Tr0ub"le\\ d&r <é> x', "Çlé\\z'\"<b> & 9+1% ok"];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ms = (x: number) => `${x.toFixed(0)} ms`;

const root = await Deno.makeTempDir({ prefix: "bajutsu-bench-report-" });
try {
  const input = largeRun(SCENARIOS, STEPS);
  const writes: number[] = [];
  const redactions: number[] = [];
  const cpu: number[] = [];
  let runDir = "";
  for (let i = 0; i < ROUNDS; i++) {
    runDir = join(root, `20240501-10150${i}`);
    const c0 = process.cpuUsage();
    const r0 = performance.now();
    const redact = recordRedactor(new Redactor({ secrets: SECRETS, onWarning: () => {} }));
    const results = input.results.map(redact);
    redactions.push(performance.now() - r0);
    const t0 = performance.now();
    await writeReport(runDir, { ...input, results });
    writes.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const htmlBytes = (await Deno.stat(join(runDir, "report.html"))).size;
  const manifestBytes = (await Deno.stat(join(runDir, "manifest.json"))).size;

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  const renders: number[] = [];
  const inPage: number[] = [];
  const floor: number[] = [];
  try {
    // The same measurement on a one-element page: the fixed cost of goto + Playwright polling.
    const trivial = join(root, "trivial.html");
    await Deno.writeTextFile(trivial, '<!doctype html><details class="scn"><summary>x</summary>');
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage();
      const t0 = performance.now();
      await page.goto(pathToFileURL(trivial).href, { waitUntil: "commit" });
      await page.locator("details.scn").first().waitFor({ state: "visible" });
      floor.push(performance.now() - t0);
      await page.close();
    }
    const url = pathToFileURL(join(runDir, "report.html")).href;
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage();
      // In-page clock: navigation start → the first animation frame after the first scenario
      // block is in the DOM (what the user sees, free of the CDP polling delay).
      await page.addInitScript(() => {
        new MutationObserver((_, obs) => {
          if (!document.querySelector("details.scn")) return;
          obs.disconnect();
          requestAnimationFrame(() => performance.mark("bench:first-scenario"));
        }).observe(document, { childList: true, subtree: true });
      });
      const t0 = performance.now();
      await page.goto(url, { waitUntil: "commit" });
      await page.locator("details.scn").first().waitFor({ state: "visible" });
      renders.push(performance.now() - t0);
      inPage.push(
        await page.evaluate(() =>
          performance.getEntriesByName("bench:first-scenario")[0].startTime
        ),
      );
      // Sanity: every block is drawn soon after (the first screenful comes first).
      await page.waitForFunction(
        (n) => document.querySelectorAll("details.scn").length === n,
        SCENARIOS,
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }

  const write = median(writes);
  const redaction = median(redactions);
  const writeCpu = median(cpu);
  const render = median(renders);
  const frame = median(inPage);
  const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "? ? ?")).split(" ")[0];
  const verdict = (ms: number, target: number) => (ms < target ? "ok" : "MISSED");
  const body = `
Synthetic run: ${SCENARIOS} scenarios × ${STEPS} steps, no screenshots, 1 in 10 failing
(manifest.json ${mib(manifestBytes)} MiB, report.html ${mib(htmlBytes)} MiB). Median of ${ROUNDS};
load average ${load} on this 2-core machine when measured.

| measure | time | target | |
|---|---|---|---|
| \`writeReport\` wall (manifest, junit, ctrf, report.html, runs index) | ${
    ms(write)
  } | < ${WRITE_TARGET_MS} ms | ${verdict(write, WRITE_TARGET_MS)} |
| redaction pass over the records before it (2 secrets) | ${ms(redaction)} | — | |
| \`writeReport\` CPU (user + system; redaction included) | ${ms(writeCpu)} | — | |
| report.html first screen, Playwright (goto → first scenario visible) | ${
    ms(render)
  } | < ${RENDER_TARGET_MS} ms | ${verdict(render, RENDER_TARGET_MS)} |
| report.html first screen, in page (navigation → first frame with the list) | ${ms(frame)} | — | |
| same Playwright measure on a one-element page (fixed cost) | ${ms(median(floor))} | — | |
`;
  console.log(body.trim());
  const raw = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  console.log(
    `raw ms: write ${raw(writes)}; redact ${raw(redactions)}; cpu ${raw(cpu)}; visible ${
      raw(renders)
    }; frame ${raw(inPage)}; floor ${raw(floor)}`,
  );
  if (!Deno.args.includes("--print-only")) await writeSection("report", body);
  if (write >= WRITE_TARGET_MS || render >= RENDER_TARGET_MS) Deno.exitCode = 1;
} finally {
  await Deno.remove(root, { recursive: true });
}
