/**
 * What the iOS Simulator driver can do (docs/backends.md#ios-simulator). The
 * device-control steps are not in this build yet, so their tokens are not claimed.
 *
 * @module
 */
import type { Capability } from "../driver.ts";

/** The capabilities of the WebDriverAgent driver on a Simulator. */
export const IOS_CAPABILITIES: readonly Capability[] = [
  "query",
  "elements",
  "screenshot",
  "multiTouch",
  "textSelection",
  "semanticTap",
  "conditionWait",
  "handleSystemAlert",
  "pickerWheel",
];
