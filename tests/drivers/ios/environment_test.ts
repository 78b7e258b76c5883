/**
 * The iOS Simulator environment against the fake Mac: cold start (boot, locale pin, install,
 * WebDriverAgent fetched, built once and started), warm reuse, erase, start failures and their
 * repairs, the replacement device, recordings and teardown leaving no process behind.
 */
import assert from "node:assert/strict";
import { DeviceError, DeviceTimeout } from "../../../src/drivers/driver.ts";
import type { BootAttempt } from "../../../src/drivers/environment.ts";
import { WdaBuildFailed } from "../../../src/drivers/ios/wda_build.ts";
import type { WdaDriver } from "../../../src/drivers/ios/wda_driver.ts";
import { DEFAULT_UDIDS } from "../../support/fake_ios/state.ts";
import { iosEffective, iosScenario, openIosLab, SHOP, startReq } from "./env_fixture.ts";

const UDID = DEFAULT_UDIDS.iphone16;

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    Deno.kill(pid, 0 as unknown as Deno.Signal);
    return true;
  } catch {
    return false;
  }
}

Deno.test("cold start: boot, locale pin, install, WDA fetched + built + started, app launched with locale args and env", async () => {
  const lab = await openIosLab();
  try {
    assert.deepEqual(lab.lanes, [UDID], "nothing booted: the target's device model");
    const env = await lab.env();
    const scenario = iosScenario({
      locale: "ja_JP",
      launchEnv: { FLAG: "1" },
      deeplink: "shop://cart",
    });
    const driver = await env.start(startReq(scenario, { extraEnv: { BAJUTSU_MOCKS: "[]" } }));
    const s = lab.mac.state();
    const device = s.devices.find((d) => d.udid === UDID)!;
    assert.equal(device.state, "Booted");
    assert.deepEqual(s.defaults[UDID], { AppleLanguages: ["ja-JP"], AppleLocale: "ja_JP" });
    assert.equal(s.apps[UDID][SHOP].endsWith("Shop.app"), true);
    const run = s.running[UDID][SHOP];
    assert.deepEqual(run.args, [
      "-UITests",
      "-AppleLocale",
      "ja_JP",
      "-AppleLanguages",
      "(ja-JP)",
    ]);
    assert.deepEqual(run.env, {
      API_BASE: "http://127.0.0.1:9",
      FLAG: "1",
      BAJUTSU_MOCKS: "[]",
    });
    const subcommands = s.calls.map((c) => c[0] === "spawn" ? `spawn ${c[3]} ${c[5]}` : c[0]);
    assert.deepEqual(subcommands, [
      "list",
      "boot",
      "bootstatus",
      "spawn read AppleLocale",
      "spawn read AppleLanguages",
      "spawn write AppleLanguages",
      "spawn write AppleLocale",
      "shutdown",
      "boot",
      "bootstatus",
      "spawn read AppleLocale",
      "spawn read AppleLanguages",
      "uninstall",
      "install",
      "terminate",
      "launch",
      "openurl",
    ]);
    assert.equal(s.xcodebuild.filter((a) => a[0] === "build-for-testing").length, 1);
    assert.equal(s.wdaSpawns, 1);
    // The runner's argv: the cached build, this device, our marker.
    const test = s.xcodebuild.find((a) => a[0] === "test-without-building")!;
    assert.ok(test.includes(`id=${UDID}`));
    assert.ok(test.includes("BAJUTSU_WDA=1"));
    // The driver drives the launched app.
    await driver.tap({ id: "add" });
    assert.equal((await driver.query()).find((e) => e.identifier === "count")?.label, "1");
    // The session attached without relaunching, and WDA got our settings.
    const req = lab.mac.wdaRequests(1);
    const session = req.find((r) => r.pathname === "/session")!.body as {
      capabilities: { alwaysMatch: Record<string, unknown> };
    };
    assert.equal(session.capabilities.alwaysMatch.forceAppLaunch, false);
    assert.equal(session.capabilities.alwaysMatch.bundleId, SHOP);
    assert.ok(req.some((r) => r.pathname.endsWith("/appium/settings")));
  } finally {
    await lab.dispose();
  }
});

Deno.test("warm start: the runner is reused (no new xcodebuild), only the app is relaunched", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    const first = await env.start(startReq()) as WdaDriver;
    await first.tap({ id: "add" });
    const pid1 = lab.mac.state().running[UDID][SHOP].pid;
    await env.endLease();
    assert.equal(lab.mac.state().running[UDID]?.[SHOP], undefined, "endLease terminates the app");
    assert.equal(await env.health(5), true);
    const second = await env.start(startReq(iosScenario(), { warm: true }));
    const s = lab.mac.state();
    assert.equal(s.wdaSpawns, 1, "no second xcodebuild");
    assert.notEqual(s.running[UDID][SHOP].pid, pid1);
    assert.equal(
      (await second.query()).find((e) => e.identifier === "count")?.label,
      "0",
      "a fresh app",
    );
  } finally {
    await lab.dispose();
  }
});

