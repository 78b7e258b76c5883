/**
 * adb's own error texts placed in our taxonomy. Every one is a `DeviceError` (the run stops with
 * exit 2) whose message says what happened and what to do. The texts are adb's, as its client
 * prints them: `error: device 'X' not found` (older platform-tools) or `adb: device 'X' not
 * found` (newer), `error: device offline`, `error: device unauthorized.` followed by the vendor
 * keys hint, `error: no devices/emulators found`, `error: more than one device/emulator`.
 *
 * @module
 */
import { DeviceError } from "../driver.ts";

/**
 * An adb command failed in a way no other class describes (its exit code and output are quoted).
 *
 * @example
 * ```ts
 * throw new AdbCommandFailed("adb -s emulator-5554 install -r app.apk exited 1: Failure [INSTALL_FAILED_OLDER_SDK]");
 * ```
 */
export class AdbCommandFailed extends DeviceError {
  override readonly code: string = "E_ADB";
}

/**
 * The serial names no attached device.
 *
 * @example
 * ```ts
 * err instanceof AdbDeviceNotFound; // adb said "device 'emulator-5556' not found"
 * ```
 */
export class AdbDeviceNotFound extends AdbCommandFailed {
  override readonly code = "E_ADB_DEVICE_NOT_FOUND";
}

/**
 * The device is attached but offline (booting, wedged, its adbd restarting).
 *
 * @example
 * ```ts
 * err instanceof AdbDeviceOffline; // still offline after the retries
 * ```
 */
export class AdbDeviceOffline extends AdbCommandFailed {
  override readonly code = "E_ADB_DEVICE_OFFLINE";
}

/**
 * The device has not accepted this computer's adb key.
 *
 * @example
 * ```ts
 * err instanceof AdbDeviceUnauthorized; // "device unauthorized"
 * ```
 */
export class AdbDeviceUnauthorized extends AdbCommandFailed {
  override readonly code = "E_ADB_DEVICE_UNAUTHORIZED";
}

/**
 * No device at all, or several when none was named.
 *
 * @example
 * ```ts
 * err instanceof AdbNoDevice; // "no devices/emulators found"
 * ```
 */
export class AdbNoDevice extends AdbCommandFailed {
  override readonly code = "E_ADB_NO_DEVICE";
}

/** The failure is one that may pass by itself (a device going offline for a moment). */
export function isTransientAdbFailure(output: string): boolean {
  return /\bdevice offline\b|\bdevice still (?:connecting|authorizing)\b/.test(output);
}

/**
 * The error for a failed adb call. `command` is how the call is named in the message (already
 * free of secrets); `output` is what adb printed (stderr, then stdout).
 *
 * @example
 * ```ts
 * adbFailure("emulator-5554", "adb -s emulator-5554 shell getprop", 1, "error: device offline");
 * // AdbDeviceOffline: device emulator-5554 is offline (error: device offline): …what to do…
 * ```
 */
export function adbFailure(
  serial: string | null,
  command: string,
  exitCode: number,
  output: string,
): AdbCommandFailed {
  const said = firstLines(output);
  const name = serial ?? "the device";
  const notFound = /(?:error|adb): device '([^']*)' not found/.exec(output);
  if (notFound) {
    return new AdbDeviceNotFound(
      `device ${notFound[1]} is not attached (${said}): start the emulator or plug the device ` +
        "in, check `adb devices -l`, or name another serial with --udid",
    );
  }
  if (/\bdevice unauthorized\b/.test(output)) {
    return new AdbDeviceUnauthorized(
      `device ${name} has not authorized this computer (adb: device unauthorized): unlock it and ` +
        'accept the "Allow USB debugging?" dialog, then run again; if no dialog shows, revoke ' +
        "USB debugging authorizations in Developer options and reconnect",
    );
  }
  if (isTransientAdbFailure(output)) {
    return new AdbDeviceOffline(
      `device ${name} is offline (${said}): wait until \`adb devices\` lists it as "device" ` +
        "(`adb -s <serial> wait-for-device`), or restart the emulator; `adb reconnect offline` " +
        "may bring it back",
    );
  }
  if (/no devices\/emulators found|no devices found|no emulators found/.test(output)) {
    return new AdbNoDevice(
      `no Android device is attached (${said}): start an emulator or plug a device in; ` +
        "`adb devices -l` lists what adb sees",
    );
  }
  if (/more than one (?:device|emulator)/.test(output)) {
    return new AdbNoDevice(`several devices are attached (${said}): name one with --udid`);
  }
  return new AdbCommandFailed(`${command} exited ${exitCode}: ${said || "no output"}`);
}

/** The first lines of adb's output, for a message (bounded). */
function firstLines(output: string): string {
  const lines = output.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const text = lines.slice(0, 3).join(" / ");
  return text.length > 300 ? text.slice(0, 300) + "…" : text;
}
