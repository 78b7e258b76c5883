/**
 * Android backend test fixtures: an Effective for an Android target, a start request, and a
 * subject (environment + driver) on a fake farm device, on either route.
 *
 * @module
 */
import type { AndroidSettings, Effective } from "../../../src/config/effective.ts";
import type { Environment, StartRequest } from "../../../src/drivers/environment.ts";
import type { AdbResidentMode } from "../../../src/config/env_knobs.ts";
import {
  type AndroidRunContext,
  createAndroidFactory,
} from "../../../src/drivers/android/environment.ts";
import type { AndroidDriver } from "../../../src/drivers/android/android_driver.ts";
import type { Scenario } from "../../../src/scenario/types.ts";
import { realClock } from "../../../src/time/clock.ts";
import type { FakeFarm } from "../../support/fake_adb/harness.ts";
import type { ContractScreen } from "../contract.ts";

export const APP_PACKAGE = "com.example.contract";

export function androidEffective(app: Partial<AndroidSettings> = {}): Effective {
  return {
    target: "android",
    platform: "android",
    app: { platform: "android", package: APP_PACKAGE, grantPermissions: [], ...app },
    launchEnv: {},
    launchArgs: [],
    locale: "en_US",
    run: { erase: false, network: false, interrupts: [], actionTimeoutS: 0 },
  } as Partial<Effective> as Effective;
}

export function androidScenario(extra: Partial<Scenario> = {}): Scenario {
  return {
    name: "android",
    tags: [],
    preconditions: { reinstall: "overwrite", launchArgs: [], launchEnv: {} },
    before: [],
    after: [],
    steps: [],
    expect: [],
    permissions: {},
    ...extra,
  } as Partial<Scenario> as Scenario;
}

export function startRequest(scenario = androidScenario(), erase = false): StartRequest {
  return {
    scenario,
    preconditions: scenario.preconditions,
    erase,
    warm: false,
    extraEnv: {},
    replaceDevice: false,
  };
}

/** The run context of a farm (the fake adb, the fixture tarball, no network). */
export function farmContext(
  farm: FakeFarm,
  mode: AdbResidentMode,
  extra: Partial<AndroidRunContext> = {},
): AndroidRunContext {
  const env = farm.env();
  return {
    adbPath: farm.adbPath,
    eff: androidEffective(),
    clock: realClock,
    env: (k) => env[k],
    mode,
    readTimeoutS: 5,
    warn: () => {},
    models: {},
    ...extra,
  };
}

/** A device of the farm showing `screen`, with its environment started. */
export async function startOn(
  farm: FakeFarm,
  serial: string,
  screen: ContractScreen,
  mode: AdbResidentMode,
  extra: Partial<AndroidRunContext> = {},
): Promise<{ env: Environment; driver: AndroidDriver }> {
  farm.addDevice(serial, { screen: screen.size });
  const apk = await farm.writeApk({ package: APP_PACKAGE, screen }, `${serial}.apk`);
  const ctx = farmContext(farm, mode, extra);
  ctx.eff = androidEffective({ appPath: apk });
  const env = await createAndroidFactory(ctx).create(serial, "adb");
  const driver = await env.start(startRequest()) as AndroidDriver;
  return { env, driver };
}
