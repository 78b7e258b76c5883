/**
 * adb: error texts mapped to the taxonomy (both spellings adb has used), `adb devices -l`,
 * device choice, quoting, and the Adb class against the fake farm: offline retried, typed text
 * on stdin only, masked extras, deadlines, boot wait, activity resolution and start errors.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  Adb,
  inputTextArg,
  listDevices,
  shellQuote,
  typableByInput,
} from "../../../src/drivers/android/adb.ts";
import {
  AdbCommandFailed,
  AdbDeviceNotFound,
  AdbDeviceOffline,
  AdbDeviceUnauthorized,
  adbFailure,
  AdbNoDevice,
} from "../../../src/drivers/android/adb_errors.ts";
import {
  chooseSerials,
  DeviceSelectionError,
  parseDevices,
} from "../../../src/drivers/android/devices.ts";
import { DeviceError, DeviceTimeout } from "../../../src/drivers/driver.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";
import { CONTRACT_SCREEN } from "../contract.ts";

const UNAUTHORIZED =
  "error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n" +
  "Try 'adb kill-server' if that seems wrong.\nOtherwise check for a confirmation dialog on your device.\n";

Deno.test("adb error texts map to typed device errors that say what to do", () => {
  const cases: [string, new (...a: never[]) => Error, RegExp][] = [
    [
      "error: device 'emulator-5556' not found",
      AdbDeviceNotFound,
      /device emulator-5556 is not attached .*--udid/,
    ],
    [
      "adb: device 'emulator-5556' not found",
      AdbDeviceNotFound,
      /device emulator-5556 is not attached/,
    ],
    ["error: device offline", AdbDeviceOffline, /is offline .*adb reconnect offline/],
    [UNAUTHORIZED, AdbDeviceUnauthorized, /accept the "Allow USB debugging\?" dialog/],
    ["adb: no devices/emulators found", AdbNoDevice, /no Android device is attached/],
    ["error: more than one device/emulator", AdbNoDevice, /name one with --udid/],
    ["Failure [INSTALL_FAILED_OLDER_SDK]", AdbCommandFailed, /adb -s x install exited 1: Failure/],
  ];
  for (const [output, type, message] of cases) {
    const err = adbFailure("emulator-5554", "adb -s x install", 1, output);
    assert.ok(err instanceof type, `${output} → ${err.name}`);
    assert.ok(err instanceof DeviceError, "every adb failure is a device error");
    assert.match(err.message, message);
    assert.match(err.code, /^E_ADB/);
  }
});

Deno.test("adb devices -l: serials, states, models; the run's devices are chosen from them", () => {
  const text = "* daemon not running; starting now at tcp:5037\n* daemon started successfully\n" +
    "List of devices attached\n" +
    "emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa transport_id:1\n" +
    "R58M123ABC             unauthorized usb:1-1 transport_id:3\n" +
    "0123456789             no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html] usb:1-2\n" +
    "emulator-5556          offline transport_id:2\n\n";
  const devices = parseDevices(text);
  assert.deepEqual(devices.map((d) => [d.serial, d.state, d.model]), [
    ["emulator-5554", "device", "sdk_gphone64_x86_64"],
    ["R58M123ABC", "unauthorized", ""],
    ["0123456789", "no permissions", ""],
    ["emulator-5556", "offline", ""],
  ]);
  assert.deepEqual(chooseSerials(devices, []), { serials: ["emulator-5554"], pinned: false });
  assert.deepEqual(chooseSerials(devices, ["emulator-5554", "emulator-5554"]), {
    serials: ["emulator-5554"],
    pinned: true,
  });
  assert.throws(() => chooseSerials(devices, ["R58M123ABC"]), /R58M123ABC is unauthorized/);
  assert.throws(() => chooseSerials(devices, ["emulator-5556"]), /emulator-5556 is offline/);
  assert.throws(() => chooseSerials(devices, ["nope"]), DeviceSelectionError);
  const two = parseDevices("List of devices attached\na\tdevice\nb\tdevice\n");
  assert.throws(() => chooseSerials(two, []), /several Android devices .*--udid a,b for a pool/);
  assert.throws(() => chooseSerials([], []), /no usable Android device .*adb sees: none/);
});

Deno.test("quoting for the device shell and for input text", () => {
  assert.equal(shellQuote("com.example/.Main"), "com.example/.Main");
  assert.equal(shellQuote("myapp://x?a=1&b=2"), "'myapp://x?a=1&b=2'");
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
  assert.equal(inputTextArg("Ada Lovelace"), "Ada%sLovelace");
  assert.equal(inputTextArg("a;b c"), "'a;b%sc'");
  assert.equal(typableByInput("Ada #1!"), true);
  assert.equal(typableByInput("Åda"), false);
});

async function withFarm(fn: (farm: FakeFarm, adb: Adb, clock: FakeClock) => Promise<void>) {
  const farm = await FakeFarm.create();
  try {
    farm.addDevice("emulator-5554", { screen: CONTRACT_SCREEN.size });
    const clock = new FakeClock();
    await fn(farm, new Adb({ adbPath: farm.adbPath, serial: "emulator-5554", clock }), clock);
  } finally {
    await farm.close();
  }
}

Deno.test("Adb: a device offline for a moment is waited for; one that stays offline is reported", async () => {
  await withFarm(async (farm, adb, clock) => {
    farm.arm("emulator-5554", { offlineCalls: 1 });
    assert.equal(await adb.getprop("sys.boot_completed"), "1");
    assert.deepEqual(clock.sleeps, [0.5]);
    farm.arm("emulator-5554", { offlineCalls: 3 });
    await assert.rejects(adb.getprop("sys.boot_completed"), AdbDeviceOffline);
    assert.deepEqual(clock.sleeps, [0.5, 0.5, 1]);
    // An unchecked call (pidof: exit 1 = not running) is never answered by an offline device.
    const apk = await farm.writeApk({ package: "com.example.app", screen: CONTRACT_SCREEN });
    await adb.install(apk);
    await adb.startActivity("com.example.app/.MainActivity");
    farm.arm("emulator-5554", { offlineCalls: 1 });
    assert.ok(await adb.pidOf("com.example.app") !== null, "offline is not 'not running'");
    farm.arm("emulator-5554", { offlineCalls: 3 });
    await assert.rejects(adb.pidOf("com.example.app"), AdbDeviceOffline);
  });
});

Deno.test("Adb: an unknown serial and an unauthorized device are refused with their own errors", async () => {
  await withFarm(async (farm) => {
    const ghost = new Adb({ adbPath: farm.adbPath, serial: "emulator-9999" });
    await assert.rejects(ghost.getprop("x"), AdbDeviceNotFound);
    farm.setDeviceState("emulator-5554", "unauthorized");
    const adb = new Adb({ adbPath: farm.adbPath, serial: "emulator-5554" });
    await assert.rejects(adb.tap([1, 1]), AdbDeviceUnauthorized);
    assert.deepEqual((await listDevices(farm.adbPath)).map((d) => d.state), ["unauthorized"]);
  });
});

Deno.test("Adb: typed text travels on stdin, never in arguments; extras are masked in messages", async () => {
  await withFarm(async (farm, adb) => {
    const apk = await farm.writeApk({ package: "com.example.app", screen: CONTRACT_SCREEN });
    await adb.install(apk);
    await adb.startActivity("com.example.app/.MainActivity", { TOKEN: "s3cret value" });
    assert.equal(farm.device("emulator-5554").app?.extras.TOKEN, "s3cret value");
    await adb.tap([150, 282]); // the name field
    await adb.typeText("Ada Lovelace");
    assert.deepEqual(farm.device("emulator-5554").app?.values, { name: "Ada Lovelace" });
    const calls = farm.calls().map((c) => c.args.join(" "));
    assert.ok(calls.includes("shell"), "typing is a bare `adb shell` fed on stdin");
    assert.ok(!calls.some((c) => c.includes("Lovelace")), "the text is in no argument list");
    assert.equal(
      adb.describe(["shell", "am", "start", "--es", "TOKEN", "s3cret value"]),
      "adb -s emulator-5554 shell am start --es TOKEN ***",
    );
    const err = await adb.startActivity("com.example.app/.Nope", { TOKEN: "s3cret" }).then(
      () => assert.fail("expected an error"),
      (e) => e,
    );
    assert.ok(err instanceof AdbCommandFailed);
    assert.match(
      err.message,
      /Error: Activity class \{com\.example\.app\/com\.example\.app\.Nope\} does not exist/,
    );
  });
});

Deno.test("Adb: boot wait, launcher activity, package checks, wm size, forward", async () => {
  await withFarm(async (farm, adb, clock) => {
    farm.arm("emulator-5554", { bootPolls: 2 });
    await adb.waitForBoot();
    assert.deepEqual(clock.sleeps, [0.5, 0.5]);
    assert.equal(await adb.resolveActivity("com.example.app"), null);
    assert.equal(await adb.isInstalled("com.example.app"), false);
    assert.equal(await adb.versionName("com.example.app"), null);
    const apk = await farm.writeApk({ package: "com.example.app", screen: CONTRACT_SCREEN });
    await adb.install(apk);
    assert.equal(await adb.resolveActivity("com.example.app"), "com.example.app/.MainActivity");
    assert.equal(await adb.versionName("com.example.app"), "1.0");
    assert.deepEqual(await adb.screenSize(), [400, 700]);
    await assert.rejects(adb.clearData("com.example.other"), /is the package installed\?/);
    const port = await adb.forward(6790);
    assert.ok(port > 0);
    assert.deepEqual(farm.device("emulator-5554").forwards, [{ local: port, remote: "tcp:6790" }]);
    await adb.removeForward(port);
    assert.deepEqual(farm.device("emulator-5554").forwards, []);
    await assert.rejects(adb.install(join(farm.home, "nope.apk")), /failed to stat/);
  });
});

Deno.test("Adb: a device that never finishes booting, and an adb that never answers, time out", async () => {
  await withFarm(async (farm, adb) => {
    farm.arm("emulator-5554", { bootPolls: 1000 });
    await assert.rejects(adb.waitForBoot(2), /did not finish booting within 2s/);
    const stuck = join(farm.home, "bin", "stuck-adb");
    await Deno.writeTextFile(stuck, "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
    const slow = new Adb({ adbPath: stuck, serial: "emulator-5554", timeoutS: 0.2 });
    const err = await slow.getprop("x").then(() => assert.fail("expected a timeout"), (e) => e);
    assert.ok(err instanceof DeviceTimeout);
    assert.match(err.message, /adb -s emulator-5554 shell getprop x: no answer within 0\.2s/);
  });
});
