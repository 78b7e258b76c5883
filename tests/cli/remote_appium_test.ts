/**
 * `bajutsu run` against a real Appium server (appium 3.8.0 with its fake driver, from npm: see
 * tests/support/appium/harness.ts), on loopback: a suite on two sessions at once, the server
 * killed mid-scenario (recovery on a new session), killed for good (E_REMOTE_UNREACHABLE once it
 * has refused connections for the unreachable timeout) and a scenario asking for an erase
 * (E_ERASE_REFUSED). The endpoint carries credentials in its userinfo and a vendor block;
 * they must reach no output and no file of the run.
 *
 * The fake driver's page source is its app file as written (taps and typing do not change it), so
 * these runs prove the wire (sessions, source, actions, typing, screenshots) and the pipeline
 * around it; screens that react are the fake servers' part (tests/drivers/remote/).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type AppiumServer,
  ensureAppium,
  fakeDriverApp,
  startAppium,
} from "../support/appium/harness.ts";
import { freePort } from "../../src/drivers/ios/wda_runner.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const USER = "ada-grid";
const KEY = "k3y/with@odd:chars";

const APP = fakeDriverApp(400, 700, [
  `<MockButton id="signIn" label="Sign in" left="20" top="20" width="120" height="44"/>`,
  `<MockInputField id="email" label="Email" left="20" top="80" width="260" height="44"/>`,
  `<MockText id="title" label="Welcome" left="20" top="140" width="200" height="30"/>`,
  `<MockListItem id="row1" label="Row 1" left="0" top="300" width="400" height="50"/>`,
]);
/** The same app with an element that shows only on a session opened after the rewrite. */
const APP_LATER = APP.replace(
  "</app>",
  `  <MockText id="later" label="Later" left="20" top="200" width="200" height="30"/>\n</app>`,
);

const SUITE = `schema: 1
scenarios:
  - name: sign in
    tags: [suite]
    steps:
      - tap: { id: signIn }
      - type: { into: { id: email }, text: "ada@example.com" }
      - wait: { until: settled, timeout: 5 }
    expect:
      - label: { sel: { id: title }, equals: Welcome }
  - name: gestures
    tags: [suite]
    steps:
      - doubleTap: { id: signIn }
      - longPress: { sel: { id: row1 }, duration: 0.2 }
      - swipe: { on: { id: row1 }, direction: left }
      - tapPoint: { x: 0.5, y: 0.5 }
      - wait: { until: settled, timeout: 5 }
  - name: reads the screen
    tags: [suite]
    steps:
      - wait: { for: { id: title }, timeout: 5 }
      - wait: { until: settled, timeout: 5 }
    expect:
      - exists: { id: email }
      - exists: { id: missing, negate: true }
  - name: types a secret
    tags: [suite]
    steps:
      - type: { into: { id: email }, text: "\${secrets.GRID_KEY}" }
      - wait: { until: settled, timeout: 5 }
  - name: relaunch
    tags: [unsupported]
    steps:
      - relaunch: {}
  - name: waits for later
    tags: [later]
    steps:
      - wait: { for: { id: later }, timeout: 60 }
  - name: wipes first
    tags: [erase]
    preconditions: { erase: true }
    steps:
      - tap: { id: signIn }
`;

function config(port: number, appFile: string): string {
  return `defaults:
  capture: [screenshot.after, elements, actionLog]
targets:
  phone:
    package: com.example.fake
    secrets: [GRID_USER, GRID_KEY]
    scenarios: scenarios
    deviceProvider:
      kind: appium
      endpoint: "http://\${secrets.GRID_USER}:\${secrets.GRID_KEY}@127.0.0.1:${port}"
      capabilities:
        platformName: Fake
        appium:automationName: Fake
        appium:app: ${JSON.stringify(appFile)}
        bstack:options:
          userName: \${secrets.GRID_USER}
          accessKey: \${secrets.GRID_KEY}
`;
}

interface Workspace {
  dir: string;
  appFile: string;
  configFile: string;
  runsDir: string;
}

