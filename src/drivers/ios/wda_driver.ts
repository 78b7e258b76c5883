/**
 * The iOS Simulator driver over WebDriverAgent (docs/backends.md#ios-simulator): the tree from
 * `/source?format=json` with the costly attributes excluded, selectors resolved host-side,
 * gestures sent as coordinates at the resolved frame's centre (points), typing to the focused
 * field, alerts through WDA's alert routes, PNG screenshots from `/screenshot`.
 *
 * Wire calls per method (docs/backends.md#driver-methods-on-the-wire): `query` = GET source;
 * `tap` = POST wda/tap (resolving against the tree just read when no command was sent since and
 * it is younger than {@link TREE_REUSE_S}, else one GET source first); `doubleTap`/`longPress` =
 * wda/doubleTap, wda/touchAndHold; `swipe`/`scroll`/`pinch`/`rotate` = POST actions;
 * `typeText`/`deleteText` = wda/keys; `screenshot` = GET /screenshot.
 *
 * Errors: a reply is mapped by `toDriverError` (a missing element fails the step, a dead app or a
 * lost session is a crash for the pipeline's recovery, a bad reply aborts); a runner that stops
 * answering is a RunnerCrashError from the transport (a write that may have been delivered is
 * never resent). A lost session is recreated once (the command was refused, so resending it is
 * safe), then it is a crash.
 *
 * @module
 */
import type { Selector } from "../../scenario/types.ts";
import type { Clock } from "../../time/clock.ts";
import {
  type ActuationDrain,
  BackendCrashError,
  type Capability,
  type Driver,
  type DriverInterval,
  type Element,
  ElementNotFound,
  type Frame,
  type Point,
  UnsupportedAction,
} from "../driver.ts";
import {
  assertReachable,
  findAll,
  frameCenter,
  renderSelector,
  resolveUnique,
} from "../../selectors/mod.ts";
import { type ActuationInput, ActuationLog } from "../actuation_log.ts";
import { atCentre, RecentRead, tappableIn } from "../host_side.ts";
import { alertButton, awaitSystemAlert } from "../system_alert_wait.ts";
import { EDIT_MENU_HOLD_S, editMenuItem } from "./edit_menu.ts";
import {
  dragActions,
  isNoSuchAlert,
  pngFromBase64,
  RunnerCrashError,
  scrollActions,
  SessionLost,
  StaleElement,
  toDriverError,
  type WebDriverSession,
} from "../webdriver/mod.ts";
import { retryOnStale } from "../webdriver/stale_retry.ts";
import { pinchOn, rotateOn } from "../webdriver/element_gestures.ts";
import { readElementRefs } from "../webdriver/element_ref.ts";
import { IOS_CAPABILITIES } from "./capabilities.ts";
import { decodeSource, SOURCE_QUERY } from "./source_tree.ts";

/** The actuator name of the iOS backend (manifests say `xcuitest`). */
export const IOS_ACTUATOR = "xcuitest";

/**
 * A tree read this recently (seconds) with no command sent since is what an action resolves
 * against, instead of reading the screen again: a fresh read costs at least as long on a device.
 */
export const TREE_REUSE_S = 0.5;
/** How long a literal drag (`swipe`) takes, seconds. */
export const DRAG_S = 0.3;

/** Element traits that take keyboard focus when tapped. */
const TEXT_INPUT = ["textField", "secureTextField", "searchField", "textView"];

export interface WdaDriverOptions {
  session: WebDriverSession;
  clock: Clock;
  /** Opens a replacement session (same capabilities) after the server lost ours. */
  reopenSession?: () => Promise<WebDriverSession>;
  /** Starts an interval capture (video, deviceLog) on the device; null when it cannot. */
  interval?: (kind: string, path: string) => Promise<DriverInterval | null>;
  /** What the environment knows about the runner process, added to crash messages. */
  runnerNote?: () => string | null;
}

/** The driver of one lease: one WDA session bound to the app under test. */
export class WdaDriver implements Driver {
  readonly name = IOS_ACTUATOR;
  #session: WebDriverSession;
  readonly #clock: Clock;
  readonly #options: WdaDriverOptions;
  readonly #log = new ActuationLog("point");
  readonly #recent: RecentRead<Element[]>;
  #focus: Element | null = null;
  #reopened = false;

  constructor(options: WdaDriverOptions) {
    this.#session = options.session;
    this.#clock = options.clock;
    this.#options = options;
    this.#recent = new RecentRead(options.clock, TREE_REUSE_S);
  }

  /** The session in use (it changes after a lost session was recreated). */
  get session(): WebDriverSession {
    return this.#session;
  }

  /** Forgets the last tree (the app was relaunched or changed from outside). */
  invalidate(): void {
    this.#recent.forget();
    this.#focus = null;
  }

  async query(): Promise<Element[]> {
    const value = await this.#wire("GET", `/source${SOURCE_QUERY}`, undefined, {});
    const tree = decodeSource(value);
    this.#recent.remember(tree);
    return tree;
  }

  recentTree(): Element[] | null {
    return this.#recent.get();
  }

