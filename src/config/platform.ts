/**
 * Which platform a target runs on, and which identifier that platform requires
 * (docs/configuration.md#layering; docs/backends.md#choosing-a-backend for the backend tokens).
 *
 * @module
 */
import type { Defaults, Platform, TargetConfig } from "./types.ts";
import { platformOfToken } from "../model/backend_names.ts";

/** The target key each platform identifies its app by. */
export const PLATFORM_IDENTIFIER: Readonly<
  Record<Platform, "bundleId" | "baseUrl" | "package" | "app">
> = {
  ios: "bundleId",
  web: "baseUrl",
  android: "package",
  fake: "app",
};

/**
 * The platform the first token of a backend list that implies one names (the backend names
 * table knows the tokens; unknown tokens and any-platform routes are skipped).
 */
export function platformForBackend(backend: readonly string[] | undefined): Platform | undefined {
  for (const token of backend ?? []) {
    const p = platformOfToken(token);
    if (p) return p;
  }
  return undefined;
}

/**
 * The derivation chain: explicit `platform` (target, then defaults) → the *target's* backend →
 * the identifier the target carries (baseUrl ⇒ web, package ⇒ android, bundleId ⇒ ios, app ⇒
 * fake) → the defaults' backend → `ios`.
 */
export function derivePlatform(target: TargetConfig, defaults: Defaults): Platform {
  return target.platform ??
    defaults.platform ??
    platformForBackend(target.backend) ??
    (target.baseUrl !== undefined
      ? "web"
      : target.package !== undefined
      ? "android"
      : target.bundleId !== undefined
      ? "ios"
      : target.app !== undefined
      ? "fake"
      : undefined) ??
    platformForBackend(defaults.backend) ??
    "ios";
}

/** The missing identifier key for the target's platform, or null when it is present. */
export function missingIdentifier(
  target: TargetConfig,
  platform: Platform,
): "bundleId" | "baseUrl" | "package" | "app" | null {
  const key = PLATFORM_IDENTIFIER[platform];
  const v = target[key];
  return typeof v === "string" && v !== "" ? null : key;
}
