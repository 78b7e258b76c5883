/**
 * The web backend's static capability set. A driver on an engine without CDP touch drops
 * `multiTouch` at run time.
 *
 * @module
 */
import type { Capability } from "../driver.ts";

/** Capabilities of the web backend; `multiTouch` needs Chromium's CDP. */
export const WEB_CAPABILITIES: readonly Capability[] = [
  "query",
  "elements",
  "screenshot",
  "multiTouch",
  "textSelection",
  "semanticTap",
  "conditionWait",
  "network",
  "selectOption",
  "hover",
  "keyPress",
  "secondaryTap",
  "tapOffset",
];
