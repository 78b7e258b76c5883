/**
 * The Android environment's start, in order, on the dump route (no server to wait for): boot
 * wait, install or the installed check, `pm clear` on erase, force-stop, grants, the app's
 * locale, the device log cleared, the launch with extras, the deep link; a configured activity
 * skips the look-up; relaunch keeps the launch environment; scenario permissions are refused.
 */
import assert from "node:assert/strict";
import { createAndroidFactory } from "../../../src/drivers/android/environment.ts";
import { DeviceError, UnsupportedAction } from "../../../src/drivers/driver.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";
import { CONTRACT_SCREEN } from "../contract.ts";
import {
  androidEffective,
  androidScenario,
  APP_PACKAGE,
  farmContext,
  startRequest,
} from "./fixture.ts";

async function farmWithApp(): Promise<FakeFarm> {
  const farm = await FakeFarm.create();
  farm.addDevice("emulator-5554", { screen: CONTRACT_SCREEN.size });
  farm.preinstall("emulator-5554", {
    fakeApk: true,
    package: APP_PACKAGE,
    versionName: "1.0",
    activity: ".MainActivity",
    screen: CONTRACT_SCREEN,
  });
  return farm;
}

Deno.test("start runs the launch sequence in order and launches with extras and the deep link", async () => {
  await using farm = await farmWithApp();
  const ctx = farmContext(farm, "dump");
  ctx.eff = {
    ...androidEffective({ grantPermissions: ["android.permission.CAMERA"] }),
    launchEnv: { API: "http://10.0.2.2:8080" },
  };
  const env = await createAndroidFactory(ctx).create("emulator-5554", "adb");
  const scenario = androidScenario({
    preconditions: {
      reinstall: "clean",
      launchArgs: [],
      launchEnv: { MODE: "demo" },
      deeplink: "contract://item?id=7&ref=x",
      locale: "ja_JP",
    },
  });
  const driver = await env.start({ ...startRequest(scenario), extraEnv: { BAJUTSU_MOCKS: "[]" } });
  try {
    const shell = farm.calls().map((c) => c.args.join(" "));
    const order = [
      "shell getprop sys.boot_completed",
      `shell pm path ${APP_PACKAGE}`,
      `shell pm clear ${APP_PACKAGE}`,
      `shell am force-stop ${APP_PACKAGE}`,
      `shell pm grant ${APP_PACKAGE} android.permission.CAMERA`,
      `shell cmd locale set-app-locales ${APP_PACKAGE} --locales ja-JP`,
      "logcat -c",
      `shell cmd package resolve-activity --brief ${APP_PACKAGE}`,
      `shell am start -W -n ${APP_PACKAGE}/.MainActivity --es API http://10.0.2.2:8080 --es MODE demo --es BAJUTSU_MOCKS '[]'`,
      `shell am start -W -a android.intent.action.VIEW -d 'contract://item?id=7&ref=x' ${APP_PACKAGE}`,
    ];
    let at = -1;
    for (const call of order) {
      const next = shell.indexOf(call, at + 1);
      assert.ok(next > at, `${call} after the previous step in:\n${shell.join("\n")}`);
      at = next;
    }
    const app = farm.device("emulator-5554").app!;
    assert.deepEqual(app.extras, {
      API: "http://10.0.2.2:8080",
      MODE: "demo",
      BAJUTSU_MOCKS: "[]",
    });
    assert.equal(app.url, "contract://item?id=7&ref=x");
    assert.deepEqual(farm.device("emulator-5554").installed[APP_PACKAGE].grants, [
      "android.permission.CAMERA",
    ]);
    assert.equal(env.deviceRuntime, "Android 14 (API 34)");
    assert.equal(env.route?.(), "dump");
    await driver.tap({ id: "inc" });
    await env.relaunch!({ env: { EXTRA: "1" } });
    const relaunched = farm.device("emulator-5554").app!;
    assert.notEqual(relaunched.pid, app.pid, "a new process");
    assert.deepEqual(relaunched.counters, {}, "the app starts over");
    assert.equal(relaunched.extras.EXTRA, "1");
    assert.equal(relaunched.extras.MODE, "demo", "the lease's launch environment is kept");
  } finally {
    await env.teardown();
  }
});

