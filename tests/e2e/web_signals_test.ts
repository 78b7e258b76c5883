/**
 * Signals sent to a real `bajutsu run` driving real headless Chromium (the demo app served on
 * loopback), at seeded-random moments: SIGTERM, Ctrl-C (SIGINT to the whole process group),
 * SIGHUP to the group, and a second Ctrl-C. The run owns the signals (Playwright's handlers are
 * off, and the browser is in a process group of its own), so a cancelled run always ends with
 * a complete manifest in which every scenario that did not pass failed as `cancelled`, and no
 * browser process or temp file is left. Also: a browser killed mid-run is reported as such at
 * once (docs/signals.md).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { serveDemo } from "../../demos/web/serve.ts";
import { DEMO_PASSWORD } from "../../scripts/demo.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import type { Manifest } from "../../src/report/manifest_types.ts";
import { seededRandom } from "../../src/time/random.ts";
import {
  manifestTextOf,
  type Outcome,
  processesMentioning,
  type ProcessInfo,
  ROOT,
  RunProcess,
  survivorsMentioning,
  tempFilesBelow,
} from "./run_process.ts";

const CONFIG = join(ROOT, "demos/web/bajutsu.config.yaml");
/** The demo's smoke scenarios: five, about six seconds of work in all. */
const SMOKE_SCENARIOS = 5;

interface Trial {
  outcome: Outcome;
  runsDir: string;
  /** The trial's TMPDIR: Playwright's profile and artifacts folders land here. */
  tmpDir: string;
  /** Processes of this trial's browser while the run was going. */
  browser: ProcessInfo[];
}

/** Sends the trial's signal(s); `tmpDir` names the trial's browser processes. */
type Send = (run: RunProcess, tmpDir: string) => Promise<void>;

/** Starts a web run, waits for its first scenario plus `delayMs`, calls `send`, collects. */
async function webTrial(baseUrl: string, delayMs: number, send: Send): Promise<Trial> {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-sig-runs-" });
  const tmpDir = await Deno.makeTempDir({ prefix: "bajutsu-sig-tmp-" });
  const run = RunProcess.start(
    ["--config", CONFIG, "--base-url", baseUrl, "--runs-dir", runsDir, "--tag", "smoke"],
    { DEMO_PASSWORD, BAJUTSU_CANCEL_GRACE: "20", TMPDIR: tmpDir },
  );
  let browser: ProcessInfo[] = [];
  if (await run.waitForStderr("▶ scenario")) {
    browser = processesMentioning(tmpDir);
    await new Promise((r) => setTimeout(r, delayMs));
    await send(run, tmpDir);
  }
  return { outcome: await run.finish(), runsDir, tmpDir, browser };
}

async function cleanup(t: Trial): Promise<void> {
  await Deno.remove(t.runsDir, { recursive: true });
  await Deno.remove(t.tmpDir, { recursive: true });
}

function playwrightDirs(tmpDir: string): string[] {
  return [...Deno.readDirSync(tmpDir)].map((e) => e.name).filter((n) => n.startsWith("playwright"));
}

/** What every signalled run must leave: no browser, no Playwright profile, no temp file. */
async function assertCleanExit(t: Trial, label: string): Promise<void> {
  assert.ok(t.browser.length > 0, `${label}: the browser was seen running`);
  assert.deepEqual(await survivorsMentioning(t.tmpDir), [], `${label}: no browser process left`);
  assert.deepEqual(playwrightDirs(t.tmpDir), [], `${label}: the browser profile was removed`);
  assert.deepEqual(await tempFilesBelow(t.runsDir), [], `${label}: no temp file left`);
}

/** A complete manifest: valid, every scenario present, every one that did not pass cancelled. */
async function assertCancelledManifest(t: Trial, label: string): Promise<void> {
  const text = await manifestTextOf(t.runsDir);
  assert.ok(text !== null, `${label}: a manifest was written\n${t.outcome.stderr}`);
  const m = JSON.parse(text) as Manifest;
  assert.deepEqual(validateManifest(m), [], label);
  assert.equal(m.scenarios.length, SMOKE_SCENARIOS, `${label}: every scenario is accounted for`);
  const unfinished = m.scenarios.filter((s) => !s.ok);
  assert.ok(unfinished.length > 0, `${label}: the signal landed mid-run`);
  for (const s of unfinished) {
    assert.match(s.failure ?? "", /^cancelled/, `${label}: ${s.scenario}\n${t.outcome.stderr}`);
  }
  assert.match(t.outcome.stdout.trim().split("\n").at(-1) ?? "", /^FAIL {2}/, label);
}

const signalAndWait = (signal: Deno.Signal, target: "process" | "group"): Send => (run) => {
  run.signal(signal, target);
  return Promise.resolve();
};

/** Ctrl-C, then Ctrl-C again as soon as the run says it is cancelling. */
const doubleInterrupt: Send = async (run) => {
  run.signal("SIGINT", "group");
  if (await run.waitForStderr("cancel requested (SIGINT)")) run.signal("SIGINT", "group");
};

