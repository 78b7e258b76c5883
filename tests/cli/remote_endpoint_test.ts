/**
 * `bajutsu run` on the remote backend as a real process, against the fake Appium server on
 * loopback (tests/support/fake_appium/, on the fake W3C server): a scenario asking for an erase
 * fails with E_ERASE_REFUSED, a driver named in the capabilities is asked for with only the app
 * capabilities it reads, and a server that is gone ends the run in bounded time — never
 * there, dead between scenarios, dead mid-scenario — with one E_REMOTE_UNREACHABLE line on
 * stderr, exit 2, and its manifest and report written (docs/backends.md#sessions-and-capacity).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FakeAppium } from "../support/fake_appium/server.ts";
import type { FaultSpec } from "../support/fake_w3c/mod.ts";
import { CONTRACT_SCREEN } from "../drivers/contract.ts";
import { contractApk, PACKAGE } from "../drivers/remote/fixture.ts";
import { freePort } from "../../src/drivers/ios/wda_runner.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

const SUITE = `schema: 1
scenarios:
  - name: first
    steps:
      - tap: { id: inc }
      - wait: { until: settled, timeout: 5 }
    expect:
      - label: { sel: { id: taps }, equals: "1" }
  - name: second
    steps:
      - tap: { id: inc }
      - wait: { until: settled, timeout: 5 }
  - name: third
    steps:
      - wait: { for: { id: taps }, timeout: 5 }
`;

const ERASE = `schema: 1
scenarios:
  - name: wipes first
    preconditions: { erase: true }
    steps:
      - tap: { id: inc }
  - name: plain
    steps:
      - tap: { id: inc }
`;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
  // deno-lint-ignore no-explicit-any
  manifest: any;
  runDir: string;
}

/** Runs `bajutsu run` on a target whose endpoint is `endpoint`, with `suite` as its scenarios. */
async function runCli(
  endpoint: string,
  suite: string,
  env: Record<string, string> = {},
  capabilities = "",
): Promise<CliRun> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-remote-" });
  try {
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios", "suite.yaml"), suite);
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      `targets:
  phone:
    package: ${PACKAGE}
    scenarios: scenarios
    deviceProvider:
      kind: appium
      endpoint: ${endpoint}
${capabilities}`,
    );
    const runsDir = join(dir, "runs");
    const started = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "main.ts",
        "run",
        "--config",
        join(dir, "bajutsu.config.yaml"),
        "--runs-dir",
        runsDir,
        "--no-progress",
      ],
      cwd: ROOT,
      env: { NO_COLOR: "1", ...env },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const seconds = (performance.now() - started) / 1000;
    const stdout = new TextDecoder().decode(out.stdout);
    const stderr = new TextDecoder().decode(out.stderr);
    const runs = [...Deno.readDirSync(runsDir)].filter((e) => e.isDirectory);
    assert.equal(runs.length, 1, stdout + stderr);
    const runDir = join(runsDir, runs[0].name);
    const manifest = JSON.parse(await Deno.readTextFile(join(runDir, "manifest.json")));
    await Deno.stat(join(runDir, "report.html"));
    return { code: out.code, stdout, stderr, seconds, manifest, runDir };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function withFakeAppium(
  faults: FaultSpec[],
  fn: (appium: FakeAppium) => Promise<void>,
): Promise<void> {
  const appium = new FakeAppium({ apk: contractApk(CONTRACT_SCREEN), faults });
  try {
    await fn(appium);
  } finally {
    await appium.close();
  }
}

/** The stderr lines that carry the unreachable code: exactly one, naming the endpoint. */
function unreachableLine(run: CliRun, endpoint: string): string {
  const lines = run.stderr.split("\n").filter((l) => l.includes("E_REMOTE_UNREACHABLE"));
  assert.equal(lines.length, 1, run.stderr);
  assert.ok(
    lines[0].startsWith(`device error: E_REMOTE_UNREACHABLE remote endpoint ${endpoint} `),
    lines[0],
  );
  return lines[0];
}

Deno.test("run on a remote endpoint: a scenario asking for an erase fails with E_ERASE_REFUSED, the next one runs", async () => {
  await withFakeAppium([], async (appium) => {
    const run = await runCli(appium.url, ERASE);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const [wipes, plain] = run.manifest.scenarios;
    assert.match(
      wipes.failure,
      /^error: E_ERASE_REFUSED erase: true cannot run on a remote endpoint \(http:\/\/127\.0\.0\.1:\d+\)/,
    );
    assert.equal(plain.ok, true);
    assert.equal(appium.server.count("POST", "/session"), 1, "no session for the refused erase");
  });
});