Deno.test("a configured activity is launched without a look-up; a wrong one is a device error", async () => {
  await using farm = await farmWithApp();
  const ctx = farmContext(farm, "dump");
  ctx.eff = androidEffective({ activity: ".MainActivity" });
  const env = await createAndroidFactory(ctx).create("emulator-5554", "adb");
  await env.start(startRequest());
  await env.teardown();
  assert.ok(!farm.calls().some((c) => c.args.includes("resolve-activity")));
  ctx.eff = androidEffective({ activity: ".Nope" });
  const wrong = await createAndroidFactory(ctx).create("emulator-5554", "adb");
  const err = await wrong.start(startRequest()).then(
    () => assert.fail("expected a failure"),
    (e) => e,
  );
  assert.ok(err instanceof DeviceError);
  assert.match(
    err.message,
    /Error: Activity class \{com\.example\.contract\/com\.example\.contract\.Nope\} does not exist/,
  );
});

Deno.test("scenario permissions are refused as unsupported; the warm start skips the boot wait", async () => {
  await using farm = await farmWithApp();
  const env = await createAndroidFactory(farmContext(farm, "dump")).create("emulator-5554", "adb");
  await assert.rejects(
    env.start(startRequest(androidScenario({ permissions: { camera: "grant" } }))),
    UnsupportedAction,
  );
  await env.start(startRequest());
  const boots = () => farm.calls().filter((c) => c.args.includes("sys.boot_completed")).length;
  assert.equal(boots(), 1);
  await env.endLease();
  await env.start({ ...startRequest(), warm: true });
  assert.equal(boots(), 1, "a device already up is not waited for again");
  await env.teardown();
});

Deno.test("the locale: set per app on Android 13+; an older device warns once that it was not applied, and why", async () => {
  await using farm = await FakeFarm.create();
  const apk = {
    fakeApk: true as const,
    package: APP_PACKAGE,
    versionName: "1.0",
    activity: ".MainActivity",
    screen: CONTRACT_SCREEN,
  };
  farm.addDevice("emulator-5554", { screen: CONTRACT_SCREEN.size });
  farm.addDevice("emulator-5556", { screen: CONTRACT_SCREEN.size, sdk: 31 });
  farm.preinstall("emulator-5554", apk);
  farm.preinstall("emulator-5556", apk);
  const warnings: string[] = [];
  const factory = createAndroidFactory(
    farmContext(farm, "dump", { warn: (l) => warnings.push(l) }),
  );
  const japanese = startRequest(
    androidScenario({
      preconditions: { reinstall: "overwrite", launchArgs: [], launchEnv: {}, locale: "ja_JP" },
    }),
  );
  // Android 14: applied, nothing to say.
  const modern = await factory.create("emulator-5554", "adb");
  await modern.start(japanese);
  await modern.teardown();
  assert.ok(farm.device("emulator-5554").inputs.includes(`locale ${APP_PACKAGE} ja-JP`));
  assert.deepEqual(warnings, []);
  // Android 12: not applied; one line naming the locale, the device, the reason and the fix.
  const old = await factory.create("emulator-5556", "adb");
  await old.start(japanese);
  await old.endLease();
  await old.start(japanese);
  await old.endLease();
  assert.deepEqual(warnings, [
    "android: locale ja-JP not applied on emulator-5556: per-app locales need Android 13 " +
    "(API 33) and this device is Android 12 (API 31); the app runs in the device's locale " +
    "en-US. Set the device's language in Settings (or use an Android 13+ emulator) to run in ja-JP",
  ]);
  assert.ok(!farm.calls().some((c) => c.serial === "emulator-5556" && c.args.includes("locale")));
  // The device's own locale is the one asked for: nothing was lost, nothing to say.
  await old.start(startRequest());
  await old.teardown();
  assert.equal(warnings.length, 1);
});

Deno.test("the locale: a cmd locale that fails on Android 13+ is a warning quoting it, never silence", async () => {
  await using farm = await farmWithApp();
  farm.arm("emulator-5554", { localeRefusals: 1 });
  const warnings: string[] = [];
  const ctx = farmContext(farm, "dump", { warn: (l) => warnings.push(l) });
  const env = await createAndroidFactory(ctx).create("emulator-5554", "adb");
  await env.start(startRequest());
  await env.teardown();
  assert.deepEqual(warnings, [
    "android: locale en-US not applied on emulator-5554: cmd locale set-app-locales failed " +
    "(Exception occurred while executing 'set-app-locales':)",
  ]);
});
