/**
 * Web backend benchmark on real headless Chromium (loopback only):
 *
 * (a) `query()` on pages whose tree has about 100, 1,000 and 5,000 elements, against its floor
 *     in the same run (`querySelectorAll` of every element, its id, tag, first text and box, as
 *     one JSON string, over the same CDP route). Target at 1,000: ≤ 5 ms and ≤ 1.5 × the floor.
 *     Also printed: the in-page scan alone, the scan called with its source on every
 *     call (before the lookup-first call of src/drivers/web/page_call.ts; a stateless full
 *     reply, as is the lookup-first figure beside it), and the older scan's node set with
 *     `innerText` labels (the road not taken).
 * (b) a 30-step flow (typing, taps, a wait, assertions through our `evaluate`) run by
 *     `runScenario` on the WebDriver with the NullSink, against the same flow as a plain
 *     playwright-core script using locators. Target: ratio ≤ 1.25.
 * (d) always-on evidence per step: the same flow through the FileSink minus the NullSink flow,
 *     per step (the verdict: a step's after-shot stands in for the next before-shot, so a step
 *     pays one capture plus its tree). Also printed: the capture the driver uses (CDP
 *     `Page.captureScreenshot`, optimizeForSpeed), `page.screenshot` for comparison, and a raw
 *     before + tree + after sequence (shots with the unchanged-screen reuse off: real captures).
 *     Targets: ≤ 30 ms per step and ≤ 1.2 × the floor, one full-viewport capture measured in the
 *     same run. `--only a,b,d` runs some sections (a partial run prints, never writes).
 *
 * Medians over rounds (best in brackets). Prints markdown; writes the `web` section of
 * bench/BENCHMARKS.md unless `--print-only`. Exit code 1 when a target is missed.
 */
import type { Browser, Page } from "playwright-core";
import { findBrowser, launchBrowser } from "../src/drivers/web/browsers.ts";
import {
  DEFAULT_TEST_ID_ATTRIBUTE,
  MAX_LABEL,
  pageScan,
  type ScanArgs,
} from "../src/drivers/web/dom_scan.ts";
import { cdpPageCall, PageCallees, pageCallExpression } from "../src/drivers/web/page_call.ts";
import { WebDriver } from "../src/drivers/web/web_driver.ts";
import { FileSink } from "../src/evidence/file_sink.ts";
import { NullSink } from "../src/evidence/null_sink.ts";
import { Redactor } from "../src/evidence/redact.ts";
import type { EvidenceSink } from "../src/evidence/sink.ts";
import { runScenario } from "../src/orchestrator/run_scenario.ts";
import type { Scenario, Step } from "../src/scenario/types.ts";
import { realClock } from "../src/time/clock.ts";
import { writeSection } from "./sections.ts";

const VIEWPORT = { width: 1280, height: 720 };
/** A phone-sized viewport (a third of the pixels), for the capture cost's dependence on size. */
const MOBILE = { width: 390, height: 844 };
const QUERY_TARGET_MS = 5;
const RATIO_TARGET = 1.25;
const EVIDENCE_TARGET_MS = 30;
const QUERY_FLOOR_RATIO = 1.5;
const EVIDENCE_FLOOR_RATIO = 1.2;
const FLOW_ROUNDS = 7;

// ---------------------------------------------------------------------------------------------
// Timing helpers

interface Stat {
  median: number;
  best: number;
  p90: number;
}

function stat(xs: number[]): Stat {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)],
    best: s[0],
    p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))],
  };
}

