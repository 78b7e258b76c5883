/**
 * Demo-app benchmarks, whole processes timed on the bundled demo app:
 *
 * (c) the same 30-step flow (taps, typing, assertions) through `bajutsu run` with its default
 *     evidence vs a `@playwright/test` spec with `trace: "on"`. Playwright is installed with npm
 *     into a temporary folder at bench time (never a project dependency) and drives the same
 *     system Chromium. Target: bajutsu/playwright ≤ 1.0.
 * (e) the demo suite with `--workers 1` vs `--workers 2`. Target: speed-up ≥ 1.6.
 *
 * Each figure is the median of `BENCH_REPEATS` (default 3) runs after one warm-up run.
 */
import { join } from "node:path";
import { findBrowser } from "../src/drivers/web/browsers.ts";
import { serveDemo } from "../demos/web/serve.ts";
import { DEMO_CONFIG, DEMO_PASSWORD, demoRunArgs, REPO_ROOT } from "../scripts/demo.ts";
import { writeSection } from "./sections.ts";

const PLAYWRIGHT_VERSION = "1.64.1";
const REPEATS = Number(Deno.env.get("BENCH_REPEATS") ?? "3");
const RATIO_TARGET = 1.0;
const SPEEDUP_TARGET = 1.6;
const INCREMENTS = 10;

/** One timed process. */
interface Timed {
  seconds: number;
  code: number;
  output: string;
}

async function timed(cmd: string, args: string[], opts: Deno.CommandOptions = {}): Promise<Timed> {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd, { ...opts, args, stdin: "null" }).output();
  const seconds = (performance.now() - t0) / 1000;
  const dec = new TextDecoder();
  return { seconds, code: out.code, output: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Runs `once` a warm-up time plus `REPEATS` times; fails loudly on a non-zero exit. */
async function medianOf(label: string, once: () => Promise<Timed>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= REPEATS; i++) {
    const r = await once();
    if (r.code !== 0) throw new Error(`${label} exited ${r.code}:\n${r.output}`);
    if (i > 0) times.push(r.seconds);
    console.error(`  ${label}: ${r.seconds.toFixed(2)} s${i === 0 ? " (warm-up)" : ""}`);
  }
  return median(times);
}

// ---------------------------------------------------------------------------------------------
// The 30-step flow, once as a bajutsu scenario and once as a Playwright spec.

/** The bajutsu scenario: 5 login + 2 open + 2×10 count + 3 return = 30 steps. */
export function flowScenarioYaml(): string {
  const count = Array.from({ length: INCREMENTS }, (_, i) => [
    "    - tap: { id: counter.increment }",
    `    - assert: [{ value: { sel: { id: counter.value }, equals: "${i + 1}" } }]`,
  ]).flat();
  return [
    "- name: thirty step flow",
    "  steps:",
    "    - tap: { id: onboarding.skip }",
    "    - wait: { for: { id: login.username }, timeout: 5 }",
    "    - type: { text: demo, into: { id: login.username } }",
    '    - type: { text: "${secrets.DEMO_PASSWORD}", into: { id: login.password }, submit: true }',
    "    - wait: { for: { id: home.title }, timeout: 5 }",
    "    - tap: { id: home.counter }",
    "    - wait: { for: { id: counter.value }, timeout: 5 }",
    ...count,
    "    - tap: { id: nav.back }",
    "    - wait: { for: { id: home.title }, timeout: 5 }",
    '    - assert: [{ label: { sel: { id: home.title }, equals: "Welcome, demo" } }]',
    "",
  ].join("\n");
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
    launchOptions: { executablePath: ${JSON.stringify(chromium)}, args: ["--no-sandbox"] },
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

async function benchFlow(baseUrl: string, chromium: string, work: string) {
  const scenario = join(work, "flow.yaml");
  await Deno.writeTextFile(scenario, flowScenarioYaml());
  const pwDir = join(work, "playwright");
  await Deno.mkdir(pwDir);
  await installPlaywright(pwDir);
  await Deno.writeTextFile(join(pwDir, "flow.spec.mjs"), flowSpec());
  await Deno.writeTextFile(join(pwDir, "playwright.config.mjs"), playwrightConfig(chromium));

  const runsDir = join(work, "runs-flow");
  const bajutsu = await medianOf("bajutsu 30 steps", () =>
    timed(Deno.execPath(), [
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
    ], { env: { DEMO_PASSWORD } }));
  const playwright = await medianOf(
    "playwright 30 steps",
    () =>
      timed("npx", ["playwright", "test", "--config", "playwright.config.mjs"], {
        cwd: pwDir,
        env: {
          BASE_URL: baseUrl,
          DEMO_PASSWORD,
          PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: chromium,
          CI: "1",
        },
      }),
  );
  return { bajutsu, playwright, ratio: bajutsu / playwright };
}

async function benchWorkers(baseUrl: string, work: string) {
  const suite = (workers: number) => () =>
    timed(Deno.execPath(), [
      "run",
      "-A",
      join(REPO_ROOT, "main.ts"),
      // The demo's own run arguments; the later --workers wins.
      ...demoRunArgs(baseUrl, [
        "--workers",
        String(workers),
        "--runs-dir",
        join(work, `runs-w${workers}`),
      ]),
    ], { env: { DEMO_PASSWORD } });
  const one = await medianOf("demo suite --workers 1", suite(1));
  const two = await medianOf("demo suite --workers 2", suite(2));
  return { one, two, speedup: one / two };
}

if (import.meta.main) {
  const chromium = findBrowser("chromium").executablePath;
  const work = await Deno.makeTempDir({ prefix: "bajutsu-bench-demo-" });
  const server = await serveDemo();
  let flow, workers;
  try {
    flow = await benchFlow(server.url, chromium, work);
    workers = await benchWorkers(server.url, work);
  } finally {
    await server.close();
    await Deno.remove(work, { recursive: true });
  }
  const cores = navigator.hardwareConcurrency;
  const body = `
Whole processes, median of ${REPEATS} runs after a warm-up, ${cores} cores, headless ${chromium}.

**(c) 30-step flow** (login, open the counter, 10 × tap + value assertion, back home) on the demo
app: \`bajutsu run\` with its default evidence (before/after screenshots and element tree per
step) vs \`@playwright/test@${PLAYWRIGHT_VERSION}\` with \`trace: "on"\`.

| runner | wall time (s) |
|---|---|
| bajutsu | ${flow.bajutsu.toFixed(2)} |
| playwright test (trace on) | ${flow.playwright.toFixed(2)} |
| **ratio bajutsu/playwright** | **${flow.ratio.toFixed(3)}** (target ≤ ${
    RATIO_TARGET.toFixed(1)
  }) |

**(e) demo suite parallelism** (\`--exclude broken\`):

| workers | wall time (s) |
|---|---|
| 1 | ${workers.one.toFixed(2)} |
| 2 | ${workers.two.toFixed(2)} |
| **speed-up** | **${workers.speedup.toFixed(3)}** (target ≥ ${SPEEDUP_TARGET}) |
`;
  console.log(body.trim());
  await writeSection("demo", body);
  if (flow.ratio > RATIO_TARGET) {
    console.error(
      `bajutsu/playwright ${flow.ratio.toFixed(3)} misses the ≤ ${RATIO_TARGET} target`,
    );
    Deno.exitCode = 1;
  }
  if (workers.speedup < SPEEDUP_TARGET) {
    console.error(`speed-up ${workers.speedup.toFixed(3)} misses the ≥ ${SPEEDUP_TARGET} target`);
    Deno.exitCode = 1;
  }
}
