/**
 * The JSON of `xcrun simctl list devices|runtimes|devicetypes -j`, read into typed records.
 * Only the fields the runner uses are kept; anything malformed is a SimctlError (a broken
 * Xcode install, never a crash).
 *
 * ```json
 * {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-18-4": [
 *   {"udid": "…", "name": "iPhone 16", "state": "Booted", "isAvailable": true,
 *    "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-16", …}]}}
 * ```
 *
 * @module
 */
import { SimctlError } from "./simctl_errors.ts";

/**
 * One simulator.
 *
 * @example
 * ```ts
 * const d: SimDevice = {
 *   udid: "5A1C…", name: "iPhone 16", state: "Booted", isAvailable: true,
 *   runtime: "com.apple.CoreSimulator.SimRuntime.iOS-18-4",
 *   deviceType: "com.apple.CoreSimulator.SimDeviceType.iPhone-16",
 * };
 * ```
 */
export interface SimDevice {
  udid: string;
  name: string;
  /** `Shutdown`, `Booted`, `Booting`, `Shutting Down`, `Creating`. */
  state: string;
  isAvailable: boolean;
  /** The runtime identifier the device belongs to. */
  runtime: string;
  /** Empty when simctl did not say (old Xcode). */
  deviceType: string;
}

/**
 * One installed runtime.
 *
 * @example
 * ```ts
 * const r: SimRuntime = {
 *   identifier: "com.apple.CoreSimulator.SimRuntime.iOS-18-4", name: "iOS 18.4", version: "18.4",
 *   platform: "iOS", isAvailable: true,
 * };
 * ```
 */
export interface SimRuntime {
  identifier: string;
  name: string;
  version: string;
  platform: string;
  isAvailable: boolean;
}

/**
 * One device type (model).
 *
 * @example
 * ```ts
 * const t: SimDeviceType = { identifier: "com.apple.CoreSimulator.SimDeviceType.iPhone-16", name: "iPhone 16", productFamily: "iPhone" };
 * ```
 */
export interface SimDeviceType {
  identifier: string;
  name: string;
  productFamily: string;
}

function parse(text: string, what: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SimctlError(
      `simctl list ${what} -j printed no JSON: ${text.slice(0, 200)}`,
      "list",
      0,
    );
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new SimctlError(`simctl list ${what} -j: not a JSON object`, "list", 0);
  }
  return json as Record<string, unknown>;
}

const str = (v: unknown, fallback = ""): string => typeof v === "string" ? v : fallback;

/**
 * Devices of every runtime, in the order simctl listed them.
 *
 * @example
 * ```ts
 * parseDevices('{"devices": {"r": [{"udid": "A", "name": "iPhone 16", "state": "Booted", "isAvailable": true}]}}');
 * // [{ udid: "A", name: "iPhone 16", state: "Booted", isAvailable: true, runtime: "r", deviceType: "" }]
 * ```
 */
export function parseDevices(text: string): SimDevice[] {
  const devices = parse(text, "devices").devices;
  if (typeof devices !== "object" || devices === null) {
    throw new SimctlError("simctl list devices -j: no devices object", "list", 0);
  }
  const out: SimDevice[] = [];
  for (const [runtime, list] of Object.entries(devices)) {
    if (!Array.isArray(list)) continue;
    for (const d of list) {
      if (typeof d !== "object" || d === null || typeof d.udid !== "string") continue;
      out.push({
        udid: d.udid,
        name: str(d.name),
        state: str(d.state, "Shutdown"),
        isAvailable: d.isAvailable !== false,
        runtime,
        deviceType: str(d.deviceTypeIdentifier),
      });
    }
  }
  return out;
}

/**
 * Installed runtimes.
 *
 * @example
 * ```ts
 * parseRuntimes('{"runtimes": [{"identifier": "r", "name": "iOS 18.4", "version": "18.4", "platform": "iOS", "isAvailable": true}]}');
 * ```
 */
export function parseRuntimes(text: string): SimRuntime[] {
  const list = parse(text, "runtimes").runtimes;
  if (!Array.isArray(list)) throw new SimctlError("simctl list runtimes -j: no list", "list", 0);
  return list.filter((r) => typeof r?.identifier === "string").map((r) => ({
    identifier: r.identifier,
    name: str(r.name),
    version: str(r.version),
    // Older Xcode has no `platform`: the name starts with it ("iOS 17.5").
    platform: str(r.platform, str(r.name).split(" ")[0]),
    isAvailable: r.isAvailable !== false,
  }));
}

/**
 * Device types (models).
 *
 * @example
 * ```ts
 * parseDeviceTypes('{"devicetypes": [{"identifier": "t", "name": "iPhone 16", "productFamily": "iPhone"}]}');
 * ```
 */
export function parseDeviceTypes(text: string): SimDeviceType[] {
  const list = parse(text, "devicetypes").devicetypes;
  if (!Array.isArray(list)) throw new SimctlError("simctl list devicetypes -j: no list", "list", 0);
  return list.filter((t) => typeof t?.identifier === "string").map((t) => ({
    identifier: t.identifier,
    name: str(t.name),
    productFamily: str(t.productFamily),
  }));
}
