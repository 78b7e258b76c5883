/**
 * `adb devices -l` read into devices, and the choice of a run's lanes from them
 * (docs/backends.md#devices): the serials named with `--udid`, else the one attached device.
 *
 * @module
 */

/** One line of `adb devices -l`. */
export interface AttachedDevice {
  serial: string;
  /** `device` (usable), `offline`, `unauthorized`, `no permissions`, `bootloader`, … */
  state: string;
  /** `model:` (underscores as adb writes them), or "". */
  model: string;
  product: string;
}

/**
 * Parses `adb devices -l` (`<serial> <state> [usb:…] product:… model:… device:… transport_id:…`).
 *
 * @example
 * ```ts
 * parseDevices("List of devices attached\nemulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa transport_id:1\n");
 * // [{ serial: "emulator-5554", state: "device", model: "sdk_gphone64_x86_64", product: "sdk_gphone64_x86_64" }]
 * ```
 */
export function parseDevices(text: string): AttachedDevice[] {
  const start = text.indexOf("List of devices attached");
  const body = start >= 0 ? text.slice(start).split("\n").slice(1) : text.split("\n");
  const devices: AttachedDevice[] = [];
  for (const raw of body) {
    const line = raw.trim();
    if (line === "" || line.startsWith("*") || line.startsWith("adb server")) continue;
    const m = /^(\S+)\s+(no permissions(?: \([^)]*\))?|\S+)(.*)$/.exec(line);
    if (!m) continue;
    const rest = m[3];
    const field = (key: string) => new RegExp(`(?:^|\\s)${key}:(\\S+)`).exec(rest)?.[1] ?? "";
    devices.push({
      serial: m[1],
      state: m[2].startsWith("no permissions") ? "no permissions" : m[2],
      model: field("model"),
      product: field("product"),
    });
  }
  return devices;
}

/** The run cannot get the devices it needs; the message lists what adb sees. */
export class DeviceSelectionError extends Error {
  readonly code = "E_DEVICE_SELECTION";
  constructor(message: string) {
    super(message);
    this.name = "DeviceSelectionError";
  }
}

/** A readable list of devices for messages. */
export function describeDevices(devices: readonly AttachedDevice[]): string {
  if (devices.length === 0) return "none";
  return devices
    .map((d) => `${d.serial} (${d.state}${d.model ? `, ${d.model.replaceAll("_", " ")}` : ""})`)
    .join(", ");
}

/**
 * The serials a run leases: the named ones (each must be attached and usable), else the only
 * usable device. `pinned` is true when the operator named them.
 *
 * @throws DeviceSelectionError naming the devices adb sees and what to do
 *
 * @example
 * ```ts
 * chooseSerials(devices, []); // { serials: ["emulator-5554"], pinned: false } when only it is attached
 * chooseSerials(devices, ["emulator-5556", "emulator-5554"]); // both, pinned
 * ```
 */
export function chooseSerials(
  devices: readonly AttachedDevice[],
  requested: readonly string[],
): { serials: string[]; pinned: boolean } {
  const seen = describeDevices(devices);
  if (requested.length > 0) {
    const serials = [...new Set(requested)];
    for (const serial of serials) {
      const d = devices.find((x) => x.serial === serial);
      if (!d) {
        throw new DeviceSelectionError(
          `--udid ${serial}: no such device is attached (adb sees: ${seen}); start it, or pick ` +
            "one of those",
        );
      }
      if (d.state !== "device") throw new DeviceSelectionError(deviceStateAdvice(d, seen));
    }
    return { serials, pinned: true };
  }
  const usable = devices.filter((d) => d.state === "device");
  if (usable.length === 1) return { serials: [usable[0].serial], pinned: false };
  if (usable.length > 1) {
    throw new DeviceSelectionError(
      `several Android devices are attached (${seen}): name one or more with --udid ` +
        `(e.g. --udid ${usable.map((d) => d.serial).join(",")} for a pool)`,
    );
  }
  if (devices.length === 1) throw new DeviceSelectionError(deviceStateAdvice(devices[0], seen));
  throw new DeviceSelectionError(
    `no usable Android device is attached (adb sees: ${seen}): start an emulator ` +
      "(`emulator -avd <name>`) or plug a device in with USB debugging on",
  );
}

/**
 * What to do about a device adb lists in a state other than `device`.
 *
 * @example
 * ```ts
 * deviceStateAdvice({ serial: "R58M", state: "unauthorized", model: "", product: "" }, "R58M");
 * // 'device R58M is unauthorized: unlock it and accept the "Allow USB debugging?" dialog, …'
 * ```
 */
export function deviceStateAdvice(d: AttachedDevice, seen: string): string {
  switch (d.state) {
    case "unauthorized":
      return `device ${d.serial} is unauthorized: unlock it and accept the "Allow USB ` +
        'debugging?" dialog, then run again';
    case "offline":
      return `device ${d.serial} is offline: wait for it to finish booting, or restart it ` +
        "(`adb reconnect offline` may help)";
    case "no permissions":
      return `device ${d.serial}: adb has no permission to open it (udev rules on Linux): see ` +
        "https://developer.android.com/studio/run/device";
    default:
      return `device ${d.serial} is in state "${d.state}", not "device" (adb sees: ${seen})`;
  }
}