async function timeIt(rounds: number, warmup: number, fn: () => Promise<unknown>): Promise<Stat> {
  for (let i = 0; i < warmup; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return stat(xs);
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const fig = (s: Stat) => `${ms(s.median)} (${ms(s.best)})`;

// ---------------------------------------------------------------------------------------------
// (a) query()

/**
 * A list page whose tree has about `n` elements: the root, a nav with a link, the list, and rows
 * of five (the row, its text, a test-id'd button, a link and an input).
 */
function listPage(n: number): string {
  const rows: string[] = [];
  for (let i = 0; i < Math.floor((n - 4) / 5); i++) {
    rows.push(
      `<li data-testid="list.row.${i}"><span>Item ${i}</span>
        <button data-testid="list.row.${i}.buy">Buy ${i}</button>
        <a href="#item-${i}">Details</a> <input value="qty ${i}"></li>`,
    );
  }
  return `<!doctype html><body><nav role="navigation"><a href="#">Home</a></nav>
    <ul role="list">${rows.join("\n")}</ul></body>`;
}

/**
 * The floor of a read: every element under the body by `querySelectorAll`, each its test id, tag,
 * first text and box, serialised as one JSON string (what any tree read must at least do).
 */
function floorScan(testId: string): string {
  const rows: unknown[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    const first = el.firstChild;
    const text = first !== null && first.nodeType === 3 ? (first as Text).data : null;
    rows.push([el.getAttribute(testId), el.tagName, text, r.x, r.y, r.width, r.height]);
  }
  return JSON.stringify(rows);
}

/** The old scan's node set, with `innerText` labels instead of `textContent` (not used). */
function innerTextScan(args: { testId: string; maxLabel: number }): string {
  const rows: unknown[] = [];
  const selector = `[${args.testId}], button, a, input, select, textarea, [role]`;
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (getComputedStyle(el).visibility !== "visible") continue;
    const aria = el.getAttribute("aria-label");
    const text = ((el as HTMLElement).innerText || "").trim();
    const label = aria && aria.trim() ? aria.trim() : text ? text.slice(0, args.maxLabel) : null;
    rows.push([
      el.getAttribute("data-testid"),
      el.tagName,
      label,
      null,
      0,
      r.x,
      r.y,
      r.width,
      r.height,
    ]);
  }
  return JSON.stringify(rows);
}

/**
 * The full scan over CDP, interleaved so load drift hits both alike: its source evaluated on
 * every call (the registry still keeps one definition) against the lookup-first call.
 */
async function sourceVsLookup(page: Page, args: ScanArgs, rounds: number) {
  const session = await page.context().newCDPSession(page);
  try {
    const callees = new PageCallees();
    const everyCall = () =>
      session.send("Runtime.evaluate", {
        expression: pageCallExpression(pageScan, args, callees),
        returnByValue: true,
        awaitPromise: true,
      });
    const lookupFirst = () => cdpPageCall(session, pageScan, args, callees);
    const source: number[] = [];
    const lookup: number[] = [];
    for (let i = 0; i < 5; i++) {
      await everyCall();
      await lookupFirst();
    }
    for (let i = 0; i < rounds * 2; i++) {
      let t0 = performance.now();
      await everyCall();
      source.push(performance.now() - t0);
      t0 = performance.now();
      await lookupFirst();
      lookup.push(performance.now() - t0);
    }
    return { source: stat(source), lookup: stat(lookup) };
  } finally {
    await session.detach();
  }
}

async function benchQuery(browser: Browser) {
  const rows: string[] = [];
  let at1000 = Infinity;
  let floor1000 = Infinity;
  for (const n of [100, 1000, 5000]) {
    const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      await page.setContent(listPage(n));
      const driver = new WebDriver({ page, engine: "chromium" });
      const count = (await driver.query()).length;
      const rounds = n >= 5000 ? 20 : 60;
      const query = await timeIt(rounds, 5, () => driver.query());
      const args = { testId: DEFAULT_TEST_ID_ATTRIBUTE, maxLabel: MAX_LABEL };
      const inPage = stat(
        await page.evaluate(({ src, args, rounds }) => {
          const scan = (0, eval)(`(${src})`);
          const xs: number[] = [];
          for (let i = 0; i < rounds; i++) {
            const t0 = performance.now();
            scan(args);
            xs.push(performance.now() - t0);
          }
          return xs;
        }, { src: pageScan.toString(), args, rounds }),
      );
      const inner = await timeIt(rounds, 3, () => page.evaluate(innerTextScan, args));
      const calls = await sourceVsLookup(page, args, rounds);
      const floor = await floorOf(page, rounds);
      if (n === 1000) {
        at1000 = query.median;
        floor1000 = floor.median;
      }
      rows.push(
        `| ${n.toLocaleString("en")} (${count} kept) | ${fig(query)} | ${ms(query.p90)} | ${
          fig(floor)
        } | ${(query.median / floor.median).toFixed(2)} | ${fig(inPage)} | ${fig(calls.source)} | ${
          fig(calls.lookup)
        } | ${fig(inner)} |`,
      );
    } finally {
      await context.close();
    }
  }
  return { rows, at1000, floor1000 };
}

