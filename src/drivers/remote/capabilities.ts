/**
 * What the remote driver can do (docs/backends.md#driver-methods-on-a-remote-session): every
 * dialect reads the tree, takes screenshots and sends two-finger W3C actions; text selection on
 * UiAutomator2 and XCUITest sessions; system alerts on XCUITest sessions.
 *
 * @module
 */
import type { Capability } from "../driver.ts";
import type { DialectName } from "./dialect.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

/** The actuator name of the remote backend (manifests say `webdriver`). */
export const REMOTE_ACTUATOR = BACKEND_NAMES.remote.actuator;

/** The capabilities preflight checks a remote target against (any dialect). */
export const REMOTE_CAPABILITIES: readonly Capability[] = [
  "query",
  "elements",
  "screenshot",
  "multiTouch",
  "textSelection",
];

/**
 * The capabilities of a session of `dialect`.
 *
 * @example
 * ```ts
 * dialectCapabilities("generic"); // ["query", "elements", "screenshot", "multiTouch"]
 * ```
 */
export function dialectCapabilities(dialect: DialectName): Capability[] {
  const caps = REMOTE_CAPABILITIES.filter((c) => c !== "textSelection" || dialect !== "generic");
  return dialect === "xcuitest" ? [...caps, "handleSystemAlert"] : caps;
}