async function workspace(port: number): Promise<Workspace> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-appium-" });
  const appFile = join(dir, "app.xml");
  await Deno.writeTextFile(appFile, APP);
  await Deno.mkdir(join(dir, "scenarios"));
  await Deno.writeTextFile(join(dir, "scenarios", "suite.yaml"), SUITE);
  const configFile = join(dir, "bajutsu.config.yaml");
  await Deno.writeTextFile(configFile, config(port, appFile));
  return { dir, appFile, configFile, runsDir: join(dir, "runs") };
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Starts `bajutsu run` on the workspace; the caller awaits `done`. */
function startCli(ws: Workspace, args: string[], env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "main.ts",
      "run",
      "--config",
      ws.configFile,
      "--runs-dir",
      ws.runsDir,
      "--no-progress",
      ...args,
    ],
    cwd: ROOT,
    env: { GRID_USER: USER, GRID_KEY: KEY, NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const done: Promise<CliRun> = child.output().then((out) => ({
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  }));
  return { done };
}

// deno-lint-ignore no-explicit-any
type Json = any;

/** The manifest of the one run in the workspace. */
async function manifestOf(ws: Workspace, run: CliRun): Promise<Json> {
  assert.match(run.stdout, /^(PASS|FAIL) {2}\S+manifest\.json$/m, run.stdout + run.stderr);
  const runs = [...Deno.readDirSync(ws.runsDir)].filter((e) => e.isDirectory);
  assert.equal(runs.length, 1);
  return JSON.parse(await Deno.readTextFile(join(ws.runsDir, runs[0].name, "manifest.json")));
}

/** Every file under `dir`, as text (binary files too: a secret could hide in either). */
async function everyFile(dir: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = join(d, e.name);
      if (e.isDirectory) await walk(p);
      else out.push([p, new TextDecoder().decode(await Deno.readFile(p))]);
    }
  };
  await walk(dir);
  return out;
}

/** The forms of a credential that must not appear anywhere. */
const SECRET_FORMS = [KEY, encodeURIComponent(KEY), btoa(`${USER}:${KEY}`), USER];

function assertNoSecret(where: string, text: string): void {
  for (const form of SECRET_FORMS) {
    assert.ok(!text.includes(form), `${where} holds a credential (${form.slice(0, 3)}…)`);
  }
}

/** The most sessions the server had open at once, from its log. */
function peakSessions(log: string[]): number {
  let open = 0, peak = 0;
  for (const line of log) {
    if (/added to master session list/.test(line)) peak = Math.max(peak, ++open);
    if (/Removing session .* from our master session list/.test(line)) open--;
  }
  return peak;
}

async function withServer(
  fn: (server: AppiumServer, ws: Workspace, restart: () => Promise<AppiumServer>) => Promise<void>,
): Promise<void> {
  const install = await ensureAppium();
  const port = freePort();
  const servers: AppiumServer[] = [await startAppium(install, { port })];
  const ws = await workspace(port);
  try {
    await fn(servers[0], ws, async () => {
      const next = await startAppium(install, { port });
      servers.push(next);
      return next;
    });
  } finally {
    for (const s of servers) await s.stop();
    await Deno.remove(ws.dir, { recursive: true });
  }
}

