/**
 * Demo-app benchmarks, whole processes timed on the bundled demo app:
 *
 * (c) the same 30-step flow (taps, typing, assertions) through `bajutsu run` with its default
 *     evidence; the floor, a plain playwright-core script (node; `page.click(selector)`,
 *     `page.fill`, one read per expectation; bajutsu's Chromium flags); the same script with one
 *     viewport PNG per step (the physical floor of a step that keeps an after-shot); and a
 *     `@playwright/test` spec with `trace: "on"`, interleaved round by round, every contestant on
 *     the same browser binary (the headless shell when installed). Playwright is installed with
 *     npm into a temporary folder at bench time (never a project dependency). Targets (issue
 *     figures, against the plain script): whole process ≤ 1.15, tap and type steps ≤ 1.3 ×, an
 *     assertion step ≤ 2 ×, bajutsu/playwright test ≤ 0.6, and the time outside the steps
 *     (process start, config, browser, reports: the wall time minus the steps) within 0.2 s of
 *     the plain script's.
 * (e) the demo suite with `--workers 1` vs `--workers 2`, interleaved, with the machine's ceiling
 *     measured in the same rounds (the 30-step flow alone, then two processes of it at once).
 *     Target: speed-up ≥ 1.6.
 *
 * Each figure is the median of `BENCH_REPEATS` (default 5 for (c), 3 for (e)) runs after one
 * warm-up run. `--only c` or `--only e` runs one part (a partial run prints, never writes).
 */
import { join } from "node:path";
import { CHROMIUM_ARGS, findBrowser } from "../src/drivers/web/browser_discovery.ts";
import { serveDemo } from "../demos/web/serve.ts";
import { DEMO_CONFIG, DEMO_PASSWORD, demoRunArgs, REPO_ROOT } from "../scripts/demo.ts";
import { demoFlowYaml } from "./call_counts.ts";
import { writeSection } from "./sections.ts";

const PLAYWRIGHT_VERSION = "1.64.1";
const FLOW_REPEATS = Number(Deno.env.get("BENCH_REPEATS") ?? "5");
const SUITE_REPEATS = Number(Deno.env.get("BENCH_REPEATS") ?? "3");
const RAW_RATIO_TARGET = 1.15;
const PWTEST_RATIO_TARGET = 0.6;
const ASSERT_RATIO_TARGET = 2;
const OUTSIDE_TARGET_S = 0.2;
/** Per action, bajutsu's step / the plain script's. */
const ACTION_RATIO_TARGET = 1.3;
const SPEEDUP_TARGET = 1.6;
const INCREMENTS = 10;
const KINDS = ["tap", "type", "wait", "assert"] as const;

/** One timed process. */
interface Timed {
  seconds: number;
  code: number;
  output: string;
  stderr: string;
}

