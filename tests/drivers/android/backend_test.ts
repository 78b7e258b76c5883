/**
 * The Android descriptor: `adb` found on PATH (or in the SDK), the devices turned into lanes —
 * the one attached by default, the named ones pinned, a clear refusal otherwise.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ANDROID_BACKEND, findAdb } from "../../../src/drivers/android/backend.ts";
import { BackendUnavailable } from "../../../src/drivers/backend.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";
import { androidEffective } from "./fixture.ts";

Deno.test("findAdb: the first adb on PATH, else the SDK's platform-tools, else none", async () => {
  await using farm = await FakeFarm.create();
  const bin = join(farm.home, "bin");
  assert.equal(
    findAdb((k) => ({ PATH: `/nowhere:${bin}` } as Record<string, string>)[k]),
    farm.adbPath,
  );
  const sdk = join(farm.home, "sdk");
  await Deno.mkdir(join(sdk, "platform-tools"), { recursive: true });
  await Deno.copyFile(farm.adbPath, join(sdk, "platform-tools", "adb"));
  await Deno.chmod(join(sdk, "platform-tools", "adb"), 0o755);
  const viaSdk = findAdb((k) =>
    ({ PATH: "/nowhere", ANDROID_HOME: sdk } as Record<string, string>)[k]
  );
  assert.equal(viaSdk, join(sdk, "platform-tools", "adb"));
  assert.equal(findAdb((k) => ({ PATH: "/nowhere" } as Record<string, string>)[k]), null);
});

Deno.test("prepare: the one device by default; --udid pins a pool; an unknown serial is refused", async () => {
  await using farm = await FakeFarm.create();
  farm.addDevice("emulator-5554");
  const env = farm.env();
  const get = (k: string) => env[k];
  const one = await ANDROID_BACKEND.prepare(androidEffective(), { workers: 1, env: get });
  assert.deepEqual([one.lanes, one.pinned, one.engines], [["emulator-5554"], false, []]);
  farm.addDevice("emulator-5556");
  const pool = await ANDROID_BACKEND.prepare(androidEffective(), {
    workers: 2,
    env: get,
    udids: ["emulator-5556", "emulator-5554"],
  });
  assert.deepEqual([pool.lanes, pool.pinned], [["emulator-5556", "emulator-5554"], true]);
  await assert.rejects(
    ANDROID_BACKEND.prepare(androidEffective(), { workers: 1, env: get }),
    (e) => e instanceof BackendUnavailable && /several Android devices/.test(e.message),
  );
  await assert.rejects(
    ANDROID_BACKEND.prepare(androidEffective(), { workers: 1, env: get, udids: ["x"] }),
    /--udid x: no such device is attached/,
  );
  // A bad knob is its default and one warning (docs/configuration.md#environment-knobs).
  const warnings: string[] = [];
  const knobbed = await ANDROID_BACKEND.prepare(androidEffective(), {
    workers: 1,
    env: (k) =>
      ({ ...env, BAJUTSU_ADB_RESIDENT: "yes", BAJUTSU_ADB_SERVER_READ_TIMEOUT: "0" } as Record<
        string,
        string
      >)[k],
    udids: ["emulator-5554"],
    warn: (line) => warnings.push(line),
  });
  assert.deepEqual(knobbed.lanes, ["emulator-5554"]);
  assert.deepEqual(warnings, [
    'BAJUTSU_ADB_RESIDENT="yes" is not 0 or 1; using the default unset (try the UiAutomator2 ' +
    "server, fall back to the dump route)",
    'BAJUTSU_ADB_SERVER_READ_TIMEOUT="0" is not a positive number; using the default 5',
  ]);
});