Deno.test("run on a real Appium server: --workers 2 on two sessions, the wire as W3C, no credential in any output or file", async () => {
  await withServer(async (server, ws) => {
    const run = await startCli(ws, ["--tag", "suite", "--workers", "2"]).done;
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const manifest = await manifestOf(ws, run);
    const scenarios = manifest.scenarios as Json[];
    assert.deepEqual(scenarios.map((s) => [s.scenario, s.ok]), [
      ["sign in", true],
      ["gestures", true],
      ["reads the screen", true],
      ["types a secret", true],
    ]);
    // Two lanes, each a session of its own per scenario, recorded without the userinfo.
    assert.deepEqual(new Set(scenarios.map((s) => s.device)), new Set(["remote-0", "remote-1"]));
    const sessions = scenarios.map((s) => s.remote_sessions);
    for (const s of sessions) {
      assert.equal(s.length, 1);
      assert.equal(s[0].endpoint, `http://127.0.0.1:${server.port}`);
      assert.equal(s[0].session_url, null, "a local Appium server has no session page");
    }
    assert.equal(new Set(sessions.map((s) => s[0].session_id)).size, 4, "a session per scenario");
    for (const s of scenarios) {
      assert.equal(s.backend, "webdriver");
      assert.equal(s.route, "fake");
      assert.equal(s.device_name, "Fake");
    }
    assert.equal(peakSessions(server.log), 2, "two sessions open at once, never more");
    // The config asks for the fake driver: the session asks for it, without Android's app keys.
    const creates = server.log.filter((l) => /--> POST \/session \{/.test(l));
    assert.equal(creates.length, 4);
    for (const line of creates) {
      assert.match(line, /"platformName":"Fake","appium:automationName":"Fake"/);
      assert.doesNotMatch(line, /appPackage|UiAutomator2|optionalIntentArguments/);
    }
    // Every session the run opened it also ended.
    assert.equal(
      server.log.filter((l) => /Removing session .* master session list/.test(l)).length,
      4,
    );

    // The wire, as the real server logged it: one W3C pointer action at the button's centre.
    const actions = server.log.filter((l) => /--> POST \/session\/[^/]+\/actions /.test(l));
    assert.ok(
      actions.some((l) =>
        /"type":"pointer".*"pointerMove","duration":0,"origin":"viewport","x":80,"y":42\},\{"type":"pointerDown".*"pointerUp","button":0\}\]\}\]\}$/
          .test(l)
      ),
      `no tap at (80, 42) among:\n${actions.join("\n")}`,
    );
    // Typing: the server has no active element, so the tapped field is found by its id.
    assert.ok(
      server.log.some((l) =>
        /--> POST \/session\/[^/]+\/element \{"using":"id","value":"email"\}/.test(l)
      ),
    );
    assert.ok(
      server.log.some((l) =>
        /--> POST \/session\/[^/]+\/element\/[^/]+\/value \{"text":"ada@example.com"\}/.test(l)
      ),
    );
    // Screenshots came back as PNG files.
    const pngs = (await everyFile(ws.runsDir)).filter(([p]) => p.endsWith(".png"));
    assert.ok(pngs.length >= 4, `screenshots: ${pngs.length}`);

    assertNoSecret("stdout", run.stdout);
    assertNoSecret("stderr", run.stderr);
    for (const [path, text] of await everyFile(ws.runsDir)) assertNoSecret(path, text);
    // The server did receive them (the Basic header and the vendor block): the masking is ours.
    assert.ok(server.log.some((l) => l.includes(`"accessKey":"${KEY}"`)));
  });
});

Deno.test("run on a real Appium server: relaunch, which the fake driver lacks, fails the step as unsupported", async () => {
  await withServer(async (_server, ws) => {
    const run = await startCli(ws, ["--tag", "unsupported"]).done;
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const [s] = (await manifestOf(ws, run)).scenarios as Json[];
    assert.equal(s.ok, false);
    assert.match(s.failure, /Unsupported execute method 'mobile: terminateApp'/);
    assert.equal(s.attempts, 1, "an unsupported action is the scenario's failure, not a crash");
  });
});

Deno.test("run on a real Appium server killed mid-scenario: the retry opens a new session on the restarted server", async () => {
  await withServer(async (server, ws, restart) => {
    const cli = startCli(ws, ["--tag", "later"], { BAJUTSU_REMOTE_SESSION_BUDGET: "90" });
    // The scenario is waiting (reading the source) on its first session: the server dies.
    await server.waitForLine(/--> GET \/session\/[^/]+\/source/, 60);
    await Deno.writeTextFile(ws.appFile, APP_LATER);
    await server.kill();
    const next = await restart();
    const run = await cli.done;
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const [s] = (await manifestOf(ws, run)).scenarios as Json[];
    assert.equal(s.ok, true);
    assert.equal(s.attempts, 2);
    assert.equal(s.recoveries.length, 1);
    assert.equal(s.recoveries[0].retried, true);
    assert.equal(s.recoveries[0].forced_erase, false, "the route refuses erase: none is forced");
    assert.equal(s.remote_sessions.length, 2);
    assert.notEqual(s.remote_sessions[0].session_id, s.remote_sessions[1].session_id);
    assert.ok(next.log.some((l) => l.includes(s.remote_sessions[1].session_id)));
    assertNoSecret("stderr", run.stderr);
  });
});