/** The floor read over the driver's own route (CDP, a named function defined once). */
async function floorOf(page: Page, rounds: number): Promise<Stat> {
  const session = await page.context().newCDPSession(page);
  try {
    const callees = new PageCallees();
    return await timeIt(
      rounds,
      5,
      () => cdpPageCall(session, floorScan, DEFAULT_TEST_ID_ATTRIBUTE, callees),
    );
  } finally {
    await session.detach();
  }
}

// ---------------------------------------------------------------------------------------------
// (b) and (d): the 30-step flow

const APP = `<!doctype html><html><head><style>
  body { font: 14px sans-serif; margin: 0 }
  section { padding: 16px } [hidden] { display: none !important }
  nav button[aria-selected=true] { font-weight: bold }
</style></head><body>
<section id="login">
  <input data-testid="login.user" placeholder="User">
  <input data-testid="login.pass" type="password" placeholder="Password">
  <button data-testid="login.submit">Sign in</button>
</section>
<section id="home" hidden>
  <h1 data-testid="home.title"></h1>
  <button data-testid="counter.inc">Add one</button>
  <button data-testid="counter.reset">Reset</button>
  <p data-testid="counter.value">0</p>
  <input data-testid="list.search" placeholder="Filter">
  <ul id="rows"></ul>
  <div id="detail" hidden><h2 data-testid="detail.title"></h2>
    <button data-testid="detail.back">Back</button></div>
</section>
<nav><button data-testid="tab.home" aria-selected="true">Home</button>
  <button data-testid="tab.search" aria-selected="false">Search</button>
  <button data-testid="tab.settings" aria-selected="false">Settings</button></nav>
<h2 data-testid="settings.title" hidden>Settings</h2>
<script>
  const $ = (id) => document.querySelector('[data-testid="' + id + '"]');
  $("login.submit").onclick = () => {
    document.getElementById("login").hidden = true;
    document.getElementById("home").hidden = false;
    $("home.title").textContent = "Welcome, " + $("login.user").value;
  };
  let count = 0;
  $("counter.inc").onclick = () => $("counter.value").textContent = String(++count);
  $("counter.reset").onclick = () => $("counter.value").textContent = String(count = 0);
  const rows = document.getElementById("rows");
  for (let i = 0; i < 50; i++) {
    const li = document.createElement("li");
    li.dataset.testid = "list.row." + i;
    li.textContent = "Item " + i;
    li.onclick = () => {
      document.getElementById("detail").hidden = false;
      $("detail.title").textContent = "Item " + i;
    };
    rows.append(li);
  }
  $("list.search").oninput = (e) => {
    for (const li of rows.children) li.hidden = !li.textContent.includes(e.target.value);
  };
  $("detail.back").onclick = () => document.getElementById("detail").hidden = true;
  for (const tab of document.querySelectorAll("nav button")) {
    tab.onclick = () => {
      for (const t of document.querySelectorAll("nav button")) t.setAttribute("aria-selected", String(t === tab));
      $("settings.title").hidden = tab.dataset.testid !== "tab.settings";
    };
  }
</script></body></html>`;

