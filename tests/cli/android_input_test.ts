/**
 * Bad input on Android loses nothing and says what to do: no adb, no device, several devices
 * with none named, a named device that is not attached, an unauthorized device, an APK path that
 * does not exist, a package that is not installed. Each is exit 2 with a one-line reason.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { androidProject, runAndroid } from "./android_fixture.ts";

Deno.test("android: no adb on PATH is exit 2 naming the fix", async () => {
  await using farm = await androidProject();
  const r = await runAndroid(farm, [], {
    PATH: "/usr/bin:/bin",
    ANDROID_HOME: "",
    ANDROID_SDK_ROOT: "",
  });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /adb: adb is not on PATH: install the Android SDK platform-tools/);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, "no stack trace");
});

Deno.test("android: no device, several devices, an unknown serial: exit 2 listing what adb sees", async () => {
  await using none = await androidProject([]);
  const r0 = await runAndroid(none);
  assert.equal(r0.code, 2);
  assert.match(r0.stderr, /no usable Android device is attached \(adb sees: none\)/);

  await using two = await androidProject(["emulator-5554", "emulator-5556"]);
  const r2 = await runAndroid(two);
  assert.equal(r2.code, 2);
  assert.match(
    r2.stderr,
    /several Android devices are attached \(emulator-5554 \(device, sdk gphone64 x86 64\), emulator-5556 .*\): name one or more with --udid/,
  );
  const r3 = await runAndroid(two, ["--udid", "emulator-9999"]);
  assert.equal(r3.code, 2);
  assert.match(
    r3.stderr,
    /--udid emulator-9999: no such device is attached \(adb sees: emulator-5554/,
  );
});

Deno.test("android: an unauthorized device is exit 2 saying to accept the USB debugging dialog", async () => {
  await using farm = await androidProject();
  farm.setDeviceState("emulator-5554", "unauthorized");
  const r = await runAndroid(farm);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /device emulator-5554 is unauthorized: unlock it and accept the "Allow USB debugging\?" dialog/,
  );
});

Deno.test("android: a device that stays offline is a device error with adb's reason; the manifest is written", async () => {
  await using farm = await androidProject();
  // `adb devices` still lists it as a device; every command is refused as offline.
  farm.arm("emulator-5554", { offlineCalls: 100 });
  const r = await runAndroid(farm);
  assert.equal(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    /device emulator-5554 is offline \(error: device offline\): wait until `adb devices` lists it/,
  );
  assert.ok(r.manifest);
  assert.ok(r.manifest.scenarios.every((s) => s.ok === false));
});

Deno.test("android: an appPath that does not exist is exit 2 naming it", async () => {
  await using farm = await androidProject();
  await Deno.remove(join(farm.home, "counter.apk"));
  const r = await runAndroid(farm);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /appPath .*counter\.apk does not exist \(or is not a file\): build the APK first/,
  );
});

Deno.test("android: a package that is not installed (no appPath) is exit 2 saying how to install it", async () => {
  await using farm = await androidProject();
  await Deno.writeTextFile(
    join(farm.home, "bajutsu.config.yaml"),
    "targets:\n  phone:\n    package: com.example.missing\n    scenarios: scenarios\n",
  );
  const r = await runAndroid(farm);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /package com\.example\.missing is not installed on emulator-5554: set appPath in the target/,
  );
});