Deno.test("run on a real Appium server: a scenario asking for an erase fails with E_ERASE_REFUSED before any session", async () => {
  await withServer(async (server, ws) => {
    const run = await startCli(ws, ["--tag", "erase"]).done;
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const [s] = (await manifestOf(ws, run)).scenarios as Json[];
    assert.match(
      s.failure,
      new RegExp(
        "^error: E_ERASE_REFUSED erase: true cannot run on a remote endpoint " +
          `\\(http://127\\.0\\.0\\.1:${server.port}\\)`,
      ),
    );
    assert.equal(peakSessions(server.log), 0, "no session was opened for it");
  });
});

Deno.test("run on a real Appium server killed for good: E_REMOTE_UNREACHABLE once it refused connections for the unreachable timeout, the crashed attempt kept", async () => {
  await withServer(async (server, ws) => {
    const cli = startCli(ws, ["--tag", "later"], { BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT: "2" });
    await server.waitForLine(/--> GET \/session\/[^/]+\/source/, 60);
    await server.kill();
    const run = await cli.done;
    // A device problem ends the run with exit 2 (docs/cli.md), its manifest and report written.
    assert.equal(run.code, 2, run.stdout + run.stderr);
    const [s] = (await manifestOf(ws, run)).scenarios as Json[];
    assert.equal(s.ok, false);
    const endpoint = `http://127\\.0\\.0\\.1:${server.port}`;
    const gone = `^device error: E_REMOTE_UNREACHABLE remote endpoint ${endpoint} refused ` +
      "connections for \\d+(\\.\\d)?s without a break \\(BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT 2s; " +
      "\\d+ attempts?\\): the server is gone$";
    assert.match(s.failure, new RegExp(gone));
    const coded = run.stderr.split("\n").filter((l) => l.includes("E_REMOTE_UNREACHABLE"));
    assert.equal(coded.length, 1, run.stderr);
    assert.match(coded[0], new RegExp(gone));
    // Nothing of the first attempt is lost: the crash, the retry tried, the crashed session.
    assert.equal(s.attempts, 2, "the crashed attempt and the retry that got no session");
    assert.equal(s.recoveries.length, 1);
    assert.equal(s.recoveries[0].attempt, 1);
    assert.equal(s.recoveries[0].retried, true);
    assert.equal(s.device, "remote-0");
    assert.equal(s.backend, "webdriver");
    assert.equal(s.remote_sessions.length, 1);
    assert.equal(s.remote_sessions[0].attempt, 1);
    assert.equal(s.remote_sessions[0].endpoint, `http://127.0.0.1:${server.port}`);
    assert.ok(server.log.some((l) => l.includes(s.remote_sessions[0].session_id)));
    assertNoSecret("stdout", run.stdout);
    assertNoSecret("stderr", run.stderr);
    for (const [path, text] of await everyFile(ws.runsDir)) assertNoSecret(path, text);
    assert.ok((await everyFile(ws.runsDir)).some(([p]) => p.endsWith("report.html")));
  });
});

Deno.test("run on a real Appium server killed between scenarios: with the default bound the next session gives up after ~10 s of refusals, not the 300 s session budget", async () => {
  await withServer(async (server, ws) => {
    const started = performance.now();
    const cli = startCli(ws, ["--tag", "suite"]);
    // The first scenario's session ended: the server dies before the second opens one.
    await server.waitForLine(/Removing session .* master session list/, 60);
    await server.kill();
    const run = await cli.done;
    const seconds = (performance.now() - started) / 1000;
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.ok(seconds < 60, `took ${seconds}s`);
    const scenarios = (await manifestOf(ws, run)).scenarios as Json[];
    assert.equal(scenarios.length, 4);
    assert.equal(scenarios[0].ok, true);
    const failures = scenarios.slice(1).map((s) => s.failure as string);
    assert.ok(
      failures.some((f) =>
        /^device error: E_REMOTE_UNREACHABLE .* \(BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT 10s; /.test(f)
      ),
      failures.join("\n"),
    );
    assert.match(
      run.stderr,
      /^device error: E_REMOTE_UNREACHABLE remote endpoint http:\/\/127\.0\.0\.1:\d+ refused connections/m,
    );
    assertNoSecret("stderr", run.stderr);
  });
});