Deno.test("a warm start in another locale respawns cold after pinning the new locale", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    await env.start(startReq());
    await env.endLease();
    await env.start(startReq(iosScenario({ locale: "fr_FR" }), { warm: true }));
    const s = lab.mac.state();
    assert.equal(s.wdaSpawns, 2);
    assert.deepEqual(s.defaults[UDID].AppleLocale, "fr_FR");
  } finally {
    await lab.dispose();
  }
});

Deno.test("erase: shutdown + erase before boot, the app installed again", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    await env.start(startReq());
    await env.endLease();
    const before = lab.mac.state().calls.length;
    await env.start(startReq(iosScenario({ erase: true }), { erase: true, warm: false }));
    const after = lab.mac.state().calls.slice(before);
    // The old runner is stopped first (its app terminated as a backup), then the erase.
    assert.deepEqual(after[0], ["terminate", UDID, "com.facebook.WebDriverAgentRunner.xctrunner"]);
    const calls = after.map((c) => c[0]);
    assert.deepEqual(calls.slice(1, 5), ["shutdown", "erase", "boot", "bootstatus"]);
    assert.ok(!calls.includes("uninstall"), "an erased device has nothing to uninstall");
    assert.ok(calls.includes("install"));
  } finally {
    await lab.dispose();
  }
});

Deno.test("relaunch: terminate + launch with the overrides on top; the device is not erased", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    await env.start(startReq());
    await env.relaunch!({ args: ["-reset"], env: { FLAG: "2" } });
    const run = lab.mac.state().running[UDID][SHOP];
    assert.deepEqual(run.args.slice(0, 2), ["-UITests", "-reset"]);
    assert.equal(run.env.FLAG, "2");
  } finally {
    await lab.dispose();
  }
});

Deno.test("a failed WebDriverAgent build: the log's tail and path, then a retry on the next start", async () => {
  const lab = await openIosLab();
  try {
    await lab.mac.update((s) => (s.buildFailures = 1));
    const env = await lab.env();
    const err = await env.start(startReq()).catch((e) => e);
    assert.ok(err instanceof WdaBuildFailed);
    assert.ok(err instanceof DeviceError);
    assert.match(
      err.message,
      /xcodebuild exit 65.*TEST BUILD FAILED.*full log: .*build-16\.4-16F6-iOS-18-4-/s,
    );
    assert.match(await Deno.readTextFile(err.logPath), /use of undeclared identifier/);
    await env.start(startReq());
    assert.equal(lab.mac.state().xcodebuild.filter((a) => a[0] === "build-for-testing").length, 2);
  } finally {
    await lab.dispose();
  }
});

Deno.test("a runner that exits at start is started again (no repair needed)", async () => {
  const lab = await openIosLab();
  try {
    await lab.mac.update((s) => s.wdaFaults.push({ spawn: 1, faults: [], exitAtStart: 65 }));
    const env = await lab.env();
    const driver = await env.start(startReq());
    assert.ok((await driver.query()).length > 0);
    assert.equal(lab.mac.state().wdaSpawns, 2);
    assert.ok(lab.logs.some((l) => /did not start .*ended before it served/.test(l)));
  } finally {
    await lab.dispose();
  }
});

Deno.test("a port in use: the runner fails to bind, and is started again on another port", async () => {
  const lab = await openIosLab();
  try {
    await lab.mac.update((s) => s.wdaFaults.push({ spawn: 1, faults: [], portInUse: true }));
    const env = await lab.env();
    const driver = await env.start(startReq());
    assert.ok((await driver.query()).some((e) => e.identifier === "add"));
    assert.equal(lab.mac.state().wdaSpawns, 2);
    const logs = [...Deno.readDirSync(lab.mac.env.BAJUTSU_XCUITEST_RUNNER_LOG)].map((e) => e.name);
    assert.equal(logs.length, 2, "one log per attempt, each named by its own port");
    const first = logs.map((n) =>
      Deno.readTextFileSync(`${lab.mac.env.BAJUTSU_XCUITEST_RUNNER_LOG}/${n}`)
    )
      .find((t) => t.includes("Address already in use"));
    assert.ok(first, "the failed attempt's log keeps the reason");
  } finally {
    await lab.dispose();
  }
});

