/**
 * The driver contract on the Android backend, on both routes, against the fake farm: the fake
 * `adb` renders the contract screen as `uiautomator dump` XML (dump route) and the fake
 * UiAutomator2 server as `/source` XML (fast route), and both react to input as the contract says.
 * Killing the backend: on the dump route the app dies; on the fast route the instrumentation.
 */
import { type ContractScreen, type ContractSubject, runDriverContract } from "../contract.ts";
import { FakeFarm } from "../../support/fake_adb/harness.ts";
import type { AdbResidentMode } from "../../../src/config/env_knobs.ts";
import { withDevice } from "../../support/fake_adb/state.ts";
import { crashApp } from "../../support/fake_adb/shell.ts";
import assert from "node:assert/strict";

function opener(farm: FakeFarm, mode: AdbResidentMode) {
  let n = 0;
  return async (screen: ContractScreen): Promise<ContractSubject> => {
    const serial = `emulator-${5554 + 2 * n++}`;
    const { startOn } = await import("./fixture.ts");
    const { env, driver } = await startOn(farm, serial, screen, mode);
    assert.equal(driver.route.name, mode === "dump" ? "dump" : "uiautomator2");
    return {
      driver,
      relaunch: () => env.relaunch!({}),
      kill: () => {
        if (mode === "dump") {
          withDevice(farm.home, serial, (d) => crashApp(d));
        } else {
          for (const p of farm.device(serial).processes) Deno.kill(p.pid, "SIGKILL");
        }
        return Promise.resolve();
      },
      teardown: () => env.teardown(),
    };
  };
}

Deno.test("the Android driver keeps the driver contract on the dump route", async (t) => {
  const farm = await FakeFarm.create();
  try {
    await runDriverContract(t, opener(farm, "dump"));
  } finally {
    await farm.close();
  }
});

Deno.test("the Android driver keeps the driver contract on the UiAutomator2 route", async (t) => {
  const farm = await FakeFarm.create();
  try {
    await runDriverContract(t, opener(farm, "server"));
  } finally {
    await farm.close();
  }
});