interface Kind {
  name: string;
  send: Send;
  check(t: Trial, label: string): Promise<void>;
}

const cooperative = (name: string, send: Send, code: number): Kind => ({
  name,
  send,
  async check(t, label) {
    assert.equal(t.outcome.code, code, `${label}: exit code\n${t.outcome.stderr}`);
    assert.doesNotMatch(t.outcome.stderr, /has been closed|device error/, label);
    await assertCancelledManifest(t, label);
  },
});

const KINDS: Kind[] = [
  cooperative("SIGTERM to the process", signalAndWait("SIGTERM", "process"), 1),
  cooperative("Ctrl-C (SIGINT to the group)", signalAndWait("SIGINT", "group"), 130),
  cooperative("SIGHUP to the group", signalAndWait("SIGHUP", "group"), 1),
  {
    name: "a second Ctrl-C",
    send: doubleInterrupt,
    async check(t, label) {
      assert.equal(t.outcome.code, 130, `${label}: exit code\n${t.outcome.stderr}`);
      // Either the abort won, or the run had already finished its reports: never half of one.
      const text = await manifestTextOf(t.runsDir);
      if (text !== null) assert.deepEqual(validateManifest(JSON.parse(text)), [], label);
      if (!t.outcome.stdout.includes("FAIL  ")) {
        assert.match(t.outcome.stderr, /aborted by a second interrupt/, label);
      }
      assert.doesNotMatch(t.outcome.stdout, /PASS {2}/, label);
    },
  },
];

Deno.test({
  name: "web run: SIGTERM, Ctrl-C, SIGHUP and a second Ctrl-C at random moments end cleanly",
  // Playwright's own timers and pipes outlive a test by a moment; the trials are processes.
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const server = await serveDemo();
    try {
      const rand = seededRandom(20261203);
      const trials: { kind: Kind; delayMs: number }[] = [];
      for (let round = 0; round < 3; round++) {
        for (const kind of KINDS) trials.push({ kind, delayMs: Math.floor(rand() * 1500) });
      }
      let aborted = 0;
      // Two runs at a time: bounded on a 2-core machine.
      for (let i = 0; i < trials.length; i += 2) {
        const pair = trials.slice(i, i + 2);
        const results = await Promise.all(
          pair.map(({ kind, delayMs }) => webTrial(server.url, delayMs, kind.send)),
        );
        try {
          for (const [j, t] of results.entries()) {
            const { kind, delayMs } = pair[j];
            const label = `trial ${i + j}: ${kind.name} after ${delayMs} ms`;
            await kind.check(t, label);
            await assertCleanExit(t, label);
            if (/aborted by a second interrupt/.test(t.outcome.stderr)) aborted++;
          }
        } finally {
          for (const t of results) await cleanup(t);
        }
      }
      assert.ok(aborted > 0, "at least one second Ctrl-C aborted the run");
    } finally {
      await server.close();
    }
  },
});

/**
 * The browser's main process: not a renderer/zygote (`--type=`), not the crash handler (it has
 * no `--type=` but names the profile's crash folder, and the browser starts it late), and not
 * the launcher shell.
 */
function browserMain(procs: ProcessInfo[]): ProcessInfo | undefined {
  const untyped = procs.filter((p) =>
    !p.argv.some((a) => a.startsWith("--type=") || a.includes("crashpad"))
  );
  // Debian's launcher is a shell script that runs the browser as its child.
  return untyped.find((p) => !untyped.some((q) => q.ppid === p.pid)) ?? untyped[0];
}

Deno.test({
  name: "web run: a browser killed mid-run is reported as 'the browser process exited' at once",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const server = await serveDemo();
    try {
      const t = await webTrial(server.url, 400, (_run, tmpDir) => {
        const browser = browserMain(processesMentioning(tmpDir));
        assert.ok(browser, "the browser process was found");
        Deno.kill(browser.pid, "SIGKILL");
        return Promise.resolve();
      });
      try {
        assert.equal(t.outcome.code, 2, t.outcome.stderr);
        const m = JSON.parse((await manifestTextOf(t.runsDir))!) as Manifest;
        assert.deepEqual(validateManifest(m), []);
        const failed = m.scenarios.filter((s) => !s.ok);
        assert.ok(failed.length > 0);
        // Every call in flight ends with the disconnect, never with an operation timeout.
        for (const s of failed) {
          assert.match(s.failure ?? "", /the browser process exited/, s.scenario);
          assert.doesNotMatch(s.failure ?? "", /timed out/, s.scenario);
        }
        assert.match(
          t.outcome.stderr,
          /device error: E_BROWSER_GONE playwright: the browser process exited/,
        );
        assert.deepEqual(await survivorsMentioning(t.tmpDir), [], "no browser process left");
        assert.deepEqual(await tempFilesBelow(t.runsDir), []);
      } finally {
        await cleanup(t);
      }
    } finally {
      await server.close();
    }
  },
});
