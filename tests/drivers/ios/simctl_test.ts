/**
 * simctl through the fake `xcrun`: argv, JSON parsing, the lifecycle calls, and each recognised
 * failure turning into the DeviceError that names its fix.
 */
import assert from "node:assert/strict";
import { type BootStep, Simctl } from "../../../src/drivers/ios/simctl.ts";
import {
  AppNotInstalled,
  InvalidDeviceId,
  RuntimeMissing,
  SimctlAborted,
  SimctlError,
  SimctlTimeout,
  SimulatorBootFailed,
  SimulatorNotFound,
  SimulatorStateError,
} from "../../../src/drivers/ios/simctl_errors.ts";
import { DeviceError, DeviceTimeout } from "../../../src/drivers/driver.ts";
import { DEFAULT_UDIDS, IOS_RUNTIME, IPHONE_16 } from "../../support/fake_ios/state.ts";
import { FakeIos } from "../../support/fake_ios/mod.ts";
import {
  ALWAYS,
  LAUNCHD_BOOT_FAILURE,
  launchdBootFaults,
} from "../../support/fake_ios/boot_faults.ts";

const UDID = DEFAULT_UDIDS.iphone16;

async function withMac(fn: (mac: FakeIos, simctl: Simctl) => Promise<void>): Promise<void> {
  const mac = await FakeIos.create();
  try {
    await fn(mac, new Simctl({ xcrun: mac.xcrun }));
  } finally {
    await mac.dispose();
  }
}

Deno.test("simctl lists devices, runtimes and device types from simctl's JSON", () =>
  withMac(async (_mac, simctl) => {
    const devices = await simctl.listDevices();
    assert.deepEqual(devices.map((d) => [d.name, d.state, d.runtime, d.deviceType]), [
      ["iPhone 16", "Shutdown", IOS_RUNTIME, IPHONE_16],
      ["iPhone 15", "Shutdown", IOS_RUNTIME, "com.apple.CoreSimulator.SimDeviceType.iPhone-15"],
    ]);
    const [runtime] = await simctl.listRuntimes();
    assert.deepEqual(
      [runtime.identifier, runtime.version, runtime.platform, runtime.isAvailable],
      [IOS_RUNTIME, "18.4", "iOS", true],
    );
    assert.deepEqual((await simctl.listDeviceTypes()).map((t) => t.name), [
      "iPhone 15",
      "iPhone 16",
    ]);
  }));

Deno.test("boot waits the boot out with bootstatus -b; booting a booted device is fine", () =>
  withMac(async (mac, simctl) => {
    await simctl.boot(UDID);
    await simctl.boot(UDID);
    assert.deepEqual(mac.state().calls, [
      ["boot", UDID],
      ["bootstatus", UDID, "-b"],
      ["boot", UDID],
      ["bootstatus", UDID, "-b"],
    ]);
    assert.equal(mac.state().devices[0].state, "Booted");
    await simctl.shutdown(UDID);
    await simctl.shutdown(UDID); // already shut down: fine
    assert.equal(mac.state().devices[0].state, "Shutdown");
  }));

Deno.test("an unknown device is SimulatorNotFound naming the list command", () =>
  withMac(async (mac, simctl) => {
    const steps: BootStep[] = [];
    const err = await simctl.boot("0000-NOPE", { onStep: (s) => steps.push(s) }).catch((e) => e);
    assert.deepEqual(mac.state().calls, [["boot", "0000-NOPE"]], "nothing to recover: no retry");
    assert.deepEqual(steps.map((s) => [s.command, s.ok, s.exitCode]), [["boot", false, 148]]);
    assert.ok(err instanceof SimulatorNotFound);
    assert.ok(err instanceof DeviceError);
    assert.equal(err.code, "E_SIM_NOT_FOUND");
    assert.equal(err.udid, "0000-NOPE");
    assert.match(err.message, /simulator 0000-NOPE does not exist .*xcrun simctl list devices/);
  }));

Deno.test("a device in the wrong state is SimulatorStateError naming the fix", () =>
  withMac(async (_mac, simctl) => {
    await simctl.boot(UDID);
    const erase = await simctl.erase(UDID).catch((e) => e);
    assert.ok(erase instanceof SimulatorStateError);
    assert.equal(erase.state, "Booted");
    assert.match(erase.message, /is Booted: simctl erase cannot run.*xcrun simctl shutdown/);
    await simctl.shutdown(UDID);
    const launch = await simctl.launch(UDID, "com.apple.Preferences").catch((e) => e);
    assert.ok(launch instanceof SimulatorStateError);
    assert.match(launch.message, /is Shutdown.*xcrun simctl boot/);
  }));

