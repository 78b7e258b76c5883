/**
 * simctl through the fake `xcrun`: argv, JSON parsing, the lifecycle calls, and each recognised
 * failure turning into the DeviceError that names its fix.
 */
import assert from "node:assert/strict";
import { Simctl } from "../../../src/drivers/ios/simctl.ts";
import {
  AppNotInstalled,
  InvalidDeviceId,
  RuntimeMissing,
  SimctlError,
  SimctlTimeout,
  SimulatorNotFound,
  SimulatorStateError,
} from "../../../src/drivers/ios/simctl_errors.ts";
import { DeviceError, DeviceTimeout } from "../../../src/drivers/driver.ts";
import { DEFAULT_UDIDS, IOS_RUNTIME, IPHONE_16 } from "../../support/fake_ios/state.ts";
import { FakeIos } from "../../support/fake_ios/mod.ts";

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
  withMac(async (_mac, simctl) => {
    const err = await simctl.boot("0000-NOPE").catch((e) => e);
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
