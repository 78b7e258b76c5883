/**
 * The fake's capability set (docs/backends.md#capabilities, fake column): everything a scenario may
 * ask of a device except device control; `network` only when the app declares a network.
 *
 * @module
 */
import type { Capability } from "../driver.ts";

/** Always present on the fake. */
export const FAKE_CAPABILITIES: readonly Capability[] = [
  "query",
  "elements",
  "screenshot",
  "multiTouch",
  "textSelection",
  "semanticTap",
  "conditionWait",
  "selectOption",
  "handleSystemAlert",
  "pickerWheel",
  "hover",
  "keyPress",
  "secondaryTap",
  "tapOffset",
];

/** A fresh capability set; `network` is added when exchanges are seeded. */
export function fakeCapabilities(network: boolean): Set<Capability> {
  const caps = new Set<Capability>(FAKE_CAPABILITIES);
  if (network) caps.add("network");
  return caps;
}
