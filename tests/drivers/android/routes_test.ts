/**
 * The dump route's reads ("could not get idle state" retried within its budget, the trailer and
 * warnings around the XML), one hierarchy read per tap (a reused tree, re-read when the selector
 * does not resolve on it or it is too old), the server installed only when missing or outdated,
 * and a dead server failing its health probe.
 */
import assert from "node:assert/strict";
import { Adb } from "../../../src/drivers/android/adb.ts";
import { AndroidDriver, TREE_REUSE_S } from "../../../src/drivers/android/android_driver.ts";
import { DumpRoute, dumpXml } from "../../../src/drivers/android/dump_route.ts";
import {
  ensureServerInstalled,
  INSTRUMENTATION,
  ResidentServer,
  SERVER_PACKAGE,
} from "../../../src/drivers/android/resident_server.ts";
import { serverApks } from "../../../src/drivers/android/server_apks.ts";
import { DeviceTimeout } from "../../../src/drivers/driver.ts";
import { FakeClock, realClock } from "../../../src/time/clock.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";
import { CONTRACT_SCREEN } from "../contract.ts";
import { APP_PACKAGE } from "./fixture.ts";

Deno.test("dumpXml keeps the XML only", () => {
  const xml =
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"></hierarchy>`;
  assert.equal(dumpXml(`${xml}UI hierchary dumped to: /dev/tty\n`), xml);
  assert.equal(dumpXml(`WARNING: linker: unused DT entry\n${xml}\n`), xml);
  assert.equal(dumpXml("ERROR: could not get idle state.\n"), null);
});

async function launched(): Promise<{ farm: FakeFarm; adb: Adb; clock: FakeClock }> {
  const farm = await FakeFarm.create();
  farm.addDevice("emulator-5554", { screen: CONTRACT_SCREEN.size });
  const clock = new FakeClock();
  const adb = new Adb({ adbPath: farm.adbPath, serial: "emulator-5554", clock });
  await adb.install(await farm.writeApk({ package: APP_PACKAGE, screen: CONTRACT_SCREEN }));
  await adb.startActivity(`${APP_PACKAGE}/.MainActivity`);
  return { farm, adb, clock };
}

Deno.test("dump route: a screen not idle is read again within the budget, then a device timeout", async () => {
  const { farm, adb, clock } = await launched();
  try {
    farm.arm("emulator-5554", { idleFailures: 3 });
    const route = new DumpRoute(adb, clock, 10);
    assert.match(await route.source(), /<hierarchy/);
    assert.deepEqual(clock.sleeps, [0.1, 0.2, 0.4]);
    farm.arm("emulator-5554", { idleFailures: 1000 });
    const err = await route.source().then(() => assert.fail("expected a timeout"), (e) => e);
    assert.ok(err instanceof DeviceTimeout);
    assert.match(err.message, /could not get an idle state on emulator-5554 for 10s/);
  } finally {
    await farm.close();
  }
});

Deno.test("one hierarchy read per tap: the tree read after an action resolves the next tap", async () => {
  const { farm, adb, clock } = await launched();
  try {
    let reads = 0;
    const driver = new AndroidDriver({
      route: new DumpRoute(adb, clock),
      adb,
      appPackage: APP_PACKAGE,
      clock,
      onRead: () => reads++,
    });
    await driver.query();
    await driver.tap({ id: "inc" });
    assert.equal(reads, 1, "the tap resolved on the tree just read");
    await driver.tap({ id: "inc" });
    assert.equal(reads, 2, "after a gesture the next tap reads again");
    await driver.query();
    clock.advance(TREE_REUSE_S + 0.01);
    await driver.tap({ id: "inc" });
    assert.equal(reads, 4, "a tree older than the reuse window is read again");
    await driver.query();
    // A selector the reused tree cannot resolve gets a fresh read before it fails.
    await assert.rejects(driver.tap({ id: "nope" }));
    assert.equal(reads, 6);
    assert.equal((await driver.query()).find((e) => e.identifier === "taps")?.label, "3");
    assert.deepEqual(
      farm.device("emulator-5554").inputs,
      ["tap 80 42", "tap 80 42", "tap 80 42"],
    );
  } finally {
    await farm.close();
  }
});

Deno.test("the server is installed when missing or outdated, and left alone when current", async () => {
  const farm = await FakeFarm.create();
  try {
    farm.addDevice("emulator-5554");
    const clock = new FakeClock();
    const adb = new Adb({ adbPath: farm.adbPath, serial: "emulator-5554", clock });
    const env = farm.env();
    const apks = await serverApks({ env: (k) => env[k] });
    assert.equal(await ensureServerInstalled(adb, apks, clock), "installed");
    assert.equal(await ensureServerInstalled(adb, apks, clock), "current");
    const installs = () => farm.calls().filter((c) => c.args[0] === "install").length;
    assert.equal(installs(), 2);
    // An older server on the device is replaced.
    farm.preinstall("emulator-5554", {
      fakeApk: true,
      package: SERVER_PACKAGE,
      versionName: "9.0.0",
    });
    assert.equal(await ensureServerInstalled(adb, apks, clock), "installed");
    assert.equal(installs(), 4);
    assert.ok(farm.calls().some((c) => c.args.join(" ") === `uninstall ${SERVER_PACKAGE}`));
    assert.match(await adb.instrumentation(), new RegExp(INSTRUMENTATION.replace(/\./g, "\\.")));
  } finally {
    await farm.close();
  }
});

Deno.test("a running server answers its health probe; a killed one does not", async () => {
  const farm = await FakeFarm.create();
  try {
    farm.addDevice("emulator-5554");
    const adb = new Adb({ adbPath: farm.adbPath, serial: "emulator-5554" });
    const env = farm.env();
    await ensureServerInstalled(adb, await serverApks({ env: (k) => env[k] }), realClock);
    const server = await ResidentServer.start({ adb, clock: realClock });
    try {
      assert.equal(await server.healthy(2), true);
      const settings = farm.serverCalls("emulator-5554").find((c) =>
        c.method === "POST" && c.pathname.endsWith("/appium/settings")
      );
      assert.deepEqual(settings?.body, {
        settings: {
          waitForIdleTimeout: 0,
          waitForSelectorTimeout: 0,
          actionAcknowledgmentTimeout: 0,
          scrollAcknowledgmentTimeout: 0,
        },
      });
      for (const pid of farm.processes("emulator-5554")) Deno.kill(pid, "SIGKILL");
      await server.exited;
      assert.equal(await server.healthy(2), false);
    } finally {
      await server.stop();
    }
    assert.deepEqual(farm.device("emulator-5554").forwards, [], "the tunnel is removed");
  } finally {
    await farm.close();
  }
});
