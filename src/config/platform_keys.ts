/**
 * Target keys that do something on some platforms only. A key written on a target whose platform
 * ignores it is a warning at its line (`W_PLATFORM`), never silence (docs/configuration.md#keys-that-depend-on-the-platform).
 *
 * @module
 */
import type { Platform } from "./types.ts";

/** Each platform-bound key and the platforms on which it has an effect. */
export const PLATFORM_BOUND_KEYS: Readonly<Record<string, readonly Platform[]>> = {
  bundleId: ["ios"],
  deeplinkScheme: ["ios"],
  xcuitest: ["ios"],
  package: ["android"],
  activity: ["android"],
  grantPermissions: ["android"],
  appPath: ["ios", "android"],
  build: ["ios", "android"],
  launchEnv: ["ios", "android"],
  launchArgs: ["ios", "android"],
  device: ["ios", "android"],
  locale: ["ios", "android"],
  deviceProvider: ["ios", "android"],
  baseUrl: ["web"],
  headless: ["web"],
  browser: ["web"],
  deviceMode: ["web"],
  wsEndpoint: ["web"],
  viewport: ["web"],
  testIdAttribute: ["web"],
  app: ["fake"],
};

/**
 * Why `key` has no effect on a target of `platform`, or null when it has one (or is not bound to
 * a platform). The fake platform is a test double: it is told nothing about device keys.
 *
 * @example
 * ```ts
 * ignoredOn("launchArgs", "web"); // "launchArgs has no effect on web targets (ios, android only)"
 * ignoredOn("baseUrl", "web"); // null
 * ```
 */
export function ignoredOn(key: string, platform: Platform): string | null {
  const on = PLATFORM_BOUND_KEYS[key];
  if (on === undefined || on.includes(platform)) return null;
  if (platform === "fake" && !on.includes("web")) return null;
  return `${key} has no effect on ${platform} targets (${on.join(", ")} only)`;
}