Deno.test("a device that vanished is replaced by a new simulator of the same model and runtime", async () => {
  const lab = await openIosLab();
  try {
    await lab.mac.update((s) => s.wdaFaults.push({ spawn: 1, faults: [], vanishDevice: true }));
    const env = await lab.env();
    const original = env.device;
    const driver = await env.start(startReq());
    assert.notEqual(env.device, original);
    const made = lab.mac.state().devices.find((d) => d.udid === env.device)!;
    assert.equal(made.name, `iPhone 16 (bajutsu-recovered-${UDID})`);
    assert.equal(made.runtime, "com.apple.CoreSimulator.SimRuntime.iOS-18-4");
    assert.equal(made.state, "Booted");
    assert.ok(lab.mac.state().apps[env.device][SHOP], "the app is installed on the new device");
    assert.ok((await driver.query()).some((e) => e.identifier === "add"));
    assert.ok(lab.logs.some((l) => l.includes(`replaced simulator ${UDID}`)));
  } finally {
    await lab.dispose();
  }
});

Deno.test("device recovery is bounded by BAJUTSU_XCUITEST_RECOVERY_TIMEOUT", async () => {
  const lab = await openIosLab({
    env: { BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "1", BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "1" },
  });
  try {
    // WDA never says ready; the reboot between attempts hangs in shutdown (the locale pin's own
    // shutdown, the first one, goes through).
    await lab.mac.update((s) => {
      s.wdaFaults.push({
        spawn: 1,
        faults: [{ at: 1, kind: "hang", match: { path: "/status" }, times: "always" }],
      });
      s.simctlFaults.push({ subcommand: "shutdown", skip: 1, hangS: 20 });
    });
    const env = await lab.env();
    const t0 = performance.now();
    const err = await env.start(startReq()).catch((e) => e);
    assert.ok(err instanceof DeviceTimeout, String(err));
    assert.match(
      err.message,
      /device recovery did not finish within 1s \(BAJUTSU_XCUITEST_RECOVERY_TIMEOUT\)/,
    );
    assert.ok(performance.now() - t0 < 15_000);
    assert.equal(lab.mac.state().hangs[0].argv[0], "shutdown");
    assert.deepEqual(lab.mac.liveHangs(), [], "the hung shutdown was killed, not left running");
  } finally {
    await lab.dispose();
  }
});

Deno.test("the recovery bound kills the reboot's boot in flight, reported as a boot step; nothing runs after it", async () => {
  const lab = await openIosLab({ env: { BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "1" } });
  try {
    // The bound passes when the test says so: once the repair's boot hangs.
    const bound = new AbortController();
    lab.run.recoveryDeadline = () => ({ signal: bound.signal, dispose: () => {} });
    await lab.mac.update((s) => {
      s.wdaFaults.push({
        spawn: 1,
        faults: [{ at: 1, kind: "hang", match: { path: "/status" }, times: "always" }],
      });
      // The cold start's boot and the locale pin's reboot go through; the repair's hangs.
      s.simctlFaults.push({ subcommand: "boot", skip: 2, hangS: 30 });
    });
    const steps: BootAttempt[] = [];
    const env = await lab.env();
    const starting = env.start(startReq(iosScenario(), { onBootAttempt: (b) => steps.push(b) }))
      .catch((e) => e);
    while (lab.mac.state().hangs.length === 0) await new Promise((r) => setTimeout(r, 50));
    const callsBefore = lab.mac.state().calls.length;
    bound.abort();
    const err = await starting;
    assert.ok(err instanceof DeviceTimeout, String(err));
    assert.match(err.message, /^simulator .*: device recovery did not finish within 180s/);
    assert.deepEqual(lab.mac.liveHangs(), [], "the boot child is gone");
    assert.equal(lab.mac.state().hangs[0].finished, false);
    assert.equal(lab.mac.state().calls.length, callsBefore, "no simctl call after the bound");
    assert.deepEqual(steps.map((b) => [b.device, b.command, b.ok, b.exitCode]), [
      [UDID, "boot", false, null],
    ]);
    assert.match(steps[0].detail, /^xcrun simctl boot .* was killed: simulator .*device recovery/);
    assert.ok(lab.logs.some((l) => l.startsWith(`booting ${UDID}: xcrun simctl boot`)));
  } finally {
    await lab.dispose();
  }
});

Deno.test("the replacement rung: a requested replacement creates a fresh device and drops the erase", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    await env.start(startReq());
    await env.endLease();
    assert.equal(env.canReplaceDevice, true);
    const old = env.device;
    await env.start(startReq(iosScenario(), { replaceDevice: true, erase: true }));
    assert.notEqual(env.device, old);
    const s = lab.mac.state();
    assert.equal(
      s.devices.find((d) => d.udid === old)?.state,
      "Shutdown",
      "the old one is shut down",
    );
    assert.ok(!s.calls.some((c) => c[0] === "erase"), "a new device is not erased");
  } finally {
    await lab.dispose();
  }
});

