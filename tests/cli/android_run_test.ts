/**
 * `bajutsu run` on Android through the CLI, against the fake farm: the suite on both routes, the
 * fallback when the server cannot start, crash recovery (instrumentation death, an app crash),
 * transient faults (offline once, not idle), budgets, a two-device pool.
 */
import assert from "node:assert/strict";
import { androidProject, countCalls, runAndroid } from "./android_fixture.ts";

const routes = (m: { scenarios: Array<Record<string, unknown>> } | null) =>
  m?.scenarios.map((s) => s.route);

Deno.test("android: the suite passes on the UiAutomator2 route; the server starts once and stays warm", async () => {
  await using farm = await androidProject();
  const r = await runAndroid(farm);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^PASS {2}/m);
  assert.deepEqual(routes(r.manifest), ["uiautomator2", "uiautomator2", "uiautomator2"]);
  const s = r.manifest!.scenarios[0];
  assert.deepEqual([s.backend, s.device, s.device_runtime, s.attempts], [
    "adb",
    "emulator-5554",
    "Android 14 (API 34)",
    1,
  ]);
  assert.equal(countCalls(farm, "am", "instrument"), 1, "one instrumentation for three leases");
  assert.equal(countCalls(farm, "exec-out", "uiautomator", "dump"), 0, "no dump on the fast route");
  assert.ok(!r.stderr.includes("warning"), r.stderr);
  assert.deepEqual(farm.processes("emulator-5554"), [], "the server is stopped at the end");
});

Deno.test("android: the suite passes on the dump route (BAJUTSU_ADB_RESIDENT=0)", async () => {
  await using farm = await androidProject();
  const r = await runAndroid(farm, [], { BAJUTSU_ADB_RESIDENT: "0" });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(routes(r.manifest), ["dump", "dump", "dump"]);
  assert.equal(countCalls(farm, "am", "instrument"), 0);
  assert.ok(countCalls(farm, "exec-out", "uiautomator", "dump") > 0);
});

Deno.test("android: a server that cannot start falls back to the dump route with one warning", async () => {
  await using farm = await androidProject();
  farm.arm("emulator-5554", { instrumentFailures: 10 });
  const r = await runAndroid(farm);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(routes(r.manifest), ["dump", "dump", "dump"]);
  const warnings = r.stderr.split("\n").filter((l) => l.startsWith("warning:"));
  assert.equal(warnings.length, 1, r.stderr);
  assert.match(
    warnings[0],
    /^warning: android: the UiAutomator2 server did not start: the instrumentation exited during start-up .*; falling back to the dump route \(slower\)$/,
  );
  assert.equal(countCalls(farm, "am", "instrument"), 2, "one retry, then never again this run");
});

Deno.test("android: BAJUTSU_ADB_RESIDENT=1 makes a server that cannot start a device error (exit 2)", async () => {
  await using farm = await androidProject();
  farm.arm("emulator-5554", { instrumentFailures: 10 });
  const r = await runAndroid(farm, [], { BAJUTSU_ADB_RESIDENT: "1" });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /requires the server/);
  assert.ok(r.manifest, "the manifest is still written");
});

Deno.test("android: the instrumentation dies mid-scenario: recovery reruns it on a fresh server", async () => {
  await using farm = await androidProject();
  // The first server dies on its 4th source read: inside scenario 1.
  farm.arm("emulator-5554", {
    serverRuns: [[{ at: 4, kind: "die", match: { method: "GET", path: "/session/:sid/source" } }]],
  });
  const r = await runAndroid(farm, ["--progress"]);
  assert.equal(r.code, 0, r.stderr);
  const [first, second] = r.manifest!.scenarios;
  assert.deepEqual([first.ok, first.attempts, first.route], [true, 2, "uiautomator2"]);
  assert.equal(second.attempts, 1);
  assert.match(r.stderr, /respawning and retrying \(attempt 2\/2\)/);
  assert.equal(countCalls(farm, "am", "instrument"), 2, "the dead server is replaced once");
});

Deno.test("android: an app that crashes on a tap is recovered; without retries the scenario fails loudly", async () => {
  await using farm = await androidProject();
  farm.arm("emulator-5554", { appCrashes: 1 });
  const r = await runAndroid(farm);
  assert.equal(r.code, 0, r.stderr);
  const boom = r.manifest!.scenarios[2];
  assert.deepEqual([boom.ok, boom.attempts], [true, 2]);

  await using again = await androidProject();
  again.arm("emulator-5554", { appCrashes: 1 });
  const strict = await runAndroid(again, [], { BAJUTSU_CRASH_RETRIES: "0" });
  assert.equal(strict.code, 1, strict.stderr);
  const failed = strict.manifest!.scenarios[2];
  assert.equal(failed.ok, false);
  assert.match(
    String(failed.failure),
    /^backend crashed mid-run and did not recover across 1 attempt: the app under test \(com\.example\.counter\) is not running any more/,
  );
});

