/**
 * The Android driver (docs/backends.md#android): selectors resolve host-side over the
 * UiAutomator hierarchy (`uiautomator_xml.ts`), the tap family checks that nothing covers the
 * target's centre, and gestures go to the resolved centre through a route (the UiAutomator2
 * server or the dump route). Units are device pixels.
 *
 * One hierarchy read per tap: the tree read after the previous action (the run loop reads one
 * after every step) is reused to resolve the next tap when no gesture has been sent since and it
 * is at most {@link TREE_REUSE_S} old; a selector that does not resolve on it is tried again on
 * a fresh read, so a reused tree never fails a step by itself.
 *
 * A read on which the app under test has no node while its process is gone means the app died:
 * `AppNotRunning`, a backend crash (the pipeline re-leases and reruns the scenario).
 *
 * @module
 */
import {
  type ActuationDrain,
  BackendCrashError,
  type Capability,
  type Driver,
  type DriverInterval,
  type Element,
  type Point,
  UnsupportedAction,
} from "../driver.ts";
import type { Selector } from "../../scenario/types.ts";
import { assertReachable, findAll, frameCenter } from "../../selectors/mod.ts";
import type { Clock } from "../../time/clock.ts";
import { type ActuationInput, ActuationLog } from "../actuation_log.ts";
import { atCentre, RecentRead, resolveOnRecent, tappableIn } from "../host_side.ts";
import type { Adb } from "./adb.ts";
import { ANDROID_BACKEND } from "./backend.ts";
import { ANDROID_CAPABILITIES } from "./capabilities.ts";
import { IntervalSet, startDeviceLog, startVideo } from "./intervals.ts";
import { DRAG_S, type Route } from "./route.ts";
import { parseUiAutomatorXml } from "./uiautomator_xml.ts";

/** Oldest tree (seconds) a tap may resolve on without reading again. */
export const TREE_REUSE_S = 1;

/** Android key codes the driver sends. */
export const KEYCODE = { BACK: 4, DEL: 67, A: 29, C: 31, CTRL_LEFT: 113 } as const;

/**
 * The app under test is not running any more (crashed, killed, stopped). A backend crash: the
 * scenario is rerun on a fresh lease.
 *
 * @example
 * ```ts
 * err instanceof AppNotRunning; // the read found the launcher and no process of the app
 * ```
 */
export class AppNotRunning extends BackendCrashError {
  override readonly code = "E_APP_NOT_RUNNING";
}

export interface AndroidDriverOptions {
  route: Route;
  adb: Adb;
  /** The app under test (crash detection, the device log's pid filter). */
  appPackage: string;
  clock: Clock;
  /** Called once per read with its element count (benchmarks count hierarchy fetches). */
  onRead?: (elements: number) => void;
}

interface Snapshot {
  tree: Element[];
  size: [number, number] | null;
}

/** The Driver over one Android device and one route. */
export class AndroidDriver implements Driver {
  readonly name = ANDROID_BACKEND.actuator;
  readonly route: Route;
  readonly #adb: Adb;
  readonly #appPackage: string;
  readonly #clock: Clock;
  readonly #onRead: (elements: number) => void;
  readonly #log = new ActuationLog("pixel");
  readonly #intervals = new IntervalSet();
  /** The last read; a gesture or key makes it stale. */
  readonly #recent: RecentRead<Snapshot>;
  #segments = 0;
  #screen: [number, number] | null = null;

  constructor(opts: AndroidDriverOptions) {
    this.route = opts.route;
    this.#adb = opts.adb;
    this.#appPackage = opts.appPackage;
    this.#clock = opts.clock;
    this.#onRead = opts.onRead ?? (() => {});
    this.#recent = new RecentRead(opts.clock, TREE_REUSE_S);
  }

  // --- reading --------------------------------------------------------------------------------

  async query(): Promise<Element[]> {
    return (await this.#read()).tree;
  }

  recentTree(): Element[] | null {
    return this.#recent.get()?.tree ?? null;
  }

  async waitFor(sel: Selector): Promise<boolean> {
    return findAll(await this.query(), sel).length > 0;
  }

  async isTappable(sel: Selector): Promise<boolean> {
    return tappableIn(await this.query(), sel);
  }

  /** Forgets the reusable tree (after a relaunch: the screen changed without a gesture). */
  invalidate(): void {
    this.#recent.forget();
  }

  async #read(): Promise<Snapshot> {
    // Until this read succeeds nothing is known of the screen: nothing may be reused.
    this.#recent.forget();
    const xml = await this.route.source();
    const parsed = parseUiAutomatorXml(xml);
    this.#onRead(parsed.elements.length);
    if (!parsed.packages.includes(this.#appPackage)) await this.#checkAppRunning();
    const snapshot = { tree: parsed.elements, size: parsed.size };
    this.#recent.remember(snapshot);
    return snapshot;
  }

  async #checkAppRunning(): Promise<void> {
    if (await this.#adb.pidOf(this.#appPackage) !== null) return;
    throw new AppNotRunning(
      `the app under test (${this.#appPackage}) is not running any more on ${this.#adb.serial}: ` +
        "it crashed or was stopped (the device log of the step shows why)",
    );
  }

  /** The target of a tap-family action and the tree it was resolved on. */
  #resolve(sel: Selector): Promise<{ tree: Element[]; target: Element }> {
    return resolveOnRecent(this.#recent.get()?.tree ?? null, () => this.query(), sel);
  }

  // --- the tap family -------------------------------------------------------------------------

  async tap(sel: Selector): Promise<void> {
    const t = await this.#reachable(sel);
    await this.#act(atCentre("tap", t), () => this.route.tap(frameCenter(t.frame)));
  }

  async doubleTap(sel: Selector): Promise<void> {
    const t = await this.#reachable(sel);
    await this.#act(atCentre("doubleTap", t), () => this.route.doubleTap(frameCenter(t.frame)));
  }

  async longPress(sel: Selector, seconds: number): Promise<void> {
    const t = await this.#reachable(sel);
    await this.#act(
      atCentre("longPress", t, { durationS: seconds }),
      () => this.route.longPress(frameCenter(t.frame), seconds),
    );
  }

  /** The resolved target, checked that nothing covers its centre. */
  async #reachable(sel: Selector): Promise<Element> {
    const { tree, target } = await this.#resolve(sel);
    assertReachable(tree, target);
    return target;
  }