Deno.test("teardown stops the runner's process group: no xcodebuild is left", async () => {
  const lab = await openIosLab();
  try {
    const env = await lab.env();
    await env.start(startReq());
    const pids = await xcodebuildPids(lab.mac.dir);
    assert.equal(pids.length, 1);
    await env.teardown();
    assert.ok(pids.every((p) => !alive(p)));
    assert.equal(await env.health(2), false);
  } finally {
    await lab.dispose();
  }
});

Deno.test("recordings: video confirms its start and is finalised by SIGINT; device log with the predicate", async () => {
  const lab = await openIosLab({ req: { logSubsystem: "com.example.shop" } });
  const dir = await Deno.makeTempDir();
  try {
    const env = await lab.env();
    const driver = await env.start(startReq());
    const video = await driver.driverInterval!("video", `${dir}/segment.mp4`);
    const log = await driver.driverInterval!("deviceLog", `${dir}/device.log`);
    assert.equal(env.videoStartStalled!(), false);
    await new Promise((r) => setTimeout(r, 200));
    await video!.stop();
    await log!.stop();
    assert.ok((await Deno.readTextFile(`${dir}/segment.mp4`)).endsWith("moov"), "finalised");
    const text = await Deno.readTextFile(`${dir}/device.log`);
    assert.match(text, /Filtering the log data using "subsystem == "com.example.shop""/);
  } finally {
    await lab.dispose();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a recording that never starts marks the lease's video as stalled", async () => {
  const lab = await openIosLab({ env: { BAJUTSU_VIDEO_START_TIMEOUT: "0.5" } });
  const dir = await Deno.makeTempDir();
  try {
    await lab.mac.update((s) => s.simctlFaults.push({ subcommand: "recordVideo", hangS: 30 }));
    const env = await lab.env();
    const driver = await env.start(startReq());
    const video = await driver.driverInterval!("video", `${dir}/segment.mp4`);
    assert.equal(env.videoStartStalled!(), true);
    await video!.stop();
  } finally {
    await lab.dispose();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--udid pins the pool: a name resolves to its udid; an unknown name lists the available ones", async () => {
  const lab = await openIosLab({ req: { udids: ["iPhone 15"] } });
  try {
    assert.deepEqual(lab.lanes, [DEFAULT_UDIDS.iphone15]);
    assert.equal(lab.run.pinned, true);
    const env = await lab.env();
    assert.equal(env.canReplaceDevice, false, "a pinned device is never replaced");
    const err = await openIosLab({ req: { udids: ["iPhone 99"] }, mac: lab.mac }).catch((e) => e);
    assert.match(
      err.message,
      /no simulator "iPhone 99".*available: iPhone 16 \(iOS 18\.4, Shutdown\)/,
    );
  } finally {
    await lab.dispose();
  }
});

Deno.test("--workers 3 unpinned: two extra simulators created once, reused by the next run", async () => {
  const lab = await openIosLab({ req: { workers: 3 } });
  try {
    assert.equal(lab.lanes.length, 3);
    const names = lab.lanes.map((u) => lab.mac.state().devices.find((d) => d.udid === u)!.name);
    assert.deepEqual(names, ["iPhone 16", "iPhone 16 (bajutsu 1)", "iPhone 16 (bajutsu 2)"]);
    const again = await openIosLab({ req: { workers: 3 }, mac: lab.mac });
    assert.deepEqual(again.lanes, lab.lanes, "the clones are reused");
  } finally {
    await lab.dispose();
  }
});

Deno.test("without appPath the app must be installed already; the environment never replaces the device", async () => {
  const lab = await openIosLab({
    withApp: false,
    eff: iosEffective({ bundleId: "com.apple.Preferences" }),
  });
  try {
    const env = await lab.env();
    assert.equal(env.canReplaceDevice, false);
    const driver = await env.start(startReq());
    assert.ok((await driver.query()).some((e) => e.label === "General"));
  } finally {
    await lab.dispose();
  }
});

/** Pids of fake xcodebuild processes started for the fake Mac in `dir`. */
async function xcodebuildPids(dir: string): Promise<number[]> {
  const out: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`);
      if (cmd.includes("xcodebuild.ts") && cmd.includes("test-without-building")) {
        const environ = await Deno.readTextFile(`/proc/${e.name}/environ`).catch(() => "");
        if (environ.includes(dir)) out.push(Number(e.name));
      }
    } catch { /* gone */ }
  }
  return out;
}
