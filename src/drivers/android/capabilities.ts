/**
 * What the Android backend can do, on either route (docs/backends.md#android). Two-finger
 * gestures, system alerts, pickers and `<select>` are not among them: preflight fails a scenario
 * that needs them before any device work.
 *
 * @module
 */
import type { Capability } from "../driver.ts";

/** The Android backend's capabilities. */
export const ANDROID_CAPABILITIES: readonly Capability[] = [
  "query",
  "elements",
  "screenshot",
  "textSelection",
];