const tap = (id: string): Step => ({ action: "tap", body: { id } });
const type = (id: string, text: string): Step => ({
  action: "type",
  body: { text, into: { id }, submit: false },
});

/** 30 steps: sign in, count to 10, filter a list, open a row, switch tabs, with assertions. */
// Keep FLOW at 30 steps: the report quotes per-step figures.
const FLOW: Step[] = [
  type("login.user", "alice"),
  type("login.pass", "secret"),
  tap("login.submit"),
  { action: "wait", body: { for: { id: "home.title" }, timeout: 5 } },
  {
    action: "assert",
    body: [{ kind: "label", sel: { id: "home.title" }, op: { equals: "Welcome, alice" } }],
  },
  ...Array.from({ length: 10 }, () => tap("counter.inc")),
  {
    action: "assert",
    body: [{ kind: "label", sel: { id: "counter.value" }, op: { equals: "10" } }],
  },
  tap("counter.reset"),
  {
    action: "assert",
    body: [{ kind: "label", sel: { id: "counter.value" }, op: { equals: "0" } }],
  },
  type("list.search", "7"),
  {
    action: "assert",
    body: [{ kind: "count", sel: { idMatches: "list.row.*" }, op: { equals: 5 } }],
  },
  tap("list.row.17"),
  { action: "wait", body: { for: { id: "detail.title", label: "Item 17" }, timeout: 5 } },
  {
    action: "assert",
    body: [{ kind: "label", sel: { id: "detail.title" }, op: { equals: "Item 17" } }],
  },
  tap("detail.back"),
  tap("tab.search"),
  tap("tab.settings"),
  { action: "assert", body: [{ kind: "selected", sel: { id: "tab.settings" } }] },
  { action: "assert", body: [{ kind: "exists", sel: { id: "settings.title" }, negate: false }] },
  tap("tab.home"),
  {
    action: "assert",
    body: [{ kind: "exists", sel: { id: "settings.title" }, negate: true }],
  },
];

function flowScenario(): Scenario {
  return {
    name: "web-bench",
    tags: [],
    preconditions: { reinstall: "overwrite", launchArgs: [], launchEnv: {} },
    before: [],
    after: [],
    steps: FLOW,
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
  };
}

/** The same flow as an idiomatic playwright-core script (locators, keyboard, reads). */
async function plainFlow(page: Page): Promise<void> {
  const at = (id: string) => page.locator(`[data-testid="${id}"]`);
  const expect = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`plain flow: ${what}`);
  };
  const typeInto = async (id: string, text: string) => {
    await at(id).click();
    await page.keyboard.type(text);
  };
  await typeInto("login.user", "alice");
  await typeInto("login.pass", "secret");
  await at("login.submit").click();
  await at("home.title").waitFor();
  expect((await at("home.title").textContent()) === "Welcome, alice", "title");
  for (let i = 0; i < 10; i++) await at("counter.inc").click();
  expect((await at("counter.value").textContent()) === "10", "count 10");
  await at("counter.reset").click();
  expect((await at("counter.value").textContent()) === "0", "count 0");
  await typeInto("list.search", "7");
  expect((await page.locator(`[data-testid^="list.row."]:visible`).count()) === 5, "5 rows");
  await at("list.row.17").click();
  await page.locator(`[data-testid="detail.title"]`, { hasText: "Item 17" }).waitFor();
  expect((await at("detail.title").textContent()) === "Item 17", "detail");
  await at("detail.back").click();
  await at("tab.search").click();
  await at("tab.settings").click();
  expect((await at("tab.settings").getAttribute("aria-selected")) === "true", "selected");
  expect(await at("settings.title").isVisible(), "settings shown");
  await at("tab.home").click();
  expect(!(await at("settings.title").isVisible()), "settings hidden");
}

async function withFlowPage<T>(
  browser: Browser,
  fn: (page: Page) => Promise<T>,
  viewport = VIEWPORT,
): Promise<T> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  try {
    const page = await context.newPage();
    await page.setContent(APP);
    return await fn(page);
  } finally {
    await context.close();
  }
}