Deno.test("launch passes args and SIMCTL_CHILD_ environment, returns the pid; terminate", () =>
  withMac(async (mac, simctl) => {
    await simctl.boot(UDID);
    const pid = await simctl.launch(
      UDID,
      "com.apple.Preferences",
      ["-AppleLocale", "ja_JP", "-AppleLanguages", "(ja)"],
      { API_BASE: "http://127.0.0.1:8080" },
    );
    const run = mac.state().running[UDID]["com.apple.Preferences"];
    assert.equal(run.pid, pid);
    assert.deepEqual(run.args, ["-AppleLocale", "ja_JP", "-AppleLanguages", "(ja)"]);
    assert.deepEqual(run.env, { API_BASE: "http://127.0.0.1:8080" });
    assert.deepEqual(mac.state().calls.at(-1)?.slice(0, 4), [
      "launch",
      "--terminate-running-process",
      UDID,
      "com.apple.Preferences",
    ]);
    await simctl.terminate(UDID, "com.apple.Preferences");
    await simctl.terminate(UDID, "com.apple.Preferences"); // not running: fine
    assert.equal(mac.state().running[UDID]["com.apple.Preferences"], undefined);
  }));

Deno.test("an app that is not installed is AppNotInstalled naming appPath and simctl install", () =>
  withMac(async (_mac, simctl) => {
    await simctl.boot(UDID);
    const err = await simctl.launch(UDID, "com.example.missing").catch((e) => e);
    assert.ok(err instanceof AppNotInstalled);
    assert.equal(err.bundleId, "com.example.missing");
    assert.match(err.message, /com.example.missing is not installed .*appPath.*simctl install/);
  }));

Deno.test("install and uninstall an app bundle; uninstalling twice is fine", () =>
  withMac(async (mac, simctl) => {
    const app = await mac.app(
      "com.example.shop",
      "name: shop\nscreens: {main: []}\ninitial: main\n",
    );
    await simctl.boot(UDID);
    await simctl.install(UDID, app);
    assert.equal(mac.state().apps[UDID]["com.example.shop"], app);
    await simctl.uninstall(UDID, "com.example.shop");
    await simctl.uninstall(UDID, "com.example.shop");
    assert.equal(mac.state().apps[UDID]["com.example.shop"], undefined);
  }));

Deno.test("create: a new device's udid; a missing runtime is RuntimeMissing; delete", () =>
  withMac(async (mac, simctl) => {
    const udid = await simctl.create("iPhone 16 (bajutsu-1)", IPHONE_16, IOS_RUNTIME);
    assert.match(udid, /^[0-9A-F-]{36}$/);
    assert.ok(mac.state().devices.some((d) => d.udid === udid));
    const err = await simctl.create("x", IPHONE_16, "com.apple.CoreSimulator.SimRuntime.iOS-99-0")
      .catch((e) => e);
    assert.ok(err instanceof RuntimeMissing);
    assert.match(err.message, /iOS-99-0 is not installed.*xcodebuild -downloadPlatform iOS/);
    await simctl.delete(udid);
    assert.ok(!mac.state().devices.some((d) => d.udid === udid));
  }));

Deno.test("a udid that starts with - never reaches simctl", () =>
  withMac(async (mac, simctl) => {
    for (const bad of ["-rf", "--set", "", "  "]) {
      await assert.rejects(simctl.boot(bad), InvalidDeviceId);
      await assert.rejects(simctl.launch(bad, "x"), InvalidDeviceId);
    }
    assert.deepEqual(mac.state().calls, []);
  }));

Deno.test("a call past its deadline is killed: SimctlTimeout, a DeviceTimeout", async () => {
  const mac = await FakeIos.create((s) => {
    s.simctlFaults.push({ subcommand: "shutdown", hangS: 30 });
  });
  try {
    const simctl = new Simctl({ xcrun: mac.xcrun, callS: 1 });
    const err = await simctl.shutdown(UDID).catch((e) => e);
    assert.ok(err instanceof SimctlTimeout);
    assert.ok(err instanceof DeviceTimeout);
    assert.match(err.message, /xcrun simctl shutdown .* did not finish within 1s/);
  } finally {
    await mac.dispose();
  }
});

