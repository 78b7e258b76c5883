/**
 * The devices a target's backend can lease (docs/serve.md#devices): the first backend of the
 * target's list (`backend`, else its platform) that drives its platform, asked for its list.
 * Each backend reports its own missing tools in the answer, so this never throws for them.
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { BackendDescriptor, DeviceList } from "./backend.ts";
import { BACKENDS, expandTokens } from "./registry.ts";

/** A device list and the backend that gave it. */
export interface TargetDevices extends DeviceList {
  /** The backend asked (its actuator name), or null when no backend drives the target. */
  actuator: string | null;
}

/**
 * The devices of `eff`'s backend.
 *
 * @example
 * ```ts
 * const { actuator, field, devices } = await targetDevices(eff, (k) => Deno.env.get(k));
 * // "adb", "udid", [{ id: "emulator-5554", state: "device", usable: true, … }]
 * ```
 */
export async function targetDevices(
  eff: Effective,
  env: (name: string) => string | undefined,
  backends: readonly BackendDescriptor[] = BACKENDS,
): Promise<TargetDevices> {
  const tokens = eff.backend.length > 0 ? eff.backend : [eff.app.platform];
  const d = expandTokens(tokens).find((c) =>
    backends.includes(c) && (c.platform === eff.app.platform || c.platform === "any")
  );
  if (!d) {
    return {
      actuator: null,
      field: null,
      devices: [],
      problem: `no backend of [${tokens.join(", ")}] drives ${eff.app.platform} targets`,
    };
  }
  if (!d.deviceList) return { actuator: d.actuator, field: null, devices: [] };
  return { actuator: d.actuator, ...await d.deviceList({ eff, env }) };
}
