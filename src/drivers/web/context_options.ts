/**
 * The options of a fresh browser context (docs/backends.md#web): reduced motion always, the
 * Playwright device descriptor when `deviceMode` is not `desktop`, the configured viewport, and a
 * video directory only when the scenario records video.
 *
 * @module
 */
import { devices } from "playwright-core";
import type { BrowserContextOptions } from "playwright-core";
import type { WebSettings } from "../../config/effective.ts";
import { DeviceError } from "../driver.ts";
import type { Engine } from "../../model/engines.ts";

/** The `deviceMode` that means "no device emulation". */
export const DESKTOP = "desktop";

/** Unknown `deviceMode`: not a Playwright device descriptor name. */
export class UnknownDeviceMode extends DeviceError {
  override readonly code = "E_DEVICE_MODE";
  constructor(mode: string) {
    super(
      `unknown deviceMode ${JSON.stringify(mode)}: use "desktop" or a Playwright device name ` +
        `such as "iPhone 13" or "Pixel 7"`,
    );
  }
}

/** The descriptor of a device name (exact, else case-insensitive). */
function descriptor(mode: string) {
  if (Object.hasOwn(devices, mode)) return devices[mode];
  const lower = mode.toLowerCase();
  const name = Object.keys(devices).find((n) => n.toLowerCase() === lower);
  return name === undefined ? undefined : devices[name];
}

/**
 * Context options for a lease.
 *
 * @throws UnknownDeviceMode when `deviceMode` names no Playwright device
 *
 * @example
 * ```ts
 * contextOptions({ deviceMode: "Pixel 7", … }, "chromium"); // { reducedMotion: "reduce", hasTouch: true, … }
 * ```
 */
export function contextOptions(
  web: Pick<WebSettings, "deviceMode" | "viewport">,
  engine: Engine,
  recordVideoDir?: string,
): BrowserContextOptions {
  const opts: BrowserContextOptions = {};
  if (web.deviceMode && web.deviceMode !== DESKTOP) {
    const device = descriptor(web.deviceMode);
    if (device === undefined) throw new UnknownDeviceMode(web.deviceMode);
    const { defaultBrowserType: _engine, ...emulation } = device;
    Object.assign(opts, emulation);
    // Firefox cannot emulate a mobile viewport meta; everything else of the device still applies.
    if (engine === "firefox") delete opts.isMobile;
  }
  if (web.viewport) opts.viewport = { ...web.viewport };
  opts.reducedMotion = "reduce";
  if (recordVideoDir !== undefined) opts.recordVideo = { dir: recordVideoDir };
  return opts;
}