Deno.test("privacy grants and global defaults (the locale pin) go through simctl", () =>
  withMac(async (mac, simctl) => {
    await simctl.boot(UDID);
    await simctl.privacy(UDID, "grant", "camera", "com.example.shop");
    assert.deepEqual(mac.state().privacy[UDID]["com.example.shop"], { camera: "grant" });
    assert.equal(await simctl.readGlobalDefault(UDID, "AppleLocale"), null);
    await simctl.writeGlobalDefault(UDID, "AppleLanguages", ["ja"]);
    await simctl.writeGlobalDefault(UDID, "AppleLocale", "ja_JP");
    assert.deepEqual(await simctl.readGlobalDefault(UDID, "AppleLanguages"), ["ja"]);
    assert.equal(await simctl.readGlobalDefault(UDID, "AppleLocale"), "ja_JP");
  }));

Deno.test("no xcrun on PATH: a SimctlError with the Xcode install hint", async () => {
  const simctl = new Simctl({ xcrun: "/nonexistent/bin/xcrun" });
  const err = await simctl.listDevices().catch((e) => e);
  assert.ok(err instanceof SimctlError);
  assert.match(err.message, /is not on PATH: install Xcode .*xcode-select/);
});

Deno.test("an unrecognised failure quotes simctl's first lines and the exit code", async () => {
  const mac = await FakeIos.create((s) => {
    s.simctlFaults.push({
      subcommand: "openurl",
      exit: 1,
      stderr:
        "An error was encountered processing the command (domain=NSOSStatusErrorDomain, code=-10814):\nSimulator device failed to open myapp://x.",
    });
  });
  try {
    const simctl = new Simctl({ xcrun: mac.xcrun });
    const err = await simctl.openUrl(UDID, "myapp://x").catch((e) => e);
    assert.ok(err instanceof SimctlError);
    assert.equal(err.exitCode, 1);
    assert.match(err.message, /openurl .* failed \(exit 1\): .*code=-10814.*failed to open/);
  } finally {
    await mac.dispose();
  }
});

/** simctl's words for launchd_sim not coming up, as the error and the steps quote them. */
const LAUNCHD =
  /domain=NSPOSIXErrorDomain, code=60\): Unable to boot the Simulator\. launchd failed to respond\./;

async function withFlakyBoot(
  faults: { boots: number; bootstatuses?: number },
  fn: (mac: FakeIos, simctl: Simctl, steps: BootStep[]) => Promise<void>,
): Promise<void> {
  const mac = await FakeIos.create((s) => s.simctlFaults.push(...launchdBootFaults(faults)));
  try {
    const steps: BootStep[] = [];
    await fn(mac, new Simctl({ xcrun: mac.xcrun }), steps);
  } finally {
    await mac.dispose();
  }
}

Deno.test("the fake's launchd boot failure is simctl's own text, exit 60, the device left Shutdown", () =>
  withFlakyBoot({ boots: 1 }, async (mac) => {
    const out = await new Deno.Command(mac.xcrun, { args: ["simctl", "boot", UDID] }).output();
    assert.equal(out.code, 60);
    assert.equal(new TextDecoder().decode(out.stderr), LAUNCHD_BOOT_FAILURE + "\n");
    assert.equal(mac.state().devices[0].state, "Shutdown");
  }));

Deno.test("a boot launchd failed is waited out with bootstatus -b; each step is reported", () =>
  withFlakyBoot({ boots: 2 }, async (mac, simctl, steps) => {
    await simctl.boot(UDID, { onStep: (s) => steps.push(s) });
    assert.deepEqual(mac.state().calls, [["boot", UDID], ["bootstatus", UDID, "-b"]]);
    assert.equal(mac.state().devices[0].state, "Booted");
    assert.deepEqual(steps.map((s) => [s.command, s.ok, s.exitCode]), [
      ["boot", false, 60],
      ["bootstatus -b", true, null],
    ]);
    assert.match(steps[0].detail, /^xcrun simctl boot .* failed \(exit 60\): /);
    assert.match(steps[0].detail, LAUNCHD);
    // The second failure of the fault: recovered the same way.
    await simctl.shutdown(UDID);
    await simctl.boot(UDID, { onStep: (s) => steps.push(s) });
    assert.equal(steps.length, 4);
    assert.equal(mac.state().devices[0].state, "Booted");
    // A boot that goes through at once reports nothing.
    await simctl.shutdown(UDID);
    await simctl.boot(UDID, { onStep: (s) => steps.push(s) });
    assert.equal(steps.length, 4);
  }));

