/**
 * Lint benchmark: generates 1,000 scenario files of 20 steps each (a seeded, realistic mix of
 * step kinds) into a temp dir, then lints them all (a) in-process through the loader
 * (`loadScenarioPaths`) and (b) through the CLI process (`deno run -A main.ts lint <dir>`,
 * process start included). Target: < 2 s for each on this 2-core machine. Prints the figures as
 * markdown table rows and writes the `lint` section of bench/BENCHMARKS.md (`--print-only` skips
 * the file; `--keep` keeps the generated corpus). Exit code 1 when a target is missed or a
 * generated file does not lint clean.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScenarioPaths } from "../src/scenario/load.ts";
import { writeSection } from "./sections.ts";
import { seededRandom } from "../src/time/random.ts";

const FILES = 1000;
const STEPS = 20;
const ROUNDS = 5;
const TARGET_MS = 2000;
const MAIN_TS = fileURLToPath(new URL("../main.ts", import.meta.url));

const SCREENS = ["login", "home", "settings", "cart", "profile", "search", "orders", "help"];

/**
 * Step templates (YAML at indent 0), weighted roughly like recorded suites: taps and waits
 * dominate.
 */
const STEP_KINDS: Array<[weight: number, make: (id: string, i: number) => string]> = [
  [6, (id) => `- tap: { id: ${id}.button }`],
  [2, (id) => `- tap: { label: "Continue", traits: [button], within: { id: ${id}.root } }`],
  [3, (id, i) => `- type: { into: { id: ${id}.field }, text: "value ${i}" }`],
  [4, (id) => `- wait: { for: { id: ${id}.title }, timeout: 5 }`],
  [1, () => `- wait: { until: settled, timeout: 3 }`],
  [1, (id) => `- wait: { until: { gone: { id: ${id}.spinner } }, timeout: 10 }`],
  [
    3,
    (id, i) =>
      `- assert:\n    - value: { sel: { id: ${id}.count }, equals: "${i}" }\n    - exists: { id: ${id}.title }`,
  ],
  [1, (id) => `- assert: [{ count: { sel: { idMatches: "${id}.row.*" }, atLeast: 1 } }]`],
  [2, (id) => `- swipe: { on: { id: ${id}.list }, direction: up, amount: 0.5 }`],
  [1, (id) => `- scroll: { to: { id: ${id}.footer }, maxScrolls: 10 }`],
  [1, (id) => `- longPress: { sel: { id: ${id}.item }, duration: 0.8 }`],
  [1, (id) => `- doubleTap: { id: ${id}.image }`],
  [
    1,
    (id) =>
      `- name: read-${id}\n  tap: { id: ${id}.total }\n  capture: [screenshot.after, elements]\n  extract: { total: { sel: { id: ${id}.total }, prop: label } }`,
  ],
  [
    1,
    (id) =>
      `- if:\n    condition: { exists: { id: ${id}.banner } }\n    then:\n      - tap: { id: ${id}.banner.close }`,
  ],
  [1, () => `- back: {}`],
  [1, (id) => `- clear: { into: { id: ${id}.field } }`],
  [1, (id) => `- http: { url: "https://api.example.test/${id}", method: POST, status: 200 }`],
  [1, () => `- generate: { random: { string: { length: 8 } }, into: { var: token } }`],
];
const TOTAL_WEIGHT = STEP_KINDS.reduce((s, [w]) => s + w, 0);

function pickStep(rand: () => number): (id: string, i: number) => string {
  let r = rand() * TOTAL_WEIGHT;
  for (const [w, make] of STEP_KINDS) {
    if ((r -= w) < 0) return make;
  }
  return STEP_KINDS[0][1];
}

/** One scenario file with `STEPS` steps. */
function scenarioFile(n: number, rand: () => number): string {
  const screen = SCREENS[n % SCREENS.length];
  const steps: string[] = [];
  for (let i = 0; i < STEPS; i++) {
    const id = SCREENS[Math.floor(rand() * SCREENS.length)];
    // Templates are written at indent 0; a scenario's steps sit at indent 4.
    steps.push(pickStep(rand)(id, i).replace(/^/gm, "    "));
  }
  return [
    `- name: generated ${n} (${screen})`,
    `  tags: [generated, ${screen}]`,
    `  preconditions:`,
    `    launchEnv: { FIXTURE: "${n}" }`,
    `  steps:`,
    ...steps,
    `  expect:`,
    `    - exists: { id: ${screen}.title }`,
    `  capturePolicy:`,
    `    - on: { result: error }`,
    `      capture: [rawTree]`,
    "",
  ].join("\n");
}

