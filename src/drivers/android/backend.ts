/**
 * The Android backend's descriptor (tokens `android`/`adb`). Its driver is not in this build
 * yet: selecting it answers "not available in this build" through the registry.
 *
 * @module
 */
import type { BackendDescriptor } from "../backend.ts";
import { notInBuild, prepareNotInBuild } from "../not_in_build.ts";

/** The Android emulator / device backend. */
export const ANDROID_BACKEND = {
  actuator: "adb",
  platform: "android",
  tokens: ["android", "adb"],
  engines: [],
  needs: ["package"],
  capabilities: [],
  recordsScenarioVideoUpFront: false,
  availability: notInBuild,
  prepare: prepareNotInBuild("adb"),
} as const satisfies BackendDescriptor;
