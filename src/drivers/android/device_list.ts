/**
 * The Android devices serve's picker offers (docs/serve.md#devices): what `adb devices -l`
 * lists, each with its state; one that is not in state `device` says what to do.
 *
 * @module
 */
import type { DeviceList, DeviceListContext } from "../backend.ts";
import { listDevices } from "./adb.ts";
import { findAdb } from "./backend.ts";
import { describeDevices, deviceStateAdvice } from "./devices.ts";

/** Bound on `adb devices -l` for the picker, seconds. */
const LIST_S = 15;

/**
 * Every device adb sees (serials go to `--udid`).
 *
 * @example
 * ```ts
 * (await androidDeviceList({ eff, env })).devices[0];
 * // { id: "emulator-5554", name: "sdk gphone64 x86 64", state: "device", usable: true, detail: "…" }
 * ```
 */
export async function androidDeviceList(ctx: DeviceListContext): Promise<DeviceList> {
  const adbPath = findAdb(ctx.env);
  if (adbPath === null) {
    return {
      field: "udid",
      devices: [],
      problem: "adb is not on PATH nor in $ANDROID_HOME/platform-tools (bajutsu doctor says more)",
    };
  }
  try {
    const attached = await listDevices(adbPath, LIST_S);
    const seen = describeDevices(attached);
    return {
      field: "udid",
      devices: attached.map((d) => ({
        id: d.serial,
        name: d.model.replaceAll("_", " ") || d.serial,
        state: d.state,
        usable: d.state === "device",
        detail: d.state === "device" ? d.product : deviceStateAdvice(d, seen),
      })),
      problem: attached.length === 0
        ? "no device or emulator is attached: start one (emulator -avd <name>)"
        : undefined,
    };
  } catch (err) {
    return {
      field: "udid",
      devices: [],
      problem: `adb devices -l failed: ${err instanceof Error ? err.message : err}`,
    };
  }
}