async function generate(dir: string): Promise<void> {
  const rand = seededRandom(20240501);
  for (let n = 0; n < FILES; n++) {
    const sub = join(dir, SCREENS[n % SCREENS.length]);
    if (n < SCREENS.length) await Deno.mkdir(sub, { recursive: true });
    await Deno.writeTextFile(
      join(sub, `scenario_${String(n).padStart(4, "0")}.yaml`),
      scenarioFile(n, rand),
    );
  }
}

/** In-process lint: returns wall ms; throws when a file does not load clean. */
async function lintInProcess(dir: string): Promise<number> {
  const t0 = performance.now();
  const { files } = await loadScenarioPaths([dir]);
  const ms = performance.now() - t0;
  const bad = files.filter((f) => f.outcome.errors.length > 0);
  if (files.length !== FILES || bad.length > 0) {
    const first = bad[0]?.outcome.errors[0];
    throw new Error(
      `in-process lint: ${files.length} files, ${bad.length} with errors` +
        (first
          ? ` (first: ${first.file}:${first.line}:${first.col} ${first.code} ${first.message})`
          : ""),
    );
  }
  return ms;
}

/** CLI lint in a fresh process: returns wall ms; throws unless exit 0 with one `ok` per file. */
async function lintCli(dir: string): Promise<number> {
  const t0 = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN_TS, "lint", dir],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t0;
  const okLines = new TextDecoder().decode(out.stdout).split("\n").filter((l) =>
    l.endsWith(": ok")
  );
  if (out.code !== 0 || okLines.length !== FILES) {
    throw new Error(
      `CLI lint exited ${out.code} with ${okLines.length} ok lines: ` +
        new TextDecoder().decode(out.stderr).slice(0, 400),
    );
  }
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The 1-minute load average (Linux), so a figure taken on a busy machine says so. */
async function loadAverage(): Promise<string> {
  try {
    return (await Deno.readTextFile("/proc/loadavg")).split(" ")[0];
  } catch {
    return "n/a";
  }
}

const dir = await Deno.makeTempDir({ prefix: "bajutsu-bench-lint-" });
try {
  await generate(dir);
  // The first call runs the parser cold (no JIT yet), as every CLI process does: reported on
  // its own line, not part of the in-process median.
  const cold = await lintInProcess(dir);
  const inProcess: number[] = [];
  const cli: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    inProcess.push(await lintInProcess(dir));
    cli.push(await lintCli(dir));
  }
  const load = await loadAverage();
  const rows: Array<[string, number[]]> = [
    ["in-process `loadScenarioPaths`", inProcess],
    ["CLI `deno run -A main.ts lint <dir>` (process start included)", cli],
  ];
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const coldRow =
    `| in-process, first call (cold JIT; informational) | ${FILES} | ${secs(cold)} | – | ` +
    `${Math.round(FILES / (cold / 1000))} | – | |`;
  const row = ([what, runs]: [string, number[]]) => {
    const med = median(runs);
    return `| ${what} | ${FILES} | ${secs(med)} | ${secs(Math.min(...runs))} | ` +
      `${Math.round(FILES / (med / 1000))} | < ${TARGET_MS / 1000} s | ` +
      `${med < TARGET_MS ? "ok" : "MISSED"} |`;
  };
  const body = `
${FILES} generated scenario files × ${STEPS} steps (seeded mix: tap, type, wait for/until, assert,
swipe, scroll, longPress, doubleTap, if, extract/capture, back, clear, http, generate), linted
from a temp dir. ${ROUNDS} rounds after one in-process warm-up (the cold first call is shown
separately); files/s and the verdict use the median. 1-minute load average when measured: ${load}.

| path | files | median | best | files/s | target | |
|---|---|---|---|---|---|---|
${rows.map(row).join("\n")}
${coldRow}
`;
  console.log(body.trim());
  console.log(
    `raw: cold ${cold.toFixed(0)} ms; in-process ${
      inProcess.map((m) => m.toFixed(0)).join(", ")
    } ms; CLI ${cli.map((m) => m.toFixed(0)).join(", ")} ms`,
  );
  if (!Deno.args.includes("--print-only")) await writeSection("lint", body);
  if (rows.some(([, runs]) => median(runs) >= TARGET_MS)) Deno.exitCode = 1;
} finally {
  if (Deno.args.includes("--keep")) console.log(`corpus kept in ${dir}`);
  else await Deno.remove(dir, { recursive: true });
}
