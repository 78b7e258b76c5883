/**
 * Calls and phases per step (docs/backends.md#page-calls-per-step):
 *
 * - device calls per step kind on the fake backend and page calls per step kind on the demo app
 *   (real Chromium, the 30-step flow, the demo's default evidence), against the budget in
 *   `bench/call_budget.json` (the CI-cheap guard is tests/bench/call_budget_test.ts);
 * - one tap step phase by phase (resolve, hit test, actuation, then the after-shot with the
 *   screen epoch and the post-step tree read alongside it), medians over the flow's taps, on the
 *   demo page as it is, with a same-origin iframe added, and with open shadow roots added. The
 *   scroll-into-view check is part of the hit test (an off-screen point is its answer), and a tap
 *   waits for no settle: neither is a call of its own.
 *
 * Writes the `calls` section of bench/BENCHMARKS.md (`--print-only`: prints it); exit 1 when a
 * step kind is over budget.
 *
 * @module
 */
import type { Page } from "playwright-core";
import { serveDemo } from "../demos/web/serve.ts";
import { launchBrowser } from "../src/drivers/web/browsers.ts";
import { loadBudget, overBudget } from "./call_budget.ts";
import { callsByKind, fakeFlowCalls, type StepCalls, webFlowCalls } from "./call_counts.ts";
import { writeSection } from "./sections.ts";

const ROUNDS = Number(Deno.env.get("BENCH_REPEATS") ?? "3");
const KINDS = ["tap", "type", "wait", "assert"];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A tap step's phases, ms. */
interface TapPhases {
  resolve: number;
  hit: number;
  act: number;
  epoch: number;
  tree: number;
  shot: number;
  step: number;
}

/** Splits a tap step's calls at its actuation: reads before it resolve, reads after are the tree. */
function tapPhases(s: StepCalls): TapPhases {
  const actAt = s.calls.findIndex((c) => c.what === "tap");
  const sum = (from: number, to: number, what: (w: string) => boolean) =>
    s.calls.slice(from, to).filter((c) => what(c.what)).reduce((a, c) => a + c.ms, 0);
  const isRead = (w: string) => w === "query" || w === "query frames";
  return {
    resolve: sum(0, actAt, isRead),
    hit: sum(0, actAt, (w) => w === "hit test"),
    act: s.calls[actAt]?.ms ?? NaN,
    epoch: sum(actAt + 1, s.calls.length, (w) => w === "screen epoch"),
    tree: sum(actAt + 1, s.calls.length, isRead),
    shot: sum(actAt + 1, s.calls.length, (w) => w === "screenshot"),
    step: s.durationS * 1000,
  };
}

function medianPhases(all: TapPhases[]): TapPhases {
  const m = (k: keyof TapPhases) => median(all.map((p) => p[k]));
  return {
    resolve: m("resolve"),
    hit: m("hit"),
    act: m("act"),
    epoch: m("epoch"),
    tree: m("tree"),
    shot: m("shot"),
    step: m("step"),
  };
}

/** Adds a same-origin iframe holding 40 buttons (the frame read and per-frame hit tests). */
async function addFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frame = document.createElement("iframe");
    frame.style.cssText = "position:fixed;right:0;bottom:0;width:300px;height:200px;border:0";
    frame.srcdoc = Array.from({ length: 40 }, (_, i) => `<button>frame ${i}</button>`).join("");
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
  });
}

/** Adds a custom element whose open shadow root holds 40 buttons. */
async function addShadowRoot(page: Page): Promise<void> {
  await page.evaluate(() => {
    const host = document.createElement("div");
    host.style.cssText = "position:fixed;right:0;bottom:0;width:300px;height:200px;overflow:auto";
    const root = host.attachShadow({ mode: "open" });
    root.innerHTML = Array.from({ length: 40 }, (_, i) => `<button>shadow ${i}</button>`).join("");
    document.body.append(host);
  });
}

const VARIANTS: [string, (page: Page) => Promise<void>][] = [
  ["the demo page", async () => {}],
  ["with a same-origin iframe (40 buttons)", addFrame],
  ["with an open shadow root (40 buttons)", addShadowRoot],
];

const fmt = (x: number) => (Number.isNaN(x) ? "–" : x.toFixed(1));

const printOnly = Deno.args.includes("--print-only");
const budget = { fake: await loadBudget("fake"), web: await loadBudget("web") };
const tmp = await Deno.makeTempDir({ prefix: "bajutsu-bench-calls-" });
const server = await serveDemo();
const browser = await launchBrowser("chromium", { headless: true });
let out: string;
let over: string[];
try {
  const fake = callsByKind(await fakeFlowCalls(`${tmp}/fake`));
  const web = callsByKind(await webFlowCalls(browser, server.url, `${tmp}/web`));
  over = [...overBudget("fake", fake, budget.fake), ...overBudget("web", web, budget.web)];
  const phases: TapPhases[][] = VARIANTS.map(() => []);
  // Interleaved rounds, so the machine's load drifts over every variant alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, prepare]] of VARIANTS.entries()) {
      const steps = await webFlowCalls(
        browser,
        server.url,
        `${tmp}/phases-${round}-${i}`,
        undefined,
        prepare,
      );
      for (const s of steps) if (s.action === "tap" && s.index > 0) phases[i].push(tapPhases(s));
    }
  }
  const load = Deno.loadavg().map((x) => x.toFixed(1)).join(" ");
  const row = (kind: string) =>
    `| ${kind} | ${fake[kind] ?? "–"} | ${budget.fake[kind] ?? "–"} | ${web[kind] ?? "–"} | ${
      budget.web[kind] ?? "–"
    } |`;
  out = [
    "Device calls per step kind (the most any step of that kind made after the first step; a",
    "wait's repeated polls count once), on the fake backend (the run loop's calls: `query`,",
    "`tap`, `screenshotBytes`, …) and on the demo app in headless Chromium (the web driver's",
    "bounded page calls: scan, hit test, input, screen epoch, capture), the 30-step flow with",
    "the demo's default evidence. `tests/bench/call_budget_test.ts` fails CI when a kind goes",
    "over `bench/call_budget.json`.",
    "",
    "| step kind | fake | fake budget | web (demo) | web budget |",
    "|---|---|---|---|---|",
    ...KINDS.map(row),
    "",
    `One tap step, phase by phase: medians over the flow's taps (${ROUNDS} interleaved rounds,`,
    "ms). The after-shot is sent first; the screen epoch it keeps and the post-step tree go",
    "alongside it, so the step pays the longest of the three, not their sum. The",
    "scroll-into-view check is part of the hit test. Load average when done: " + load + ".",
    "",
    "| page | resolve (read) | hit test | actuation | after-shot | screen epoch (alongside) | tree (alongside) | whole step |",
    "|---|---|---|---|---|---|---|---|",
    ...VARIANTS.map(([name], i) => {
      const p = medianPhases(phases[i]);
      return `| ${name} | ${fmt(p.resolve)} | ${fmt(p.hit)} | ${fmt(p.act)} | ${fmt(p.shot)} | ${
        fmt(p.epoch)
      } | ${fmt(p.tree)} | ${fmt(p.step)} |`;
    }),
    "",
    over.length === 0 ? "Every step kind is within its budget." : `Over budget: ${over.join("; ")}`,
  ].join("\n");
} finally {
  await browser.close();
  await server.close();
  await Deno.remove(tmp, { recursive: true });
}
console.log(out);
if (!printOnly) await writeSection("calls", out);
if (over.length > 0) Deno.exit(1);
