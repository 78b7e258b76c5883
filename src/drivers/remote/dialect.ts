/**
 * Which kind of automation a remote session runs, read from the capabilities the server returned
 * (Appium echoes them without the `appium:` prefix): it decides how the page source is read and
 * the units of coordinates (docs/backends.md#the-page-source).
 *
 * | `automationName` (else `platformName`) | Dialect | Source | Units |
 * |---|---|---|---|
 * | `UiAutomator2`, `Espresso` (else `Android`) | `uiautomator2` | `GET source`: UiAutomator XML | pixels |
 * | `XCUITest` (else `iOS`, `tvOS`) | `xcuitest` | `mobile: source {format: json}`, else `GET source` XML | points |
 * | anything else | `generic` | `GET source`: any XML with rectangles | points |
 *
 * @module
 */
import type { Actuation } from "../driver.ts";

/** The dialects a remote session can speak. */
export type DialectName = "uiautomator2" | "xcuitest" | "generic";

/** One returned capability, with or without the `appium:` prefix, as lower-case text. */
function capability(caps: Record<string, unknown>, name: string): string {
  const v = caps[name] ?? caps[`appium:${name}`];
  return typeof v === "string" ? v.toLowerCase() : "";
}

/**
 * The dialect of a session from its returned capabilities.
 *
 * @example
 * ```ts
 * dialectOf({ platformName: "Android", automationName: "UiAutomator2" }); // "uiautomator2"
 * dialectOf({ platformName: "Fake", automationName: "Fake" }); // "generic"
 * ```
 */
export function dialectOf(caps: Record<string, unknown>): DialectName {
  const automation = capability(caps, "automationName");
  if (automation === "uiautomator2" || automation === "espresso") return "uiautomator2";
  if (automation === "xcuitest") return "xcuitest";
  if (automation !== "") return "generic";
  const platform = capability(caps, "platformName");
  if (platform === "android") return "uiautomator2";
  if (platform === "ios" || platform === "tvos") return "xcuitest";
  return "generic";
}

/**
 * The route name the manifest records for a session: its automation name as the server said it
 * (`uiautomator2`, `xcuitest`, `fake` …), else the dialect.
 *
 * @example
 * ```ts
 * routeOf({ automationName: "Fake" }, "generic"); // "fake"
 * ```
 */
export function routeOf(caps: Record<string, unknown>, dialect: DialectName): string {
  return capability(caps, "automationName") || dialect;
}

/**
 * The unit of coordinates in a dialect.
 *
 * @example
 * ```ts
 * unitOf("uiautomator2"); // "pixel"
 * ```
 */
export function unitOf(dialect: DialectName): Actuation["unit"] {
  return dialect === "uiautomator2" ? "pixel" : "point";
}
