/**
 * Shard balance: 200 synthetic scenarios with known durations over 4 shards. Reports the
 * slowest/fastest shard ratio for count-based and duration-based partitions.
 * Target: ≤ 1.10 for duration-based.
 */
import { partition } from "../src/runner/shards.ts";
import { writeSection } from "./sections.ts";
import { seededRandom } from "../src/time/random.ts";

const SCENARIOS = 200;
const SHARDS = 4;
const rand = seededRandom(20261202);
// Long-tailed durations (1–120 s): most scenarios are short, a few are slow, as in real suites.
const names = Array.from({ length: SCENARIOS }, (_, i) => `scenario-${i}`);
const durations = new Map(names.map((n) => [n, Math.round((1 + 119 * rand() ** 3) * 10) / 10]));

function ratio(parts: number[][]): { ratio: number; loads: number[] } {
  const loads = parts.map((p) => p.reduce((t, i) => t + durations.get(names[i])!, 0));
  return { ratio: Math.max(...loads) / Math.min(...loads), loads };
}

const byCount = ratio(partition(names, SHARDS));
const byDuration = ratio(partition(names, SHARDS, durations));
const fmt = (l: number[]) => l.map((x) => x.toFixed(1)).join(" / ");
const body = `
${SCENARIOS} synthetic scenarios (durations 1–120 s, long-tailed, seeded) over ${SHARDS} shards.

| partition | shard totals (s) | slowest/fastest | target |
|---|---|---|---|
| by count | ${fmt(byCount.loads)} | ${byCount.ratio.toFixed(3)} | — |
| by duration (\`--timings\`) | ${fmt(byDuration.loads)} | ${byDuration.ratio.toFixed(3)} | ≤ 1.10 |
`;
console.log(body.trim());
await writeSection("shards", body);
if (byDuration.ratio > 1.1) {
  console.error("duration-based partition misses the 1.10 target");
  Deno.exitCode = 1;
}
