/**
 * `bajutsu doctor`'s Android checks against the fake adb: adb and its version, each device's
 * state (usable with its Android version, older than 13, offline, unauthorized, each with what to
 * do), the UiAutomator2 server cache, ANDROID_HOME, and a machine without adb.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { androidDoctorChecks } from "../../../src/drivers/android/doctor.ts";
import type { DoctorCheck } from "../../../src/drivers/backend.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";

function byName(checks: DoctorCheck[], name: string): DoctorCheck {
  const found = checks.find((c) => c.name === name);
  assert.ok(found, `no check ${name} in ${JSON.stringify(checks.map((c) => c.name))}`);
  return found;
}

Deno.test("android doctor: adb's version, each device with its state and what to do, the server tarball", async () => {
  await using farm = await FakeFarm.create();
  farm.addDevice("emulator-5554");
  farm.addDevice("emulator-5556", { sdk: 31 });
  farm.addDevice("R58M123", { state: "unauthorized" });
  farm.addDevice("emulator-5558", { state: "offline" });
  const env = farm.env();
  const checks = await androidDoctorChecks({ eff: null, env: (k) => env[k], required: true });
  assert.deepEqual(byName(checks, "Android SDK").status, "ok");
  const adb = byName(checks, "adb");
  assert.equal(adb.status, "ok");
  assert.equal(
    adb.detail,
    `Android Debug Bridge 1.0.41, platform-tools 35.0.2 (${farm.adbPath})`,
  );
  const devices = byName(checks, "devices");
  assert.equal(devices.status, "ok");
  assert.match(devices.detail, /^2 usable: emulator-5554, emulator-5556 \(adb sees: /);
  assert.deepEqual(byName(checks, "device emulator-5554"), {
    name: "device emulator-5554",
    status: "ok",
    detail: "sdk gphone64 x86 64, Android 14 (API 34)",
  });
  const old = byName(checks, "device emulator-5556");
  assert.equal(old.status, "warn");
  assert.match(old.detail, /Android 12 \(API 31\): older than Android 13, so a scenario's locale/);
  const unauthorized = byName(checks, "device R58M123");
  assert.equal(unauthorized.status, "warn");
  assert.match(unauthorized.detail, /^unauthorized \(sdk gphone64 x86 64\): a run cannot use it/);
  assert.match(unauthorized.fix!, /accept the "Allow USB debugging\?" dialog/);
  const offline = byName(checks, "device emulator-5558");
  assert.equal(offline.status, "warn");
  assert.match(offline.fix!, /wait for it to finish booting, or restart it/);
  const server = byName(checks, "UiAutomator2 server");
  assert.deepEqual(server, {
    name: "UiAutomator2 server",
    status: "ok",
    detail: `BAJUTSU_UIA2_SERVER_TARBALL=${farm.serverTarball}`,
  });
  assert.ok(!checks.some((c) => c.status === "fail"));
});

Deno.test("android doctor: no usable device fails when required (warns otherwise); the server cache, bad knobs", async () => {
  await using farm = await FakeFarm.create();
  farm.addDevice("R58M123", { state: "unauthorized" });
  const env: Record<string, string> = { ...farm.env(), BAJUTSU_ADB_RESIDENT: "maybe" };
  delete env.BAJUTSU_UIA2_SERVER_TARBALL;
  const get = (k: string) => env[k];
  let checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  const devices = byName(checks, "devices");
  assert.equal(devices.status, "fail");
  assert.match(devices.detail, /no usable device or emulator \(adb sees: R58M123 \(unauthorized/);
  assert.match(devices.fix!, /emulator -avd <name>/);
  const server = byName(checks, "UiAutomator2 server");
  assert.equal(server.status, "warn");
  assert.match(server.detail, /appium-uiautomator2-server@10\.6\.6 is not in .* yet/);
  assert.match(server.fix!, /npm pack appium-uiautomator2-server@10\.6\.6/);
  assert.match(
    byName(checks, "Android knobs").detail,
    /BAJUTSU_ADB_RESIDENT="maybe" is not 0 or 1/,
  );
  assert.equal(
    byName(await androidDoctorChecks({ eff: null, env: get, required: false }), "devices").status,
    "warn",
  );
  // The APKs in the cache: ok, naming the file.
  const apks = join(env.XDG_CACHE_HOME, "bajutsu/uiautomator2-server/10.6.6/package/apks");
  await Deno.mkdir(apks, { recursive: true });
  await Deno.writeTextFile(join(apks, "appium-uiautomator2-server-v10.6.6.apk"), "");
  await Deno.writeTextFile(join(apks, "appium-uiautomator2-server-debug-androidTest.apk"), "");
  env.BAJUTSU_ADB_RESIDENT = "0";
  checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  assert.equal(byName(checks, "UiAutomator2 server").status, "skip");
  env.BAJUTSU_ADB_RESIDENT = "";
  checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  assert.deepEqual(byName(checks, "UiAutomator2 server").status, "ok");
  assert.match(byName(checks, "UiAutomator2 server").detail, /^10\.6\.6: .*v10\.6\.6\.apk$/);
});

Deno.test("android doctor: adb found through ANDROID_HOME; a bad ANDROID_HOME warns; no adb fails or skips", async () => {
  await using farm = await FakeFarm.create();
  farm.addDevice("emulator-5554");
  const sdk = join(farm.home, "sdk");
  await Deno.mkdir(join(sdk, "platform-tools"), { recursive: true });
  await Deno.symlink(farm.adbPath, join(sdk, "platform-tools", "adb"));
  const env: Record<string, string> = { ...farm.env(), PATH: "/usr/bin:/bin", ANDROID_HOME: sdk };
  const get = (k: string) => env[k];
  let checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  assert.deepEqual(byName(checks, "Android SDK"), {
    name: "Android SDK",
    status: "ok",
    detail: `ANDROID_HOME=${sdk}`,
  });
  assert.match(byName(checks, "adb").detail, /platform-tools\/adb\)$/);
  assert.equal(byName(checks, "devices").status, "ok");
  env.ANDROID_SDK_ROOT = join(farm.home, "elsewhere");
  checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  assert.equal(byName(checks, "Android SDK").status, "warn");
  assert.match(byName(checks, "Android SDK").detail, /differ; ANDROID_HOME is used/);
  env.ANDROID_HOME = join(farm.home, "missing");
  delete env.ANDROID_SDK_ROOT;
  checks = await androidDoctorChecks({ eff: null, env: get, required: true });
  assert.match(byName(checks, "Android SDK").detail, /ANDROID_HOME=.*missing is not a folder/);
  const adb = byName(checks, "adb");
  assert.equal(adb.status, "fail");
  assert.match(adb.fix!, /install the Android SDK platform-tools/);
  assert.deepEqual(await androidDoctorChecks({ eff: null, env: get, required: false }), [{
    name: "adb",
    status: "skip",
    detail: "adb is not on PATH nor in $ANDROID_HOME/platform-tools (no Android target named)",
  }]);
});