async function ourFlow(browser: Browser, sink: () => EvidenceSink): Promise<number> {
  return await withFlowPage(browser, async (page) => {
    const driver = new WebDriver({ page, engine: "chromium" });
    const s = sink();
    const t0 = performance.now();
    const r = await runScenario(driver, flowScenario(), {
      clock: realClock,
      sink: s,
      scenarioId: "00-web-bench",
    });
    const elapsed = performance.now() - t0;
    await s.flush();
    if (!r.ok) throw new Error(`bench flow failed: ${r.failure}`);
    return elapsed;
  });
}

async function timedPlain(browser: Browser): Promise<number> {
  return await withFlowPage(browser, async (page) => {
    const t0 = performance.now();
    await plainFlow(page);
    return performance.now() - t0;
  });
}

async function benchFlow(browser: Browser, tmp: string) {
  await ourFlow(browser, () => new NullSink());
  await timedPlain(browser);
  const ours: number[] = [];
  const plain: number[] = [];
  const filed: number[] = [];
  let n = 0;
  for (let i = 0; i < FLOW_ROUNDS; i++) {
    // Interleaved, so drift in the machine's load hits all three alike.
    ours.push(await ourFlow(browser, () => new NullSink()));
    plain.push(await timedPlain(browser));
    filed.push(
      await ourFlow(browser, () => new FileSink(`${tmp}/run${n++}`, { redactor: new Redactor() })),
    );
  }
  return { ours: stat(ours), plain: stat(plain), filed: stat(filed) };
}

async function benchCapture(browser: Browser) {
  const desktop = await withFlowPage(browser, async (page) => {
    // Real captures: on this idle page every shot after the first would be a reuse.
    const driver = new WebDriver({ page, engine: "chromium", reuseUnchangedShots: false });
    const cdp = await timeIt(30, 3, () => driver.screenshotBytes());
    const pw = await timeIt(30, 3, () => page.screenshot({ type: "png" }));
    const tree = await timeIt(30, 3, () => driver.query());
    const pair = await timeIt(30, 3, async () => {
      await driver.screenshotBytes();
      await driver.query();
      await driver.screenshotBytes();
    });
    // The PNG is made by the browser's compositor, the tree by the page: they can overlap.
    const overlapped = await timeIt(30, 3, async () => {
      await Promise.all([driver.screenshotBytes(), driver.query()]);
      await driver.screenshotBytes();
    });
    return { cdp, pw, tree, pair, overlapped };
  });
  const mobile = await withFlowPage(browser, async (page) => {
    await page.setViewportSize(MOBILE);
    const driver = new WebDriver({ page, engine: "chromium", reuseUnchangedShots: false });
    return await timeIt(30, 3, async () => {
      await driver.screenshotBytes();
      await driver.query();
      await driver.screenshotBytes();
    });
  }, MOBILE);
  return { ...desktop, mobile };
}

// ---------------------------------------------------------------------------------------------

/** `--only a,b,d`: the sections to run (default all). */
function sections(args: string[]): Set<string> {
  const i = args.indexOf("--only");
  return new Set(i >= 0 && args[i + 1] ? args[i + 1].split(",") : ["a", "b", "d"]);
}