Deno.test("a bootstatus -b that does not help: one shutdown + boot retry boots it", () =>
  withFlakyBoot({ boots: 1, bootstatuses: 1 }, async (mac, simctl, steps) => {
    await simctl.boot(UDID, { onStep: (s) => steps.push(s) });
    assert.deepEqual(mac.state().calls.map((c) => c[0]), [
      "boot",
      "bootstatus",
      "shutdown",
      "boot",
      "bootstatus",
    ]);
    assert.equal(mac.state().devices[0].state, "Booted");
    assert.deepEqual(steps.map((s) => [s.command, s.ok]), [
      ["boot", false],
      ["bootstatus -b", false],
      ["shutdown", true],
      ["boot", true],
      ["bootstatus -b", true],
    ]);
    assert.match(steps[1].detail, LAUNCHD);
  }));

Deno.test("a device that never boots: SimulatorBootFailed naming every step, simctl's words and the fix", () =>
  withFlakyBoot({ boots: ALWAYS, bootstatuses: ALWAYS }, async (mac, simctl, steps) => {
    const err = await simctl.boot(UDID, { onStep: (s) => steps.push(s) }).catch((e) => e);
    assert.ok(err instanceof SimulatorBootFailed, String(err));
    assert.ok(err instanceof DeviceError);
    assert.equal(err.code, "E_SIM_BOOT");
    assert.equal(err.exitCode, 60);
    assert.equal(err.udid, UDID);
    assert.match(
      err.message,
      new RegExp(
        `^simulator ${UDID} did not boot: boot failed \\(exit 60\\), bootstatus -b failed ` +
          `\\(exit 60\\), shutdown ok, boot failed \\(exit 60\\) \\(simctl said: An error`,
      ),
    );
    assert.match(err.message, LAUNCHD);
    assert.match(err.message, /restart CoreSimulator .*CoreSimulatorService/);
    // Bounded: one retry, then nothing more.
    assert.deepEqual(mac.state().calls.map((c) => c[0]), [
      "boot",
      "bootstatus",
      "shutdown",
      "boot",
    ]);
    assert.equal(steps.length, 4);
    assert.equal(mac.state().devices[0].state, "Shutdown");
  }));

Deno.test("a boot past its deadline is not retried: the timeout, reported as killed", async () => {
  const mac = await FakeIos.create((s) => {
    s.simctlFaults.push({ subcommand: "boot", hangS: 30 });
  });
  try {
    const steps: BootStep[] = [];
    const simctl = new Simctl({ xcrun: mac.xcrun, slowCallS: 1 });
    const err = await simctl.boot(UDID, { onStep: (s) => steps.push(s) }).catch((e) => e);
    assert.ok(err instanceof SimctlTimeout, String(err));
    assert.deepEqual(mac.state().calls, [["boot", UDID]]);
    assert.deepEqual(steps.map((s) => [s.command, s.ok, s.exitCode]), [["boot", false, null]]);
  } finally {
    await mac.dispose();
  }
});

Deno.test("a simctl bound to a signal: aborting it kills the call in flight; later calls never start", async () => {
  const mac = await FakeIos.create((s) => {
    s.simctlFaults.push({ subcommand: "boot", hangS: 30 });
  });
  try {
    const giveUp = new AbortController();
    const simctl = new Simctl({ xcrun: mac.xcrun }).withSignal(giveUp.signal);
    const booting = simctl.boot(UDID).catch((e) => e);
    while (mac.state().hangs.length === 0) await new Promise((r) => setTimeout(r, 50));
    giveUp.abort(new Error("device recovery did not finish within 1s"));
    const err = await booting;
    assert.ok(err instanceof SimctlAborted, String(err));
    assert.ok(err instanceof DeviceError);
    assert.match(err.message, /^xcrun simctl boot .* was killed: device recovery did not finish/);
    const [hung] = mac.state().hangs;
    assert.equal(hung.finished, false);
    assert.deepEqual(mac.liveHangs(), [], "the boot child is gone");
    await assert.rejects(simctl.shutdown(UDID), SimctlAborted);
    assert.deepEqual(mac.state().calls, [["boot", UDID]], "nothing ran after the abort");
  } finally {
    await mac.dispose();
  }
});
