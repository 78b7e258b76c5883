/**
 * The W3C capabilities of a remote session (docs/backends.md#session-capabilities): what the target
 * implies, with the config's `deviceProvider.capabilities` (secrets already resolved) laid over
 * them key by key. Vendor blocks (`bstack:options`, `sauce:options`, `LT:Options`, `appium:options`)
 * and every other key the config writes pass through untouched.
 *
 * The app's capabilities belong to the driver that reads them, so they follow the driver the
 * session asks for: the config's `platformName` and `appium:automationName` (top level or in
 * `appium:options`), else the target's platform and its usual driver.
 *
 * | Platform, driver | Derived capabilities |
 * |---|---|
 * | iOS, XCUITest (the default) | `platformName: iOS`, `appium:automationName: XCUITest`, `appium:bundleId`, `appium:processArguments {args, env}` (launch arguments, the locale arguments, launch environment) |
 * | Android, UiAutomator2 (the default) | `platformName: Android`, `appium:automationName: UiAutomator2`, `appium:appPackage`, `appium:appActivity` (when set), `appium:optionalIntentArguments` (launch environment as `--es` extras) |
 * | Android, Espresso | `platformName: Android`, `appium:appPackage`, `appium:appActivity` (when set) |
 * | the target's platform, any other driver | `platformName` only: the config names the app the driver's way |
 * | another platform | nothing: the config says it all |
 * | all | `appium:newCommandTimeout: 300` (s; above our longest wait, so an idle session is not ended under a step) |
 *
 * @module
 */
import type { Effective } from "../../config/effective.ts";
import type { Preconditions } from "../../scenario/types.ts";
import { localeArgs } from "../ios/locale.ts";

/** Seconds the server keeps an idle session (`appium:newCommandTimeout`). */
export const NEW_COMMAND_TIMEOUT_S = 300;

/** What a session's launch adds to the target's own settings. */
export interface LaunchRequest {
  preconditions: Pick<Preconditions, "launchArgs" | "launchEnv" | "locale">;
  /** Extra launch environment from the run (collector ports …). */
  extraEnv: Record<string, string>;
}

/** One word for the device's `sh` (UiAutomator2 hands intent arguments to `am start`). */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A text capability the config writes, top level (with or without `appium:`) or in `appium:options`. */
function configured(caps: Record<string, unknown>, name: string): string | null {
  const block = caps["appium:options"];
  const nested = typeof block === "object" && block !== null
    ? (block as Record<string, unknown>)[name] ??
      (block as Record<string, unknown>)[`appium:${name}`]
    : undefined;
  const v = caps[`appium:${name}`] ?? caps[name] ?? nested;
  return typeof v === "string" && v.trim() !== "" ? v : null;
}

/**
 * The capabilities the target implies for the driver the session asks for, before the config's
 * own (`configuredCaps`: the config's `deviceProvider.capabilities`).
 *
 * @example
 * ```ts
 * derivedCapabilities(eff, { preconditions: { launchArgs: [], launchEnv: {} }, extraEnv: {} });
 * // { platformName: "Android", "appium:automationName": "UiAutomator2",
 * //   "appium:appPackage": "com.example.shop", "appium:newCommandTimeout": 300 }
 * derivedCapabilities(eff, launch, { "appium:automationName": "Flutter", "appium:app": "x.apk" });
 * // { platformName: "Android", "appium:newCommandTimeout": 300 }
 * ```
 */
export function derivedCapabilities(
  eff: Effective,
  launch: LaunchRequest,
  configuredCaps: Record<string, unknown> = {},
): Record<string, unknown> {
  const env = { ...eff.launchEnv, ...launch.preconditions.launchEnv, ...launch.extraEnv };
  const args = [...eff.launchArgs, ...launch.preconditions.launchArgs];
  const common = { "appium:newCommandTimeout": NEW_COMMAND_TIMEOUT_S };
  const app = eff.app;
  if (app.platform !== "ios" && app.platform !== "android") return { ...common };
  const platform = app.platform === "ios" ? "iOS" : "Android";
  const askedPlatform = configured(configuredCaps, "platformName");
  if (askedPlatform !== null && askedPlatform.toLowerCase() !== platform.toLowerCase()) {
    return { ...common };
  }
  const usual = app.platform === "ios" ? "XCUITest" : "UiAutomator2";
  const askedDriver = configured(configuredCaps, "automationName");
  const driver = (askedDriver ?? usual).toLowerCase();
  // Our default driver is named only when the config names none (in `appium:options` either).
  const caps: Record<string, unknown> = askedDriver === null
    ? { platformName: platform, "appium:automationName": usual }
    : { platformName: platform };
  if (app.platform === "ios" && driver === "xcuitest") {
    const locale = launch.preconditions.locale ?? eff.locale;
    caps["appium:bundleId"] = app.bundleId;
    caps["appium:processArguments"] = { args: [...args, ...localeArgs(locale)], env };
  }
  if (app.platform === "android" && (driver === "uiautomator2" || driver === "espresso")) {
    caps["appium:appPackage"] = app.package;
    if (app.activity) caps["appium:appActivity"] = app.activity;
  }
  if (app.platform === "android" && driver === "uiautomator2") {
    const extras = Object.entries(env).flatMap(([k, v]) => ["--es", shellWord(k), shellWord(v)]);
    if (extras.length > 0) caps["appium:optionalIntentArguments"] = extras.join(" ");
  }
  return { ...caps, ...common };
}

/**
 * The `alwaysMatch` of `POST /session`: the derived capabilities with the config's laid over
 * them (a key the config writes wins whole; its vendor blocks are never merged into).
 *
 * @example
 * ```ts
 * sessionCapabilities({ platformName: "Android", "appium:newCommandTimeout": 300 }, {
 *   "appium:newCommandTimeout": 60,
 *   "bstack:options": { deviceName: "Google Pixel 8" },
 * });
 * // { platformName: "Android", "appium:newCommandTimeout": 60,
 * //   "bstack:options": { deviceName: "Google Pixel 8" } }
 * ```
 */
export function sessionCapabilities(
  derived: Record<string, unknown>,
  configured: Record<string, unknown>,
): Record<string, unknown> {
  return { ...derived, ...configured };
}
