/**
 * Run-loop benchmark: one 1,000-step scenario (a realistic mix of taps, typing, waits, asserts,
 * swipes and extracts) on a zero-latency fake driver with a virtual clock, timed per step
 * (a) with the NullSink and (b) with the FileSink writing before/after screenshots and
 * elements.json for every step into a temp dir. Target: ≤ 25 µs per step with the NullSink
 * (best wall time of the rounds; median wall and median CPU time are printed too).
 * Prints the figures as markdown table rows and writes the `orchestrator` section of
 * bench/BENCHMARKS.md (`--print-only` skips the file). Exit code 1 when the target is missed or
 * the scenario does not pass.
 */
import { createFakeDriver, fakeElement, singleScreenApp } from "../src/drivers/fake/mod.ts";
import type { EvidenceSink } from "../src/evidence/sink.ts";
import { FileSink } from "../src/evidence/file_sink.ts";
import { NullSink } from "../src/evidence/null_sink.ts";
import { Redactor } from "../src/evidence/redact.ts";
import { runScenario } from "../src/orchestrator/run_scenario.ts";
import type { Scenario, Step } from "../src/scenario/types.ts";
import { FakeClock } from "../src/time/clock.ts";
import process from "node:process";
import { writeSection } from "./sections.ts";

const STEPS = 1000;
const NULL_ROUNDS = 20;
const FILE_ROUNDS = 3;
const TARGET_US = 25;

/** A home screen of 12 elements: a header, a text field, a list of rows, a tab bar. */
function app() {
  const rows = Array.from({ length: 8 }, (_, i) =>
    fakeElement({
      identifier: `home.row.${i}`,
      label: `Row ${i}`,
      traits: ["cell"],
      frame: [0, 140 + i * 60, 390, 56],
    }));
  return singleScreenApp([
    fakeElement({
      identifier: "home.title",
      label: "Home",
      traits: ["staticText"],
      frame: [0, 44, 390, 40],
    }),
    fakeElement({ identifier: "home.search", traits: ["textField"], frame: [16, 90, 358, 40] }),
    fakeElement({ identifier: "home.list", traits: ["table"], frame: [0, 140, 390, 600] }),
    ...rows,
    fakeElement({
      identifier: "tab.home",
      label: "Home",
      traits: ["button"],
      frame: [0, 780, 195, 64],
    }),
  ]);
}

/** The step mix, cycled to STEPS steps. */
const MIX: Step[] = [
  { action: "tap", body: { id: "home.row.3" } },
  { action: "wait", body: { for: { id: "home.title" }, timeout: 5 } },
  { action: "type", body: { text: "a", into: { id: "home.search" }, submit: false } },
  {
    action: "assert",
    body: [
      { kind: "exists", sel: { id: "home.title" }, negate: false },
      { kind: "label", sel: { id: "tab.home" }, op: { equals: "Home" } },
    ],
  },
  { action: "swipe", body: { on: { id: "home.list" }, direction: "up" } },
  { action: "tap", body: { label: "Row 5", traits: ["cell"] } },
  {
    action: "tap",
    body: { id: "home.row.1" },
    extract: { title: { sel: { id: "home.title" }, prop: "label" } },
  },
  { action: "wait", body: { until: { kind: "gone", sel: { id: "spinner" } }, timeout: 5 } },
];

function scenario(): Scenario {
  return {
    name: "bench",
    tags: [],
    preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {} },
    before: [],
    after: [],
    steps: Array.from({ length: STEPS }, (_, i) => MIX[i % MIX.length]),
    expect: [{ kind: "exists", sel: { id: "home.title" }, negate: false }],
    capturePolicy: [{ on: { result: "error" }, capture: ["screenshot"] }],
    interrupts: [],
    mocks: [],
    permissions: {},
  };
}

interface Sample {
  /** Wall µs per step. */
  wall: number;
  /** CPU (user + system) µs per step: steadier than wall time on a shared machine. */
  cpu: number;
}

/** One run, timed. */
async function runOnce(sink: EvidenceSink): Promise<Sample> {
  const clock = new FakeClock();
  const driver = createFakeDriver(app(), { clock });
  const s = scenario();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runScenario(driver, s, { clock, sink, scenarioId: "00-bench" });
  const wall = ((performance.now() - t0) * 1000) / STEPS;
  const c = process.cpuUsage(c0);
  if (!r.ok) throw new Error(`bench scenario failed: ${r.failure}`);
  if (clock.sleeps.length > 0) throw new Error(`zero-latency run slept ${clock.sleeps.length}×`);
  return { wall, cpu: (c.user + c.system) / STEPS };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

interface Figures {
  label: string;
  median: number;
  best: number;
  cpu: number;
}

async function bench(
  label: string,
  rounds: number,
  makeSink: () => Promise<EvidenceSink>,
): Promise<Figures> {
  await runOnce(await makeSink()); // warm-up (JIT)
  const samples: Sample[] = [];
  for (let i = 0; i < rounds; i++) samples.push(await runOnce(await makeSink()));
  const wall = samples.map((x) => x.wall);
  return {
    label,
    median: median(wall),
    best: Math.min(...wall),
    cpu: median(samples.map((x) => x.cpu)),
  };
}

const tmp = await Deno.makeTempDir({ prefix: "bajutsu-bench-orch-" });
try {
  const nul = await bench("NullSink", NULL_ROUNDS, () => Promise.resolve(new NullSink()));
  let n = 0;
  const file = await bench(
    "FileSink (png pair + elements.json per step)",
    FILE_ROUNDS,
    () => Promise.resolve(new FileSink(`${tmp}/run${n++}`, { redactor: new Redactor() })),
  );
  const row = (r: Figures) =>
    `| ${r.label} | ${r.median.toFixed(1)} µs | ${r.best.toFixed(1)} µs | ${r.cpu.toFixed(1)} µs |`;
  const body = [
    `One ${STEPS}-step scenario (taps, typing, waits, asserts, swipes, extracts) on a`,
    "zero-latency fake driver with a virtual clock; per-step wall time of `runScenario`.",
    `Target: ≤ ${TARGET_US} µs per step with the NullSink, judged on the best wall time (the`,
    "run least disturbed by other processes on this shared 2-core machine).",
    `Load average while measuring: ${Deno.loadavg().map((x) => x.toFixed(1)).join(" ")}.`,
    "",
    "| Sink | median wall per step | best wall per step | median CPU per step |",
    "|---|---|---|---|",
    row(nul),
    row(file),
  ].join("\n");
  console.log(body);
  const ok = nul.best <= TARGET_US;
  console.log(ok ? "target met" : `target missed: ${nul.best.toFixed(1)} µs > ${TARGET_US} µs`);
  if (!Deno.args.includes("--print-only")) await writeSection("orchestrator", body);
  if (!ok) Deno.exitCode = 1;
} finally {
  await Deno.remove(tmp, { recursive: true });
}