const wanted = sections(Deno.args);
const tmp = await Deno.makeTempDir({ prefix: "bajutsu-bench-web-" });
const browserPath = findBrowser("chromium").executablePath;
const browser = await launchBrowser("chromium", { headless: true });
try {
  const version = browser.version();
  const body = [
    `Headless Chromium ${version} (${browserPath}), playwright-core 1.64.1, viewport`,
    `${VIEWPORT.width}×${VIEWPORT.height}, loopback only. Figures: median (best).`,
    `Load average while measuring: ${Deno.loadavg().map((x) => x.toFixed(1)).join(" ")}.`,
  ];
  const misses: string[] = [];
  if (wanted.has("a")) {
    const query = await benchQuery(browser);
    const overFloor = query.at1000 / query.floor1000;
    body.push(
      "",
      `### (a) query() — target at 1,000 elements: ≤ ${QUERY_TARGET_MS} ms and ≤ ${QUERY_FLOOR_RATIO} × the floor`,
      "",
      "| tree elements | query() | p90 | floor (querySelectorAll → one JSON string) | query/floor | in-page scan only | full scan, source sent every call (before) | full scan, lookup first (used) | innerText variant (not used) |",
      "|---|---|---|---|---|---|---|---|---|",
      ...query.rows,
    );
    if (query.at1000 > QUERY_TARGET_MS) misses.push(`query at 1,000: ${ms(query.at1000)}`);
    if (overFloor > QUERY_FLOOR_RATIO) {
      misses.push(`query at 1,000 is ${overFloor.toFixed(2)} × its floor`);
    }
  }
  const steps = FLOW.length;
  let flow: Awaited<ReturnType<typeof benchFlow>> | null = null;
  if (wanted.has("b") || wanted.has("d")) flow = await benchFlow(browser, tmp);
  if (flow !== null && wanted.has("b")) {
    const ratio = flow.ours.median / flow.plain.median;
    body.push(
      "",
      `### (b) ${steps}-step flow — target: WebDriver / plain script ≤ ${RATIO_TARGET}`,
      "",
      "| run | whole flow | per step |",
      "|---|---|---|",
      `| runScenario + WebDriver + NullSink | ${fig(flow.ours)} | ${
        ms(flow.ours.median / steps)
      } |`,
      `| plain playwright-core script (locators) | ${fig(flow.plain)} | ${
        ms(flow.plain.median / steps)
      } |`,
      `| ratio | ${ratio.toFixed(2)} | |`,
    );
    if (ratio > RATIO_TARGET) misses.push(`flow ratio ${ratio.toFixed(2)}`);
  }
  if (flow !== null && wanted.has("d")) {
    const capture = await benchCapture(browser);
    const perStepEvidence = (flow.filed.median - flow.ours.median) / steps;
    const overFloor = perStepEvidence / capture.cdp.median;
    body.push(
      "",
      `### (d) always-on evidence per step — target ≤ ${EVIDENCE_TARGET_MS} ms and ≤ ${EVIDENCE_FLOOR_RATIO} × the floor`,
      "",
      "| capture | time |",
      "|---|---|",
      `| **floor**: one full-viewport PNG via CDP Page.captureScreenshot (optimizeForSpeed; used) | ${
        fig(capture.cdp)
      } |`,
      `| PNG via page.screenshot (not used) | ${fig(capture.pw)} |`,
      `| element tree (query) | ${fig(capture.tree)} |`,
      `| before PNG + tree + after PNG, back to back | ${fig(capture.pair)} |`,
      `| the same with the before PNG and the tree overlapped | ${fig(capture.overlapped)} |`,
      `| back to back at ${MOBILE.width}×${MOBILE.height} | ${fig(capture.mobile)} |`,
      `| **flow with FileSink − flow with NullSink, per step (the verdict)** | **${
        ms(perStepEvidence)
      }** |`,
      `| **evidence per step / floor** | **${overFloor.toFixed(2)}** |`,
    );
    if (perStepEvidence > EVIDENCE_TARGET_MS) {
      misses.push(`evidence ${ms(perStepEvidence)} per step`);
    }
    if (overFloor > EVIDENCE_FLOOR_RATIO) {
      misses.push(`evidence per step ${overFloor.toFixed(2)} × its floor`);
    }
  }
  const text = body.join("\n");
  console.log(text);
  console.log(misses.length ? `targets missed: ${misses.join("; ")}` : "targets met");
  const partial = wanted.size < 3;
  if (!partial && !Deno.args.includes("--print-only")) await writeSection("web", text);
  if (misses.length) Deno.exitCode = 1;
} finally {
  await browser.close();
  await Deno.remove(tmp, { recursive: true });
}
