/**
 * A route: how the Android driver reads the screen and sends gestures. Two exist
 * (docs/backends.md#android): the UiAutomator2 server (the fast route: HTTP to a resident
 * server) and the dump route (one adb process per read and per gesture). Points are device
 * pixels; the driver resolves selectors host-side and hands the route coordinates only.
 *
 * @module
 */
import type { Point } from "../driver.ts";

/** The route's name, recorded in the manifest. */
export type RouteName = "uiautomator2" | "dump";

export interface Route {
  readonly name: RouteName;
  /** The hierarchy as UiAutomator XML. */
  source(): Promise<string>;
  tap(p: Point): Promise<void>;
  doubleTap(p: Point): Promise<void>;
  longPress(p: Point, seconds: number): Promise<void>;
  /** A literal drag over `seconds`. */
  drag(from: Point, to: Point, seconds: number): Promise<void>;
  /** A non-inertial scroll: the content stops where the finger stops. */
  scroll(from: Point, to: Point): Promise<void>;
  /** Types into the focused field. */
  typeText(text: string): Promise<void>;
  back(): Promise<void>;
  /** A PNG of the screen, checked. */
  screenshot(): Promise<Uint8Array>;
}

/** How long a literal drag (`swipe`) takes, seconds. */
export const DRAG_S = 0.3;
/** How long a scroll's travel takes: slow enough that no fling starts. */
export const SCROLL_S = 0.6;