async function timed(cmd: string, args: string[], opts: Deno.CommandOptions = {}): Promise<Timed> {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd, { ...opts, args, stdin: "null" }).output();
  const seconds = (performance.now() - t0) / 1000;
  const dec = new TextDecoder();
  const stderr = dec.decode(out.stderr);
  return { seconds, code: out.code, output: dec.decode(out.stdout) + stderr, stderr };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function checked(label: string, r: Timed): Timed {
  if (r.code !== 0) throw new Error(`${label} exited ${r.code}:\n${r.output}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// The 30-step flow: a bajutsu scenario, a plain script and a Playwright spec.

/** The bajutsu scenario: 5 login + 2 open + 2×10 count + 3 return = 30 steps. */
export function flowScenarioYaml(): string {
  return demoFlowYaml('"${secrets.DEMO_PASSWORD}"', INCREMENTS);
}

/** The same flow as a `@playwright/test` spec (idiomatic locators and web-first assertions). */
export function flowSpec(): string {
  return `import { test, expect } from "@playwright/test";

test("thirty step flow", async ({ page }) => {
  const id = (t) => page.getByTestId(t);
  await page.goto("/");
  await id("onboarding.skip").click();
  await expect(id("login.username")).toBeVisible();
  await id("login.username").fill("demo");
  await id("login.password").fill(process.env.DEMO_PASSWORD);
  await id("login.password").press("Enter");
  await expect(id("home.title")).toBeVisible();
  await id("home.counter").click();
  await expect(id("counter.value")).toBeVisible();
  for (let i = 1; i <= ${INCREMENTS}; i++) {
    await id("counter.increment").click();
    await expect(id("counter.value")).toHaveText(String(i));
  }
  await id("nav.back").click();
  await expect(id("home.title")).toBeVisible();
  await expect(id("home.title")).toHaveText("Welcome, demo");
});
`;
}

/**
 * The same flow as a plain playwright-core script run by node, the floor a good engineer writes
 * by hand: `page.click(selector)`, `page.fill` (then `page.keyboard` for the submitting Enter),
 * one `textContent` read per expectation re-read only until it holds (as a web-first assertion
 * would), each step timed; launched with bajutsu's own Chromium flags on the same binary. Prints
 * `{"steps": [[kind, ms], …]}` as its last stderr line.
 */
export function rawScript(): string {
  return `import { chromium } from "playwright-core";
import { writeFile } from "node:fs/promises";
const steps = [];
// SHOTS=<dir>: the evidence floor, one viewport PNG after every step (CDP, as fast as it goes),
// written to a file off the step.
const shots = process.env.SHOTS;
const writes = [];
let cdp = null;
const timed = async (kind, fn) => {
  const t0 = performance.now();
  await fn();
  if (shots) {
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "png",
      optimizeForSpeed: true,
      captureBeyondViewport: false,
    });
    writes.push(writeFile(shots + "/" + steps.length + ".png", Buffer.from(data, "base64")));
  }
  steps.push([kind, performance.now() - t0]);
};
const sel = (t) => \`[data-testid="\${t}"]\`;
async function expectText(t, want) {
  const end = performance.now() + 5000;
  for (;;) {
    const got = await page.textContent(sel(t));
    if (got === want) return;
    if (performance.now() > end) throw new Error("expected " + want + ", got " + got);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM,
  headless: true,
  args: JSON.parse(process.env.CHROMIUM_FLAGS),
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
if (shots) cdp = await page.context().newCDPSession(page);
await page.goto(process.env.BASE_URL + "/");
await timed("tap", () => page.click(sel("onboarding.skip")));
await timed("wait", () => page.waitForSelector(sel("login.username")));
await timed("type", () => page.fill(sel("login.username"), "demo"));
await timed("type", async () => {
  await page.fill(sel("login.password"), process.env.DEMO_PASSWORD);
  await page.keyboard.press("Enter");
});
await timed("wait", () => page.waitForSelector(sel("home.title")));
await timed("tap", () => page.click(sel("home.counter")));
await timed("wait", () => page.waitForSelector(sel("counter.value")));
for (let i = 1; i <= ${INCREMENTS}; i++) {
  await timed("tap", () => page.click(sel("counter.increment")));
  await timed("assert", () => expectText("counter.value", String(i)));
}
await timed("tap", () => page.click(sel("nav.back")));
await timed("wait", () => page.waitForSelector(sel("home.title")));
await timed("assert", () => expectText("home.title", "Welcome, demo"));
await Promise.all(writes);
await browser.close();
process.stderr.write(JSON.stringify({ steps }) + "\\n");
`;
}

/** playwright.config.mjs: one worker, the system Chromium, the same viewport, traces on. */
export function playwrightConfig(chromium: string): string {
  return `export default {
  testDir: ".",
  testMatch: "*.spec.mjs",
  workers: 1,
  reporter: "line",
  outputDir: "test-results",
  use: {
    baseURL: process.env.BASE_URL,
    headless: true,
    trace: "on",
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: ${JSON.stringify(chromium)},
      args: ${JSON.stringify(CHROMIUM_ARGS.filter((a) => a !== "--headless"))},
    },
  },
};
`;
}

async function installPlaywright(dir: string): Promise<void> {
  console.error(`installing @playwright/test@${PLAYWRIGHT_VERSION} into ${dir}`);
  await Deno.writeTextFile(join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  const r = await timed("npm", [
    "i",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    `@playwright/test@${PLAYWRIGHT_VERSION}`,
  ], { cwd: dir, env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } });
  if (r.code !== 0) throw new Error(`npm install failed:\n${r.output}`);
}

/** One run of a contestant that times its steps: wall, steps, and step medians by kind. */
interface StepRun {
  wall: number;
  steps: number;
  byKind: Record<string, number>;
}

function stepRun(wall: number, steps: [string, number][]): StepRun {
  const byKind: Record<string, number> = {};
  for (const kind of KINDS) {
    const xs = steps.filter(([k]) => k === kind).map(([, ms]) => ms);
    if (xs.length > 0) byKind[kind] = median(xs);
  }
  return { wall, steps: steps.reduce((a, [, ms]) => a + ms, 0) / 1000, byKind };
}