  async tap(sel: Selector): Promise<void> {
    const { el } = await this.#target(sel, true);
    await this.#act(
      atCentre("tap", el),
      "/wda/tap",
      this.#xy(frameCenter(el.frame)),
      sel,
    );
    this.#noteFocus(el);
  }

  async doubleTap(sel: Selector): Promise<void> {
    const { el } = await this.#target(sel, true);
    await this.#act(
      atCentre("doubleTap", el),
      "/wda/doubleTap",
      this.#xy(frameCenter(el.frame)),
      sel,
    );
  }

  async longPress(sel: Selector, seconds: number): Promise<void> {
    const { el } = await this.#target(sel, true);
    await this.#act(
      atCentre("longPress", el, { durationS: seconds }),
      "/wda/touchAndHold",
      { ...this.#xy(frameCenter(el.frame)), duration: seconds },
      sel,
    );
  }

  async isTappable(sel: Selector): Promise<boolean> {
    return tappableIn(await this.query(), sel);
  }

  async tapPoint(p: Point): Promise<void> {
    await this.#act(
      { gesture: "tap", via: "coordinate", points: [[...p]] },
      "/wda/tap",
      this.#xy(p),
      {},
    );
    this.#focus = null;
  }

  async swipe(from: Point, to: Point): Promise<void> {
    await this.#act(
      { gesture: "swipe", via: "coordinate", points: [[...from], [...to]] },
      "/actions",
      dragActions(from, to, DRAG_S),
      {},
    );
  }

  async scroll(from: Point, to: Point): Promise<void> {
    await this.#act(
      { gesture: "scroll", via: "coordinate", points: [[...from], [...to]] },
      "/actions",
      scrollActions(from, to),
      {},
    );
  }

  async back(): Promise<void> {
    const tree = await this.#tree();
    const sel = { id: "BackButton" };
    const found = findAll(tree, sel);
    if (found.length === 0) {
      throw new ElementNotFound(
        'back: no navigation back button on screen (no element with id "BackButton")',
        sel,
      );
    }
    const el = resolveUnique(tree, sel);
    await this.#act(atCentre("back", el), "/wda/tap", this.#xy(frameCenter(el.frame)), sel);
  }

  async pinch(sel: Selector, scale: number): Promise<void> {
    const { el } = await this.#target(sel, false);
    const { record, body } = pinchOn(el, scale);
    await this.#act(record, "/actions", body, sel);
  }

  async rotate(sel: Selector, radians: number): Promise<void> {
    const { el } = await this.#target(sel, false);
    const { record, body } = rotateOn(el, radians);
    await this.#act(record, "/actions", body, sel);
  }

  async typeText(text: string): Promise<void> {
    await this.#act(
      { gesture: "typeText", via: "focused", target: this.#focus?.identifier ?? null },
      "/wda/keys",
      { value: [text] },
      {},
    );
  }

  async deleteText(count: number): Promise<void> {
    if (count <= 0) return;
    // XCTest types U+0008 as the keyboard's delete key.
    await this.#act(
      { gesture: "deleteText", via: "focused", target: this.#focus?.identifier ?? null },
      "/wda/keys",
      { value: ["\b".repeat(count)] },
      {},
    );
  }

  /** Holds the focused field for the edit menu, then taps its "Select All". */
  async selectAll(): Promise<void> {
    const field = this.#focus;
    if (field === null) {
      throw new UnsupportedAction("selectAll needs a focused text field: tap the field first");
    }
    await this.#act(
      { gesture: "selectAll", via: "focused", target: field.identifier },
      "/wda/touchAndHold",
      { ...this.#xy(frameCenter(field.frame)), duration: EDIT_MENU_HOLD_S },
      {},
    );
    await this.#menuItem("Select All");
  }

  /** Taps the edit menu's "Copy" (the menu a selection leaves up). */
  async copySelection(): Promise<void> {
    await this.#menuItem("Copy");
  }

  selectOption(_sel: Selector, _value: string): Promise<void> {
    return Promise.reject(
      new UnsupportedAction("selectOption is for a web <select>; on iOS use setPickerValue"),
    );
  }

  /**
   * Finds the picker wheel at the resolved element's frame among WDA's picker wheels and sets
   * its value (`POST element/{id}/value`); a value the wheel does not have is ElementNotFound.
   */
  async setPickerValue(sel: Selector, value: string): Promise<void> {
    const { el } = await this.#target(sel, false);
    const record = this.#log.record({
      gesture: "setPickerValue",
      via: "handle",
      frame: [...el.frame],
      target: el.identifier,
    });
    this.#recent.changed();
    await retryOnStale(this.#clock, sel, async () => {
      const refs = readElementRefs(
        await this.#wire("POST", "/elements", {
          using: "class name",
          value: "XCUIElementTypePickerWheel",
        }, sel),
      );
      for (const ref of refs) {
        const r = await this.#wire(
          "GET",
          `/element/${encodeURIComponent(ref)}/rect`,
          undefined,
          sel,
        ) as Record<
          string,
          number
        >;
        if (!sameFrame([r.x, r.y, r.width, r.height], el.frame)) continue;
        await this.#wire("POST", `/element/${encodeURIComponent(ref)}/value`, { value }, sel);
        record.accepted = true;
        return;
      }
      throw new ElementNotFound(`no picker wheel at ${renderSelector(sel)}`, sel);
    });
    const now = resolveUnique(await this.query(), sel);
    if (now.value !== value) {
      throw new ElementNotFound(
        `no value ${JSON.stringify(value)} in the picker wheel ${renderSelector(sel)} ` +
          `(it shows ${JSON.stringify(now.value)})`,
        sel,
      );
    }
  }

  async handleSystemAlert(sel: Selector, timeoutS: number): Promise<void> {
    const labels = await awaitSystemAlert(this.#clock, sel, timeoutS, async () => {
      const up = await this.systemAlertLabels();
      return up.length > 0 ? up : null;
    });
    const el = resolveUnique(labels.map(alertButton), sel);
    await this.#act(
      { gesture: "systemAlert", via: "identity", target: el.identifier },
      "/alert/accept",
      { name: el.label },
      sel,
    );
  }

  async systemAlertLabels(): Promise<string[]> {
    try {
      const value = await this.#wire("GET", "/wda/alert/buttons", undefined, {}, { raw: true });
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    } catch (err) {
      if (isNoSuchAlert(err)) return [];
      throw this.#mapped(err, {});
    }
  }

  async waitFor(sel: Selector): Promise<boolean> {
    return findAll(await this.query(), sel).length > 0;
  }

  async screenshot(path: string): Promise<void> {
    await Deno.writeFile(path, await this.screenshotBytes());
  }

  async screenshotBytes(): Promise<Uint8Array> {
    const value = await this.#wire("GET", "/screenshot", undefined, {}, { global: true });
    return pngFromBase64(value);
  }

  async viewport(): Promise<{ width: number; height: number }> {
    const v = await this.#wire("GET", "/window/size", undefined, {}) as Record<string, number>;
    return { width: Number(v.width), height: Number(v.height) };
  }

  capabilities(): Set<Capability> {
    return new Set(IOS_CAPABILITIES);
  }

  drainActuations(): ActuationDrain {
    return this.#log.drain();
  }

  driverInterval(kind: string, path: string): Promise<DriverInterval | null> {
    return this.#options.interval?.(kind, path) ?? Promise.resolve(null);
  }

  // -------------------------------------------------------------------------------------------

  /** The tree an action resolves against: the last one while fresh, else a new read. */
  async #tree(): Promise<Element[]> {
    return this.#recent.get() ?? await this.query();
  }

  async #target(sel: Selector, reachable: boolean): Promise<{ tree: Element[]; el: Element }> {
    const tree = await this.#tree();
    const el = resolveUnique(tree, sel);
    if (reachable) assertReachable(tree, el);
    return { tree, el };
  }

  #xy([x, y]: Point): { x: number; y: number } {
    return { x, y };
  }

  #noteFocus(el: Element): void {
    this.#focus = el.traits.some((t) => TEXT_INPUT.includes(t)) ? el : null;
  }

  /** Sends one command: recorded first, accepted once the server answered. */
  async #act(input: ActuationInput, path: string, body: unknown, sel: Selector): Promise<void> {
    this.#recent.changed();
    await this.#log.act(input, () => this.#wire("POST", path, body, sel));
  }

  async #menuItem(label: string): Promise<void> {
    const el = editMenuItem(await this.query(), label);
    const gesture = label === "Copy" ? "copy" : "selectAll";
    await this.#act(
      { gesture, via: "coordinate", points: [frameCenter(el.frame)], target: null },
      "/wda/tap",
      this.#xy(frameCenter(el.frame)),
      {},
    );
  }

  /**
   * One session-scoped call (`global` for session-less routes), errors mapped; a lost session
   * is recreated once and the call sent again (the server refused it, so it never ran).
   */
  async #wire(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    sel: Selector,
    options: { global?: boolean; raw?: boolean } = {},
  ): Promise<unknown> {
    const send = () => {
      const s = this.#session;
      if (options.global) return s.client.get(path);
      return method === "GET" ? s.get(path) : s.post(path, body);
    };
    try {
      return await send();
    } catch (err) {
      const mapped = toDriverError(err, { selector: sel, phase: "run" });
      if (mapped instanceof SessionLost && !this.#reopened && this.#options.reopenSession) {
        this.#reopened = true;
        this.#session = await this.#options.reopenSession();
        try {
          return await send();
        } catch (again) {
          if (options.raw) throw again;
          throw this.#mapped(again, sel);
        }
      }
      if (options.raw) throw err;
      throw this.#mapped(err, sel);
    }
  }

  /** The mapped error, with what the environment knows about the runner on a crash. */
  #mapped(err: unknown, sel: Selector): unknown {
    const mapped = toDriverError(err, { selector: sel, phase: "run" });
    if (mapped instanceof StaleElement) return mapped;
    if (mapped instanceof BackendCrashError || mapped instanceof RunnerCrashError) {
      const note = this.#options.runnerNote?.();
      if (note) mapped.message = `${mapped.message}; ${note}`;
    }
    return mapped;
  }
}

function sameFrame(a: Frame, b: Frame): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) < 0.5);
}
