/**
 * The W3C capabilities of a remote session (docs/backends.md#session-capabilities): what the target
 * implies, with the config's `deviceProvider.capabilities` (secrets already resolved) laid over
 * them key by key. Vendor blocks (`bstack:options`, `sauce:options`, `LT:Options`, `appium:options`)
 * and every other key the config writes pass through untouched.
 *
 * | Target | Derived capabilities |
 * |---|---|
 * | iOS | `platformName: iOS`, `appium:automationName: XCUITest`, `appium:bundleId`, `appium:processArguments {args, env}` (launch arguments, the locale arguments, launch environment) |
 * | Android | `platformName: Android`, `appium:automationName: UiAutomator2`, `appium:appPackage`, `appium:appActivity` (when set), `appium:optionalIntentArguments` (launch environment as `--es` extras) |
 * | both | `appium:newCommandTimeout: 300` (s; above our longest wait, so an idle session is not ended under a step) |
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

/**
 * The capabilities the target implies, before the config's own.
 *
 * @example
 * ```ts
 * derivedCapabilities(eff, { preconditions: { launchArgs: [], launchEnv: {} }, extraEnv: {} });
 * // { platformName: "Android", "appium:automationName": "UiAutomator2",
 * //   "appium:appPackage": "com.example.shop", "appium:newCommandTimeout": 300 }
 * ```
 */
export function derivedCapabilities(
  eff: Effective,
  launch: LaunchRequest,
): Record<string, unknown> {
  const env = { ...eff.launchEnv, ...launch.preconditions.launchEnv, ...launch.extraEnv };
  const args = [...eff.launchArgs, ...launch.preconditions.launchArgs];
  const common = { "appium:newCommandTimeout": NEW_COMMAND_TIMEOUT_S };
  const app = eff.app;
  if (app.platform === "ios") {
    const locale = launch.preconditions.locale ?? eff.locale;
    return {
      platformName: "iOS",
      "appium:automationName": "XCUITest",
      "appium:bundleId": app.bundleId,
      "appium:processArguments": { args: [...args, ...localeArgs(locale)], env },
      ...common,
    };
  }
  if (app.platform === "android") {
    const caps: Record<string, unknown> = {
      platformName: "Android",
      "appium:automationName": "UiAutomator2",
      "appium:appPackage": app.package,
    };
    if (app.activity) caps["appium:appActivity"] = app.activity;
    const extras = Object.entries(env).flatMap(([k, v]) => ["--es", shellWord(k), shellWord(v)]);
    if (extras.length > 0) caps["appium:optionalIntentArguments"] = extras.join(" ");
    return { ...caps, ...common };
  }
  return { ...common };
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