/** The steps of the newest run under `runsDir`, from its manifest. */
async function manifestSteps(runsDir: string): Promise<[string, number][]> {
  const runs: string[] = [];
  for await (const e of Deno.readDir(runsDir)) if (e.isDirectory) runs.push(e.name);
  const newest = runs.sort().at(-1)!;
  const manifest = JSON.parse(await Deno.readTextFile(join(runsDir, newest, "manifest.json")));
  await Deno.remove(join(runsDir, newest), { recursive: true });
  const steps = manifest.scenarios[0].steps as { action: string; duration_s: number }[];
  return steps.map((s) => [s.action, s.duration_s * 1000]);
}

/** The plain script's step timings (its last stderr line). */
function rawSteps(stderr: string): [string, number][] {
  const line = stderr.trim().split("\n").at(-1)!;
  return (JSON.parse(line) as { steps: [string, number][] }).steps;
}

/** Medians over the runs of each figure of a contestant. */
function summarise(runs: StepRun[]): StepRun {
  const byKind: Record<string, number> = {};
  for (const kind of KINDS) {
    const xs = runs.map((r) => r.byKind[kind]).filter((x) => x !== undefined);
    if (xs.length > 0) byKind[kind] = median(xs);
  }
  return {
    wall: median(runs.map((r) => r.wall)),
    steps: median(runs.map((r) => r.steps)),
    byKind,
  };
}

/** Wall time minus the steps: process start, config, browser, reports, exit. */
function outside(r: StepRun[]): number {
  return median(r.map((x) => x.wall - x.steps));
}

async function benchFlow(baseUrl: string, chromium: string, work: string) {
  const scenario = join(work, "flow.yaml");
  await Deno.writeTextFile(scenario, flowScenarioYaml());
  const pwDir = join(work, "playwright");
  await Deno.mkdir(pwDir);
  await installPlaywright(pwDir);
  await Deno.writeTextFile(join(pwDir, "flow.spec.mjs"), flowSpec());
  await Deno.writeTextFile(join(pwDir, "raw.mjs"), rawScript());
  await Deno.writeTextFile(join(pwDir, "playwright.config.mjs"), playwrightConfig(chromium));
  const runsDir = join(work, "runs-flow");
  // bajutsu's own flags (Playwright adds the headless one itself).
  const flags = JSON.stringify(CHROMIUM_ARGS.filter((a) => a !== "--headless"));
  const env = { DEMO_PASSWORD, BASE_URL: baseUrl, CHROMIUM: chromium, CHROMIUM_FLAGS: flags };

  const shotsDir = join(work, "raw-shots");
  await Deno.mkdir(shotsDir);
  const bajutsu: StepRun[] = [];
  const raw: StepRun[] = [];
  const rawShots: StepRun[] = [];
  const pwtest: number[] = [];
  // Interleaved, so drift in the machine's load hits every contestant alike.
  for (let i = 0; i <= FLOW_REPEATS; i++) {
    const b = checked("bajutsu", await runFlow(baseUrl, scenario, runsDir, env));
    const bSteps = await manifestSteps(runsDir);
    const r = checked("plain script", await timed("node", ["raw.mjs"], { cwd: pwDir, env }));
    const rs = checked(
      "plain script with after-shots",
      await timed("node", ["raw.mjs"], { cwd: pwDir, env: { ...env, SHOTS: shotsDir } }),
    );
    const p = checked(
      "playwright test",
      await timed("npx", ["playwright", "test", "--config", "playwright.config.mjs"], {
        cwd: pwDir,
        env: { ...env, PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: chromium, CI: "1" },
      }),
    );
    const warm = i === 0 ? " (warm-up)" : "";
    console.error(
      `  bajutsu ${b.seconds.toFixed(2)} s, plain ${r.seconds.toFixed(2)} s, plain + shots ${
        rs.seconds.toFixed(2)
      } s, playwright test ${p.seconds.toFixed(2)} s${warm}`,
    );
    if (i === 0) continue;
    bajutsu.push(stepRun(b.seconds, bSteps));
    raw.push(stepRun(r.seconds, rawSteps(r.stderr)));
    rawShots.push(stepRun(rs.seconds, rawSteps(rs.stderr)));
    pwtest.push(p.seconds);
  }
  return {
    bajutsu: summarise(bajutsu),
    raw: summarise(raw),
    rawShots: summarise(rawShots),
    pwtest: median(pwtest),
    outside: { bajutsu: outside(bajutsu), raw: outside(raw), rawShots: outside(rawShots) },
  };
}

