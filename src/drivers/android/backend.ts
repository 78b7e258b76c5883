/**
 * The Android backend's descriptor (tokens `android`/`adb`; docs/backends.md#android). It is
 * available when `adb` is found: on PATH, else in `$ANDROID_HOME/platform-tools` (or
 * `$ANDROID_SDK_ROOT`). Choosing it lists the attached devices (`adb devices -l`) and turns them
 * into the run's lanes: the serials named with `--udid` (the pool; the run is then pinned to
 * them), else the one attached device.
 *
 * @module
 */
import { join } from "node:path";
import type { Effective } from "../../config/effective.ts";
import { processEnv, readAdbKnobs } from "../../config/env_knobs.ts";
import {
  type Availability,
  type BackendDescriptor,
  type BackendRequest,
  type BackendSetup,
  BackendUnavailable,
} from "../backend.ts";
import { realClock } from "../../time/clock.ts";
import { ANDROID_CAPABILITIES } from "./capabilities.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

/**
 * Where `adb` is: the first executable `adb` on PATH, else the SDK's platform-tools; null when
 * there is none.
 *
 * @example
 * ```ts
 * findAdb((k) => Deno.env.get(k)); // "/opt/android-sdk/platform-tools/adb"
 * ```
 */
export function findAdb(env: (name: string) => string | undefined): string | null {
  const dirs = (env("PATH") ?? "").split(":").filter((d) => d !== "");
  for (const sdk of [env("ANDROID_HOME"), env("ANDROID_SDK_ROOT")]) {
    if (sdk) dirs.push(join(sdk, "platform-tools"));
  }
  for (const dir of dirs) {
    const candidate = join(dir, "adb");
    try {
      const info = Deno.statSync(candidate);
      if (info.isFile && (info.mode === null || (info.mode & 0o111) !== 0)) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

const NO_ADB = "adb is not on PATH: install the Android SDK platform-tools and put its folder " +
  "on PATH (or set ANDROID_HOME)";

function availability(): Availability {
  return findAdb(processEnv) ? { available: true } : { available: false, reason: NO_ADB };
}

async function prepareAndroid(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  if (eff.app.platform !== "android") {
    throw new BackendUnavailable(`target ${eff.target} is not an Android target`);
  }
  const env = req.env ?? processEnv;
  const adbPath = findAdb(env) ?? findAdb(processEnv);
  if (adbPath === null) throw new BackendUnavailable(NO_ADB);
  // Loaded on demand: choosing another backend never loads this one.
  const { listDevices } = await import("./adb.ts");
  const { chooseSerials } = await import("./devices.ts");
  const { createAndroidFactory } = await import("./environment.ts");
  const warn = req.warn ?? ((line: string) => console.error(`warning: ${line}`));
  const knobs = readAdbKnobs(env, warn);
  let serials: string[];
  let pinned: boolean;
  const models: Record<string, string> = {};
  try {
    const devices = await listDevices(adbPath);
    for (const d of devices) models[d.serial] = d.model;
    ({ serials, pinned } = chooseSerials(devices, req.udids ?? []));
  } catch (err) {
    throw new BackendUnavailable(err instanceof Error ? err.message : String(err), { cause: err });
  }
  const factory = createAndroidFactory({
    adbPath,
    eff,
    clock: realClock,
    env,
    mode: knobs.residentMode,
    readTimeoutS: knobs.serverReadTimeoutS,
    warn,
    models,
  });
  return {
    lanes: serials,
    pinned,
    engines: [],
    factory: () => Promise.resolve(factory),
  };
}

/** The Android emulator / device backend. */
export const ANDROID_BACKEND = {
  ...BACKEND_NAMES.android,
  engines: [],
  needs: ["package"],
  capabilities: ANDROID_CAPABILITIES,
  recordsScenarioVideoUpFront: false,
  availability,
  prepare: prepareAndroid,
  doctorChecks: async (ctx) => (await import("./doctor.ts")).androidDoctorChecks(ctx),
  deviceList: async (ctx) => (await import("./device_list.ts")).androidDeviceList(ctx),
} as const satisfies BackendDescriptor;
