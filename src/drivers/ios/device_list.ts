/**
 * The simulators serve's picker offers (docs/serve.md#devices): the available iOS simulators
 * `simctl list` knows, booted ones first, each with its runtime.
 *
 * @module
 */
import type { DeviceList, DeviceListContext, LeasableDevice } from "../backend.ts";
import { type CommandRunner, runBounded } from "../../process/bounded_command.ts";
import { onPath } from "../../process/which.ts";
import { Simctl } from "./simctl.ts";

/** Bound on each `simctl list` for the picker, seconds. */
const LIST_S = 30;

/**
 * The available iOS simulators (udids go to `--udid`).
 *
 * @example
 * ```ts
 * (await iosDeviceList({ eff, env })).devices[0];
 * // { id: "5A1C…", name: "iPhone 16", state: "Booted", usable: true, detail: "iOS 18.4" }
 * ```
 */
export async function iosDeviceList(
  ctx: DeviceListContext,
  run: CommandRunner = runBounded,
): Promise<DeviceList> {
  const xcrun = onPath("xcrun", ctx.env("PATH"));
  if (xcrun === null) {
    return {
      field: "udid",
      devices: [],
      problem:
        "xcrun is not on PATH: Xcode is needed for iOS simulators (bajutsu doctor says more)",
    };
  }
  const simctl = new Simctl({ run, xcrun, callS: LIST_S });
  try {
    const [devices, runtimes] = await Promise.all([simctl.listDevices(), simctl.listRuntimes()]);
    const ios = new Map(
      runtimes.filter((r) => r.platform === "iOS").map((r) => [r.identifier, r.name]),
    );
    const out: LeasableDevice[] = devices
      .filter((d) => d.isAvailable && ios.has(d.runtime))
      .map((d) => ({
        id: d.udid,
        name: d.name,
        state: d.state,
        usable: true,
        detail: ios.get(d.runtime)!,
      }));
    const booted = (d: LeasableDevice) => d.state === "Booted" ? 0 : 1;
    out.sort((a, b) => booted(a) - booted(b) || a.name.localeCompare(b.name));
    return {
      field: "udid",
      devices: out,
      problem: out.length === 0
        ? 'no iOS simulator is available: xcrun simctl create "iPhone 16" "iPhone 16"'
        : undefined,
    };
  } catch (err) {
    return {
      field: "udid",
      devices: [],
      problem: `simctl list failed: ${err instanceof Error ? err.message : err}`,
    };
  }
}