/** One whole `bajutsu run` of a single flow scenario against the demo app. */
function runFlow(
  baseUrl: string,
  scenario: string,
  runsDir: string,
  env: Record<string, string>,
): ReturnType<typeof timed> {
  return timed(Deno.execPath(), [
    "run",
    "-A",
    join(REPO_ROOT, "main.ts"),
    "run",
    "--config",
    DEMO_CONFIG,
    "--target",
    "demo",
    "--base-url",
    baseUrl,
    "--scenario",
    scenario,
    "--runs-dir",
    runsDir,
  ], { env });
}

/**
 * `--workers 1` against `--workers 2`, interleaved round by round, and the machine's ceiling in
 * the same rounds: the 30-step flow run alone, then as two processes at once (nothing shared),
 * 2 × alone / together, which is how much two lanes of the same work can gain here and now.
 */
async function benchWorkers(baseUrl: string, work: string) {
  const run = (extra: string[]) =>
    timed(Deno.execPath(), [
      "run",
      "-A",
      join(REPO_ROOT, "main.ts"),
      // The demo's own run arguments; the later flags win.
      ...demoRunArgs(baseUrl, extra),
    ], { env: { DEMO_PASSWORD } });
  const suite = (workers: number) =>
    run(["--workers", String(workers), "--runs-dir", join(work, `runs-w${workers}`)]);
  const scenario = join(work, "ceiling-flow.yaml");
  await Deno.writeTextFile(scenario, flowScenarioYaml());
  const flow = (i: number) =>
    runFlow(baseUrl, scenario, join(work, `runs-ceiling-${i}`), { DEMO_PASSWORD });
  const pair = async () => {
    const alone = checked("flow alone", await flow(0)).seconds;
    const t0 = performance.now();
    const both = await Promise.all([flow(1), flow(2)]);
    both.forEach((r) => checked("flow pair", r));
    return { alone, together: (performance.now() - t0) / 1000 };
  };
  const one: number[] = [];
  const two: number[] = [];
  const ceilings: number[] = [];
  for (let i = 0; i <= SUITE_REPEATS; i++) {
    const a = checked("demo suite --workers 1", await suite(1)).seconds;
    const b = checked("demo suite --workers 2", await suite(2)).seconds;
    const c = await pair();
    console.error(
      `  --workers 1 ${a.toFixed(2)} s, --workers 2 ${b.toFixed(2)} s; flow alone ${
        c.alone.toFixed(2)
      } s, two at once ${c.together.toFixed(2)} s${i === 0 ? " (warm-up)" : ""}`,
    );
    if (i === 0) continue;
    one.push(a);
    two.push(b);
    ceilings.push((2 * c.alone) / c.together);
  }
  return {
    one: median(one),
    two: median(two),
    speedup: median(one.map((a, i) => a / two[i])),
    ceiling: median(ceilings),
  };
}

function only(args: string[]): Set<string> {
  const i = args.indexOf("--only");
  return new Set(i >= 0 && args[i + 1] ? args[i + 1].split(",") : ["c", "e"]);
}

const f2 = (x: number) => x.toFixed(2);
const msf = (x: number | undefined) => x === undefined ? "–" : `${x.toFixed(1)} ms`;

