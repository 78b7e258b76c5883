/**
 * The iOS backend's descriptor (tokens `ios`/`xcuitest`). Its driver is not in this build yet:
 * selecting it answers "not available in this build" through the registry.
 *
 * @module
 */
import type { BackendDescriptor } from "../backend.ts";
import { notInBuild, prepareNotInBuild } from "../not_in_build.ts";

/** The iOS Simulator / device backend. */
export const IOS_BACKEND = {
  actuator: "xcuitest",
  platform: "ios",
  tokens: ["ios", "xcuitest"],
  engines: [],
  needs: ["bundleId"],
  capabilities: [],
  recordsScenarioVideoUpFront: false,
  availability: notInBuild,
  prepare: prepareNotInBuild("xcuitest"),
} as const satisfies BackendDescriptor;
