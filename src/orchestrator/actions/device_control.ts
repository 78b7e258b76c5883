/**
 * Device-control steps (setLocation, push, clipboard, keychain, app lifecycle, status bar) are
 * LATER: they need an injected device-control channel, which no route provides yet.
 *
 * @module
 */
import { UnsupportedAction } from "../../drivers/driver.ts";

/** The device-control actions. */
export const DEVICE_CONTROL_ACTIONS: ReadonlySet<string> = new Set([
  "setLocation",
  "push",
  "clearKeychain",
  "clearClipboard",
  "setClipboard",
  "background",
  "foreground",
  "overrideStatusBar",
  "clearStatusBar",
]);

/** Always throws `<action> requires a real device environment`. */
export function deviceControl(action: string): Promise<never> {
  return Promise.reject(new UnsupportedAction(`${action} requires a real device environment`));
}