if (import.meta.main) {
  const wanted = only(Deno.args);
  const chromium = findBrowser("chromium").executablePath;
  const work = await Deno.makeTempDir({ prefix: "bajutsu-bench-demo-" });
  const server = await serveDemo();
  let flow, workers;
  try {
    if (wanted.has("c")) flow = await benchFlow(server.url, chromium, work);
    if (wanted.has("e")) workers = await benchWorkers(server.url, work);
  } finally {
    await server.close();
    await Deno.remove(work, { recursive: true });
  }
  const cores = navigator.hardwareConcurrency;
  const load = Deno.loadavg().map((x) => x.toFixed(1)).join(" ");
  const parts = [
    `Whole processes, ${cores} cores, every contestant on ${chromium}. Load average when done: ${load}.`,
  ];
  const misses: string[] = [];
  if (flow) {
    const { bajutsu: b, raw: r, rawShots: rs } = flow;
    const overRaw = b.wall / r.wall;
    const overPw = b.wall / flow.pwtest;
    const perAction = (k: string) => b.byKind[k] / r.byKind[k];
    const outsideGap = flow.outside.bajutsu - flow.outside.raw;
    const verdict = (ok: boolean) => (ok ? "met" : "missed");
    const targets: [string, string, boolean][] = [
      [
        `bajutsu / plain script ≤ ${RAW_RATIO_TARGET}`,
        overRaw.toFixed(3),
        overRaw <= RAW_RATIO_TARGET,
      ],
      [
        `bajutsu / playwright test (trace on) ≤ ${PWTEST_RATIO_TARGET}`,
        overPw.toFixed(3),
        overPw <= PWTEST_RATIO_TARGET,
      ],
      ...(["tap", "type"] as const).map((k): [string, string, boolean] => [
        `${k} step / plain script's ≤ ${ACTION_RATIO_TARGET}`,
        perAction(k).toFixed(2),
        perAction(k) <= ACTION_RATIO_TARGET,
      ]),
      [
        `assertion step / plain expectation ≤ ${ASSERT_RATIO_TARGET}`,
        perAction("assert").toFixed(2),
        perAction("assert") <= ASSERT_RATIO_TARGET,
      ],
      [
        `outside the steps − plain script's ≤ ${OUTSIDE_TARGET_S} s`,
        `${outsideGap.toFixed(2)} s`,
        outsideGap <= OUTSIDE_TARGET_S,
      ],
    ];
    parts.push(
      "",
      `**(c) 30-step flow** (login, open the counter, 10 × tap + value assertion, back home) on the
demo app, median of ${FLOW_REPEATS} interleaved rounds after a warm-up: \`bajutsu run\` with its
default evidence (after-shot, element tree and action log per step); the floor, a plain
playwright-core script on node as a good engineer writes it by hand (\`page.click(selector)\`,
\`page.fill\`, \`page.keyboard\` for Enter, one \`textContent\` read per expectation re-read until
it holds; bajutsu's Chromium flags, the same binary); the same script taking one viewport PNG
after every step (CDP, optimizeForSpeed; the physical floor of a step that keeps an after-shot);
and \`@playwright/test@${PLAYWRIGHT_VERSION}\` with \`trace: "on"\`. Steps by kind: the median
step of that kind (bajutsu: the manifest's step durations; the scripts: their own timings).`,
      "",
      "| | bajutsu | plain script | plain script + after-shot | playwright test (trace on) |",
      "|---|---|---|---|---|",
      `| wall time | ${f2(b.wall)} s | ${f2(r.wall)} s | ${f2(rs.wall)} s | ${f2(flow.pwtest)} s |`,
      `| the 30 steps | ${f2(b.steps)} s | ${f2(r.steps)} s | ${f2(rs.steps)} s | |`,
      `| outside the steps | ${f2(flow.outside.bajutsu)} s | ${f2(flow.outside.raw)} s | ${
        f2(flow.outside.rawShots)
      } s | |`,
      ...KINDS.map((k) =>
        `| ${k} step | ${msf(b.byKind[k])} | ${msf(r.byKind[k])} | ${msf(rs.byKind[k])} | |`
      ),
      "",
      "| target | figure | | against the after-shot floor |",
      "|---|---|---|---|",
      ...targets.map(([name, figure, ok], i) => {
        const floor = i === 0
          ? (b.wall / rs.wall).toFixed(3)
          : i >= 2 && i <= 4
          ? (b.byKind[["tap", "type", "assert"][i - 2]] /
            rs.byKind[["tap", "type", "assert"][i - 2]])
            .toFixed(2)
          : i === 5
          ? `${(flow.outside.bajutsu - flow.outside.rawShots).toFixed(2)} s`
          : "";
        return `| ${name} | **${figure}** | ${verdict(ok)} | ${floor} |`;
      }),
    );
    for (const [name, figure, ok] of targets) if (!ok) misses.push(`${name}: ${figure}`);
  }
  if (workers) {
    parts.push(
      "",
      `**(e) demo suite parallelism** (\`--exclude broken\`), ${SUITE_REPEATS} interleaved rounds after
a warm-up:`,
      "",
      "| run | wall time (s) |",
      "|---|---|",
      `| \`--workers 1\` | ${f2(workers.one)} |`,
      `| \`--workers 2\` | ${f2(workers.two)} |`,
      `| **speed-up** (median of the rounds' ratios) | **${
        workers.speedup.toFixed(3)
      }** (target ≥ ${SPEEDUP_TARGET}) |`,
      `| the machine's ceiling in the same rounds (2 × one flow process / two at once) | ${
        workers.ceiling.toFixed(3)
      } |`,
    );
    if (workers.speedup < SPEEDUP_TARGET) misses.push(`speed-up ${workers.speedup.toFixed(3)}`);
  }
  const body = parts.join("\n");
  console.log(body);
  if (flow && workers && !Deno.args.includes("--print-only")) await writeSection("demo", body);
  if (misses.length > 0) {
    console.error(`targets missed: ${misses.join("; ")}`);
    Deno.exitCode = 1;
  }
}
