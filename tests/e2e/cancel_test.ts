/**
 * SIGTERM and SIGKILL sent to a real `bajutsu run` process at seeded-random moments. A SIGTERM'd
 * run always ends with a complete, valid manifest accounting for every scenario, exit code 1,
 * within the grace window; a SIGKILL'd run never leaves a partial manifest.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { seededRandom } from "../../src/time/random.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CONFIG = join(ROOT, "tests/fixtures/fake_target/slow_config.yaml");
const SCENARIOS = 6;
// Generous: a loaded CI machine must not turn "ended on its own within the grace" into a flake.
const GRACE_S = 15;

interface Trial {
  code: number;
  signal: Deno.Signal | null;
  runsDir: string;
  stdout: string;
  afterSignalMs: number;
}

/** Starts a run, waits for its first progress line plus `delayMs`, sends `signal`. */
async function trial(signal: Deno.Signal, delayMs: number): Promise<Trial> {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-cancel-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "main.ts"), "run", "--config", CONFIG, "--runs-dir", runsDir],
    env: { BAJUTSU_CANCEL_GRACE: String(GRACE_S), NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const stdoutText = new Response(child.stdout).text();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("▶ scenario")) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
  }
  // Keep draining stderr so the child never blocks on a full pipe.
  const drain = (async () => {
    while (!(await reader.read()).done) { /* discard */ }
  })();
  await new Promise((r) => setTimeout(r, delayMs));
  const sentAt = performance.now();
  try {
    child.kill(signal);
  } catch { /* already exited */ }
  const status = await child.status;
  const afterSignalMs = performance.now() - sentAt;
  await drain;
  return {
    code: status.code,
    signal: status.signal,
    runsDir,
    stdout: await stdoutText,
    afterSignalMs,
  };
}

async function manifestOf(runsDir: string): Promise<unknown | null> {
  for await (const e of Deno.readDir(runsDir)) {
    if (!e.isDirectory) continue;
    try {
      return JSON.parse(await Deno.readTextFile(join(runsDir, e.name, "manifest.json")));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err; // a manifest that exists but does not parse is a partial write
    }
  }
  return null;
}

Deno.test("SIGTERM at random moments: complete manifest, every scenario accounted for, exit 1, within grace", async () => {
  const rand = seededRandom(4242);
  const delays = Array.from({ length: 20 }, () => Math.floor(rand() * 1500));
  // Two trials at a time: bounded, and fast enough for CI on 2 cores.
  for (let i = 0; i < delays.length; i += 2) {
    const pair = await Promise.all(delays.slice(i, i + 2).map((d) => trial("SIGTERM", d)));
    for (const [j, t] of pair.entries()) {
      const label = `trial ${i + j} (delay ${delays[i + j]} ms)`;
      try {
        const m = await manifestOf(t.runsDir) as {
          scenarios: { ok: boolean; failure: string | null }[];
        } | null;
        assert.ok(m, `${label}: a manifest was written`);
        assert.deepEqual(validateManifest(m), [], label);
        assert.equal(m.scenarios.length, SCENARIOS, `${label}: every scenario is accounted for`);
        assert.ok(
          m.scenarios.some((s) => s.failure?.startsWith("cancelled")),
          `${label}: cancelled`,
        );
        assert.equal(t.code, 1, `${label}: exit code`);
        assert.match(t.stdout.trim().split("\n").at(-1)!, /^FAIL {2}/, label);
        assert.ok(
          t.afterSignalMs < GRACE_S * 1000,
          `${label}: ended ${t.afterSignalMs} ms after SIGTERM`,
        );
      } finally {
        await Deno.remove(t.runsDir, { recursive: true });
      }
    }
  }
});

Deno.test("SIGKILL never leaves a partial manifest", async () => {
  const rand = seededRandom(7);
  const delays = Array.from({ length: 10 }, () => Math.floor(rand() * 3500));
  for (let i = 0; i < delays.length; i += 2) {
    const pair = await Promise.all(delays.slice(i, i + 2).map((d) => trial("SIGKILL", d)));
    for (const t of pair) {
      try {
        const m = await manifestOf(t.runsDir);
        if (m !== null) assert.deepEqual(validateManifest(m), []);
      } finally {
        await Deno.remove(t.runsDir, { recursive: true });
      }
    }
  }
});