  async tapPoint(p: Point): Promise<void> {
    await this.#act({ gesture: "tap", via: "coordinate", points: [p] }, () => this.route.tap(p));
  }

  async swipe(from: Point, to: Point): Promise<void> {
    await this.#act(
      { gesture: "swipe", via: "coordinate", points: [from, to], durationS: DRAG_S },
      () => this.route.drag(from, to, DRAG_S),
    );
  }

  async scroll(from: Point, to: Point): Promise<void> {
    await this.#act(
      { gesture: "scroll", via: "coordinate", points: [from, to] },
      () => this.route.scroll(from, to),
    );
  }

  async back(): Promise<void> {
    await this.#act({ gesture: "back", via: "key" }, () => this.route.back());
  }

  pinch(): Promise<void> {
    return Promise.reject(
      new UnsupportedAction("pinch needs two fingers, which adb cannot send without root"),
    );
  }

  rotate(): Promise<void> {
    return Promise.reject(
      new UnsupportedAction("rotate needs two fingers, which adb cannot send without root"),
    );
  }

  // --- keys -----------------------------------------------------------------------------------

  async typeText(text: string): Promise<void> {
    await this.#act({ gesture: "typeText", via: "focused" }, () => this.route.typeText(text));
  }

  async deleteText(count: number): Promise<void> {
    const codes = Array.from({ length: Math.max(0, count) }, () => KEYCODE.DEL);
    await this.#act({ gesture: "deleteText", via: "key" }, () => this.#adb.keyevent(...codes));
  }

  async selectAll(): Promise<void> {
    await this.#act(
      { gesture: "selectAll", via: "key" },
      () => this.#adb.keycombination(KEYCODE.CTRL_LEFT, KEYCODE.A),
    );
  }

  async copySelection(): Promise<void> {
    await this.#act(
      { gesture: "copy", via: "key" },
      () => this.#adb.keycombination(KEYCODE.CTRL_LEFT, KEYCODE.C),
    );
  }

  // --- not on Android -------------------------------------------------------------------------

  selectOption(): Promise<void> {
    return Promise.reject(
      new UnsupportedAction(
        "selectOption is for web <select>; on Android tap the spinner, then the option",
      ),
    );
  }

  setPickerValue(): Promise<void> {
    return Promise.reject(new UnsupportedAction("setPickerValue is iOS-only (picker wheels)"));
  }

  handleSystemAlert(): Promise<void> {
    return Promise.reject(
      new UnsupportedAction(
        "handleSystemAlert is iOS-only; on Android a permission dialog is part of the screen: tap its button",
      ),
    );
  }

  systemAlertLabels(): Promise<string[]> {
    return Promise.resolve([]);
  }

  // --- evidence -------------------------------------------------------------------------------

  async screenshot(path: string): Promise<void> {
    await Deno.writeFile(path, await this.screenshotBytes());
  }

  screenshotBytes(): Promise<Uint8Array> {
    return this.route.screenshot();
  }

  capabilities(): Set<Capability> {
    return new Set(ANDROID_CAPABILITIES);
  }

  async viewport(): Promise<{ width: number; height: number }> {
    const size = this.#recent.latest?.size ?? (this.#screen ??= await this.#adb.screenSize());
    return { width: size[0], height: size[1] };
  }

  drainActuations(): ActuationDrain {
    return this.#log.drain();
  }

  async driverInterval(kind: string, path: string): Promise<DriverInterval | null> {
    if (kind === "deviceLog") {
      return await startDeviceLog(this.#adb, this.#appPackage, path, this.#intervals);
    }
    if (kind === "video") {
      return await startVideo(this.#adb, path, this.#intervals, this.#clock, this.#segments++);
    }
    return null;
  }

  /** Stops every recording still running (teardown). */
  async close(): Promise<void> {
    await this.#intervals.stopAll();
  }

  async #act(input: ActuationInput, send: () => Promise<void>): Promise<void> {
    this.#recent.changed();
    await this.#log.act(input, send);
  }
}