Deno.test("run on a remote endpoint asking for Espresso: the session names it, with the package and no UiAutomator2 intent arguments", async () => {
  await withFakeAppium([], async (appium) => {
    const run = await runCli(
      appium.url,
      SUITE.slice(0, SUITE.indexOf("  - name: second")),
      {},
      "      capabilities:\n        appium:automationName: Espresso\n" +
        "    launchEnv:\n      API: http://127.0.0.1:8080\n",
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const create = appium.server.requests.find((r) => r.pathname === "/session")!;
    const asked = (create.body as { capabilities: { alwaysMatch: Record<string, unknown> } })
      .capabilities.alwaysMatch;
    assert.deepEqual(asked, {
      platformName: "Android",
      "appium:automationName": "Espresso",
      "appium:appPackage": PACKAGE,
      "appium:newCommandTimeout": 300,
    });
    // Espresso reads the UiAutomator XML source: the tap landed and the count was read.
    assert.equal(run.manifest.scenarios[0].ok, true);
    assert.equal(run.manifest.scenarios[0].route, "espresso");
  });
});

Deno.test("run on a remote endpoint that never existed: E_REMOTE_UNREACHABLE at once, exit 2, every scenario in the manifest", async () => {
  const endpoint = `http://127.0.0.1:${freePort()}`;
  const run = await runCli(endpoint, SUITE);
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(unreachableLine(run, endpoint), /has not answered in this run/);
  assert.ok(run.seconds < 30, `took ${run.seconds}s`);
  const scenarios = run.manifest.scenarios;
  assert.deepEqual(scenarios.map((s: { scenario: string }) => s.scenario), [
    "first",
    "second",
    "third",
  ]);
  assert.match(scenarios[0].failure, /^device error: E_REMOTE_UNREACHABLE /);
  for (const s of scenarios.slice(1)) assert.match(s.failure, /^aborted: /);
});

Deno.test("run on a remote endpoint that dies between scenarios: with the default bound, E_REMOTE_UNREACHABLE after ~10 s of refusals, not the 300 s session budget", async () => {
  // The first scenario's session ends (DELETE) and the server dies with it.
  const die: FaultSpec = { at: 1, match: { method: "DELETE", path: "/session/:sid" }, kind: "die" };
  await withFakeAppium([die], async (appium) => {
    const run = await runCli(appium.url, SUITE);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(
      unreachableLine(run, appium.url),
      /refused connections for 1\d(\.\d)?s without a break \(BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT 10s; \d+ attempts\): the server is gone$/,
    );
    assert.ok(run.seconds < 60, `took ${run.seconds}s`);
    assert.match(run.stderr, /refuses connections; waiting up to 10s/);
    const [first, second, third] = run.manifest.scenarios;
    assert.equal(first.ok, true);
    assert.match(second.failure, /^device error: E_REMOTE_UNREACHABLE /);
    assert.match(third.failure, /^aborted: /);
  });
});

Deno.test("run on a remote endpoint that dies mid-scenario: the crash retry finds it gone, E_REMOTE_UNREACHABLE, the crashed attempt kept", async () => {
  // The first scenario's second source read kills the server.
  const die: FaultSpec = {
    at: 2,
    match: { method: "GET", path: "/session/:sid/source" },
    kind: "die",
  };
  await withFakeAppium([die], async (appium) => {
    const run = await runCli(appium.url, SUITE, { BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT: "2" });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(
      unreachableLine(run, appium.url),
      /refused connections for [2-9](\.\d)?s without a break \(BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT 2s; /,
    );
    const [first, second, third] = run.manifest.scenarios;
    assert.match(first.failure, /^device error: E_REMOTE_UNREACHABLE /);
    // As docs/backends.md#failures-and-recovery says: the crash is retried on a new session.
    assert.equal(first.attempts, 2);
    assert.equal(first.recoveries.length, 1);
    assert.equal(first.recoveries[0].retried, true);
    assert.equal(first.remote_sessions.length, 1);
    assert.match(second.failure, /^aborted: /);
    assert.match(third.failure, /^aborted: /);
  });
});
