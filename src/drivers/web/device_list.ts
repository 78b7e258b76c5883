/**
 * The browser engines serve's picker offers for a web target (docs/serve.md#devices): each
 * engine, installed or not; the picked one goes to `--browser`.
 *
 * @module
 */
import type { DeviceList, DeviceListContext } from "../backend.ts";
import { type BrowserProbe, findBrowser, installHint, systemProbe } from "./browsers.ts";
import { ENGINES } from "../../model/engines.ts";

/**
 * Every engine, the target's own first.
 *
 * @example
 * ```ts
 * (await webDeviceList({ eff, env })).devices[0];
 * // { id: "chromium", name: "chromium", state: "installed", usable: true, detail: "/usr/bin/chromium" }
 * ```
 */
export function webDeviceList(
  ctx: DeviceListContext,
  probe: BrowserProbe = { ...systemProbe(), env: ctx.env, home: ctx.env("HOME") },
): Promise<DeviceList> {
  const own = ctx.eff.app.platform === "web" ? ctx.eff.app.browser : "chromium";
  const engines = [own, ...ENGINES.filter((e) => e !== own)];
  return Promise.resolve({
    field: "browser",
    devices: engines.map((engine) => {
      try {
        const found = findBrowser(engine, probe);
        return {
          id: engine,
          name: engine,
          state: "installed",
          usable: true,
          detail: found.executablePath,
        };
      } catch {
        return {
          id: engine,
          name: engine,
          state: "missing",
          usable: false,
          detail: installHint(engine, probe.platform),
        };
      }
    }),
  });
}
