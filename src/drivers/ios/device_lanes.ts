/**
 * The simulator pool of a run (docs/backends.md#the-simulator-pool): `--udid` names the devices
 * (udids or simulator names, a comma list; default `booted`). `booted` is the first booted
 * simulator, else the target's `device` model. Unpinned, `--workers N` adds simulators named
 * `<model> (bajutsu <i>)` on the same runtime: existing ones are reused, missing ones created
 * with `simctl create`. Pinned (`--udid` given), the pool is exactly the devices named.
 *
 * @module
 */
import type { Simctl } from "./simctl.ts";
import { SimulatorNotFound } from "./simctl_errors.ts";
import type { SimDevice } from "./simctl_json.ts";

export interface LaneRequest {
  /** `--udid` entries; empty = `booted`. */
  specs: string[];
  /** The operator named the devices. */
  pinned: boolean;
  workers: number;
  /** The target's `device` (model name), used when nothing is booted. */
  model: string;
  log?: (line: string) => void;
}

export interface Lanes {
  lanes: string[];
  /** udid → the simulator as listed (name, runtime, state). */
  catalog: Map<string, SimDevice>;
}

/** `com.apple.CoreSimulator.SimRuntime.iOS-18-4` → [18, 4] (for "newest first"). */
function runtimeVersion(runtime: string): number[] {
  const m = /-(\d+)-(\d+)(?:-(\d+))?$/.exec(runtime);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : [0, 0, 0];
}

function newestFirst(a: SimDevice, b: SimDevice): number {
  const [x, y] = [runtimeVersion(a.runtime), runtimeVersion(b.runtime)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return y[i] - x[i];
  return 0;
}

/** `iPhone 16 (iOS 18.4) 6B2B…`, for lists in error texts. */
function describe(d: SimDevice): string {
  const rt = d.runtime.split(".").pop()?.replace(/-(\d+)-(\d+)$/, " $1.$2") ?? d.runtime;
  return `${d.name} (${rt}, ${d.state}) ${d.udid}`;
}

function availableList(devices: SimDevice[]): string {
  const shown = devices.filter((d) => d.isAvailable).slice(0, 20).map(describe);
  return shown.length > 0
    ? shown.join("; ")
    : "none (install a runtime: xcodebuild -downloadPlatform iOS)";
}

/** The device a spec names, booted ones and newer runtimes first among same-named ones. */
function pick(spec: string, devices: SimDevice[], model: string): SimDevice {
  const available = devices.filter((d) => d.isAvailable);
  if (spec === "booted") {
    const booted = available.find((d) => d.state === "Booted");
    if (booted) return booted;
    const named = available.filter((d) => d.name === model).sort(newestFirst);
    if (named.length > 0) return named[0];
    throw new SimulatorNotFound(
      `no simulator is booted and none is named "${model}" (the target's device); available: ` +
        `${availableList(devices)}. Boot one (xcrun simctl boot "<name>"), pass --udid ` +
        `<udid or name>, or create one: xcrun simctl create "${model}" "${model}"`,
      "list",
      0,
      spec,
    );
  }
  const exact = devices.find((d) => d.udid === spec);
  if (exact) {
    if (!exact.isAvailable) {
      throw new SimulatorNotFound(
        `simulator ${describe(exact)} is unavailable (its runtime is missing); available: ${
          availableList(devices)
        }`,
        "list",
        0,
        spec,
      );
    }
    return exact;
  }
  const named = available.filter((d) => d.name === spec).sort((a, b) =>
    a.state === "Booted" && b.state !== "Booted"
      ? -1
      : b.state === "Booted" && a.state !== "Booted"
      ? 1
      : newestFirst(a, b)
  );
  if (named.length > 0) return named[0];
  throw new SimulatorNotFound(
    `no simulator "${spec}" (neither a udid nor a name); available: ${availableList(devices)}`,
    "list",
    0,
    spec,
  );
}

/**
 * The run's devices, creating extra simulators for unpinned workers.
 *
 * @throws SimulatorNotFound listing the available simulators
 *
 * @example
 * ```ts
 * const { lanes } = await resolveLanes(simctl, { specs: [], pinned: false, workers: 2, model: "iPhone 16" });
 * // [<the booted iPhone 16>, <"iPhone 16 (bajutsu 1)", created if it did not exist>]
 * ```
 */
export async function resolveLanes(simctl: Simctl, req: LaneRequest): Promise<Lanes> {
  let devices = await simctl.listDevices();
  const specs = req.specs.length > 0 ? req.specs : ["booted"];
  const lanes: string[] = [];
  for (const spec of specs) {
    const d = pick(spec, devices, req.model);
    if (!lanes.includes(d.udid)) lanes.push(d.udid);
  }
  if (!req.pinned && req.workers > lanes.length) {
    const base = devices.find((d) => d.udid === lanes[0])!;
    let types: { identifier: string; name: string }[] | null = null;
    for (let i = 1; lanes.length < req.workers; i++) {
      const name = `${base.name} (bajutsu ${i})`;
      const existing = devices.find((d) =>
        d.isAvailable && d.name === name && d.runtime === base.runtime && !lanes.includes(d.udid)
      );
      if (existing) {
        lanes.push(existing.udid);
        continue;
      }
      let type = base.deviceType;
      if (type === "") {
        types ??= await simctl.listDeviceTypes();
        type = types.find((t) => t.name === base.name)?.identifier ?? base.name;
      }
      const udid = await simctl.create(name, type, base.runtime);
      req.log?.(`created simulator "${name}" (${udid}) for worker ${lanes.length + 1}`);
      lanes.push(udid);
      devices = await simctl.listDevices();
    }
  }
  const catalog = new Map(devices.filter((d) => lanes.includes(d.udid)).map((d) => [d.udid, d]));
  return { lanes, catalog };
}