Deno.test("android: a device offline for a moment and a screen not idle three times are waited out", async () => {
  await using farm = await androidProject();
  farm.arm("emulator-5554", { offlineCalls: 1, idleFailures: 3 });
  const r = await runAndroid(farm, [], { BAJUTSU_ADB_RESIDENT: "0" });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(farm.device("emulator-5554").faults.offlineCalls, 0, "the offline fault fired");
  assert.equal(farm.device("emulator-5554").faults.idleFailures, 0, "the idle faults fired");
});

Deno.test("android: --udid a,b --workers 2 spreads the scenarios over both devices", async () => {
  await using farm = await androidProject(["emulator-5554", "emulator-5556"]);
  const r = await runAndroid(farm, ["--udid", "emulator-5554,emulator-5556", "--workers", "2"]);
  assert.equal(r.code, 0, r.stderr);
  const devices = new Set(r.manifest!.scenarios.map((s) => s.device));
  assert.deepEqual([...devices].sort(), ["emulator-5554", "emulator-5556"]);
  assert.equal(countCalls(farm, "am", "instrument"), 2, "one server per device");
});

Deno.test("android: a server that hangs on reads is a crash after its bounded retries; a new one takes over", async () => {
  await using farm = await androidProject();
  farm.arm("emulator-5554", {
    serverRuns: [[{
      at: 3,
      times: "always",
      kind: "hang",
      match: { method: "GET", path: "/session/:sid/source" },
    }]],
  });
  const r = await runAndroid(farm, [], { BAJUTSU_ADB_SERVER_READ_TIMEOUT: "0.3" });
  assert.equal(r.code, 0, r.stderr);
  const first = r.manifest!.scenarios[0];
  assert.deepEqual([first.ok, first.attempts, first.route], [true, 2, "uiautomator2"]);
  assert.equal(countCalls(farm, "am", "instrument"), 2);
});

Deno.test("android: bad BAJUTSU_ADB_* values are their defaults with one warning each; the run goes on", async () => {
  await using farm = await androidProject();
  const r = await runAndroid(farm, [], {
    BAJUTSU_ADB_RESIDENT: "yes",
    BAJUTSU_ADB_SERVER_READ_TIMEOUT: "5s",
  });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(routes(r.manifest), ["uiautomator2", "uiautomator2", "uiautomator2"]);
  const warnings = r.stderr.split("\n").filter((l) => l.startsWith("warning:"));
  assert.deepEqual(warnings, [
    'warning: BAJUTSU_ADB_RESIDENT="yes" is not 0 or 1; using the default unset (try the ' +
    "UiAutomator2 server, fall back to the dump route)",
    'warning: BAJUTSU_ADB_SERVER_READ_TIMEOUT="5s" is not a positive number; using the default 5',
  ]);
});

Deno.test("android: a step's video and device log are recorded, pulled and listed; nothing keeps running", async () => {
  await using farm = await androidProject(
    ["emulator-5554"],
    `
- name: recorded
  steps:
    - tap: { id: inc }
      capture: [video, deviceLog]
`,
  );
  const r = await runAndroid(farm);
  assert.equal(r.code, 0, r.stderr);
  const step = (r.manifest!.scenarios[0].steps as Array<{ artifacts: { name: string }[] }>)[0];
  const names = step.artifacts.map((a) => a.name);
  assert.ok(names.includes("00-recorded/step0/segment.mp4"), names.join(", "));
  assert.ok(names.includes("00-recorded/step0/device.log"), names.join(", "));
  const runDir = (r.stdout.match(/(\S*)\/manifest\.json/) ?? [])[1];
  const dir = runDir.startsWith("/") ? runDir : `${farm.home}/${runDir}`;
  const log = await Deno.readTextFile(`${dir}/00-recorded/step0/device.log`);
  assert.match(log, /D FakeApp: tap 80 42/, "the app's own line, by its pid");
  const video = await Deno.readFile(`${dir}/00-recorded/step0/segment.mp4`);
  assert.equal(new TextDecoder().decode(video.subarray(4, 8)), "ftyp");
  assert.deepEqual(farm.device("emulator-5554").files, {}, "the device file is removed");
  assert.deepEqual(farm.processes("emulator-5554"), []);
});
