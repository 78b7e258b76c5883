/**
 * The remote backend's descriptor: a W3C WebDriver / Appium endpoint (tokens `remote` and
 * `webdriver`) that can serve a target of any platform. Its driver is not in this build yet:
 * selecting it answers "not available in this build" through the registry.
 *
 * @module
 */
import type { BackendDescriptor } from "../backend.ts";
import { notInBuild, prepareNotInBuild } from "../not_in_build.ts";

/** A remote W3C WebDriver / Appium endpoint. */
export const REMOTE_BACKEND = {
  actuator: "webdriver",
  platform: "any",
  tokens: ["remote", "webdriver"],
  engines: [],
  needs: ["deviceProvider.endpoint"],
  capabilities: [],
  recordsScenarioVideoUpFront: false,
  availability: notInBuild,
  prepare: prepareNotInBuild("webdriver"),
} as const satisfies BackendDescriptor;
