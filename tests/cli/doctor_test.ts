/**
 * `bajutsu doctor`: the iOS checks on the fake Mac (ready, warnings, each problem with its fix),
 * a machine without Xcode, an unknown target, the web checks on a machine with no browser, and an
 * Android target on the fake adb.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { doctor } from "../../src/cli/commands/doctor.ts";
import { webDoctorChecks } from "../../src/drivers/web/doctor.ts";
import { IOS_BACKEND } from "../../src/drivers/ios/backend.ts";
import { ANDROID_BACKEND } from "../../src/drivers/android/backend.ts";
import { FakeFarm } from "../support/fake_adb/harness.ts";
import type { BrowserProbe } from "../../src/drivers/web/browsers.ts";
import { FakeIos } from "../support/fake_ios/mod.ts";

async function runDoctor(
  _mac: FakeIos,
  config: string,
  target: string | undefined,
  env: Record<string, string>,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await doctor(
    { configPath: config, configGiven: true, target },
    { stdout: (l) => out.push(l), stderr: (l) => err.push(l) },
    { env: (k) => env[k], backends: [IOS_BACKEND] },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function project(mac: FakeIos, device = "iPhone 16"): Promise<string> {
  const config = join(mac.dir, "bajutsu.config.yaml");
  await Deno.writeTextFile(
    config,
    `targets:\n  shop:\n    bundleId: com.example.shop\n    device: "${device}"\n`,
  );
  return config;
}

Deno.test("doctor: an iOS target on a ready Mac: every check passes, first-run work is a warning", async () => {
  const mac = await FakeIos.create();
  try {
    const r = await runDoctor(mac, await project(mac), "shop", mac.env);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /✔ Xcode: Xcode 16\.4 \(16F6\)/);
    assert.match(r.out, /✔ simctl: xcrun simctl answers/);
    assert.match(r.out, /✔ iOS runtimes: iOS 18\.4/);
    assert.match(r.out, /✔ device type: "iPhone 16" is a device type/);
    assert.match(r.out, /✔ simulator: "iPhone 16" exists/);
    assert.match(
      r.out,
      /! WebDriverAgent sources: appium-webdriveragent@16\.12\.7 is not in .* yet/,
    );
    assert.match(r.out, /! WebDriverAgent build: not built for 16\.4-16F6-iOS-18-4-/);
    assert.match(r.out, /✔ free ports: loopback port \d+ was free/);
    assert.match(r.out, /ready, 2 warnings$/);
  } finally {
    await mac.dispose();
  }
});

Deno.test("doctor: missing runtime, unknown model, no simulator: each a failure with its fix (exit 1)", async () => {
  const mac = await FakeIos.create((s) => {
    s.runtimes = [];
    s.devices = [];
  });
  try {
    const r = await runDoctor(mac, await project(mac, "iPhone 99"), "shop", mac.env);
    assert.equal(r.code, 1);
    assert.match(
      r.out,
      /✘ iOS runtimes: no iOS simulator runtime is installed\n\s+fix: xcodebuild -downloadPlatform iOS/,
    );
    assert.match(
      r.out,
      /✘ device type: "iPhone 99" \(targets\.shop\.device\) is not a device type/,
    );
    assert.match(
      r.out,
      /✘ simulator: no simulator named "iPhone 99" and none booted\n\s+fix: xcrun simctl create "iPhone 99" "iPhone 99"/,
    );
    assert.match(r.out, /3 problems to fix/);
  } finally {
    await mac.dispose();
  }
});

Deno.test("doctor: an iOS target without Xcode fails with the install command; machine-wide it is skipped", async () => {
  const mac = await FakeIos.create();
  try {
    const noXcode = { PATH: "/nonexistent" };
    const r = await runDoctor(mac, await project(mac), "shop", noXcode);
    assert.equal(r.code, 1);
    assert.match(
      r.out,
      /✘ Xcode: xcrun and xcodebuild not on PATH\n\s+fix: install Xcode from the App Store/,
    );
    const out: string[] = [];
    const code = await doctor(
      { configPath: join(mac.dir, "none.yaml"), configGiven: false },
      { stdout: (l) => out.push(l), stderr: () => {} },
      { env: (k) => (noXcode as Record<string, string>)[k], backends: [IOS_BACKEND] },
    );
    assert.equal(code, 0);
    assert.match(
      out.join("\n"),
      /– Xcode: xcrun and xcodebuild not on PATH \(no iOS target named\)/,
    );
  } finally {
    await mac.dispose();
  }
});

Deno.test("doctor: an unknown target or a broken config is exit 2", async () => {
  const mac = await FakeIos.create();
  try {
    const r = await runDoctor(mac, await project(mac), "nope", mac.env);
    assert.equal(r.code, 2);
    assert.match(r.err, /nope/);
    const bad = join(mac.dir, "bad.yaml");
    await Deno.writeTextFile(bad, "targets: [oops\n");
    assert.equal((await runDoctor(mac, bad, undefined, mac.env)).code, 2);
  } finally {
    await mac.dispose();
  }
});

Deno.test("doctor's web checks: no browser is a failure with the install command, no ffmpeg a warning", async () => {
  const probe: BrowserProbe = {
    platform: "linux",
    exists: () => false,
    env: () => undefined,
    home: "/home/ci",
    list: () => [],
  };
  const checks = await webDoctorChecks({ eff: null, env: () => undefined, required: true }, probe);
  const chromium = checks.find((c) => c.name === "browser chromium")!;
  assert.equal(chromium.status, "fail");
  assert.match(chromium.fix!, /apt-get install -y --no-install-recommends chromium/);
  assert.equal(checks.find((c) => c.name === "browser webkit")!.status, "skip");
  const ffmpeg = checks.find((c) => c.name === "ffmpeg")!;
  assert.equal(ffmpeg.status, "warn");
  assert.match(ffmpeg.fix!, /apt-get install .*ffmpeg/);
});

Deno.test("doctor: an Android target on the fake adb: adb, the devices, the server; an unauthorized device alone fails", async () => {
  await using farm = await FakeFarm.create();
  farm.addDevice("emulator-5554");
  const config = join(farm.home, "bajutsu.config.yaml");
  await Deno.writeTextFile(config, "targets:\n  droid:\n    package: com.example.counter\n");
  const env = farm.env();
  const run = async () => {
    const out: string[] = [];
    const code = await doctor(
      { configPath: config, configGiven: true, target: "droid" },
      { stdout: (l) => out.push(l), stderr: (l) => out.push(l) },
      { env: (k) => env[k], backends: [ANDROID_BACKEND] },
    );
    return { code, out: out.join("\n") };
  };
  let r = await run();
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^adb \(target droid\):$/m);
  assert.match(r.out, /✔ adb: Android Debug Bridge 1\.0\.41, platform-tools 35\.0\.2/);
  assert.match(r.out, /✔ devices: 1 usable: emulator-5554/);
  assert.match(r.out, /✔ device emulator-5554: sdk gphone64 x86 64, Android 14 \(API 34\)/);
  assert.match(r.out, /✔ UiAutomator2 server: BAJUTSU_UIA2_SERVER_TARBALL=/);
  assert.match(r.out, /ready$/);
  farm.setDeviceState("emulator-5554", "unauthorized");
  r = await run();
  assert.equal(r.code, 1);
  assert.match(r.out, /✘ devices: no usable device or emulator/);
  assert.match(
    r.out,
    /! device emulator-5554: unauthorized .*\n\s+fix: device emulator-5554 is unauthorized: unlock it/,
  );
  assert.match(r.out, /1 problem to fix, 1 warning$/);
});
