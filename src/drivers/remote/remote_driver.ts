/**
 * The driver of one remote session (docs/backends.md#driver-methods-on-a-remote-session): an
 * Appium server, a Selenium Grid 4 node or a device cloud, spoken to over W3C WebDriver through
 * the shared client. The tree is read whole and parsed by the session's platform rules
 * (`dialect.ts`); selectors resolve host-side; every gesture is W3C pointer actions at the
 * resolved centre (one `POST actions` per gesture); typing goes to the focused element.
 *
 * Wire calls per method: `query` = one source read; `tap`/`doubleTap`/`longPress` = one `POST
 * actions` (resolving on the tree just read when no command was sent since and it is younger than
 * {@link TREE_REUSE_S}, else one source read first); `swipe`/`scroll`/`pinch`/`rotate` = one
 * `POST actions`; `typeText` = `GET element/active` + `POST element/{id}/value`; `screenshot` =
 * `GET screenshot`; `back` = `POST back`; `viewport` = `GET window/rect` (none on UiAutomator2 once a
 * source read named the screen size).
 *
 * Errors: a reply is mapped by `toDriverError`; a lost session (`invalid session id`), a 5xx
 * reply and a server that stops answering are backend crashes (the pipeline reruns the scenario
 * on a new session; the session is never reopened under a running scenario, whose app state a
 * new session would not have); a command the server does not implement is UnsupportedAction.
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
  type Element,
  ElementNotFound,
  type Point,
  UnsupportedAction,
} from "../driver.ts";
import { assertReachable, findAll, frameCenter, resolveUnique } from "../../selectors/mod.ts";
import { type ActuationInput, ActuationLog } from "../actuation_log.ts";
import { atCentre, RecentRead, resolveOnRecent, tappableIn } from "../host_side.ts";
import { alertButton, awaitSystemAlert } from "../system_alert_wait.ts";
import {
  BACKSPACE_KEY,
  doubleTapActions,
  dragActions,
  executeMobile,
  isNoSuchAlert,
  keyPressActions,
  longPressActions,
  MalformedReply,
  pngFromBase64,
  readElementRef,
  retryOnStale,
  scrollActions,
  SessionLost,
  tapActions,
  toDriverError,
  WebDriverError,
  type WebDriverSession,
} from "../webdriver/mod.ts";
import { pinchOn, rotateOn } from "../webdriver/element_gestures.ts";
import { parseUiAutomatorXml } from "../android/uiautomator_xml.ts";
import { decodeSource, EXCLUDED_ATTRIBUTES } from "../ios/source_tree.ts";
import { decodeSourceXml } from "../ios/source_xml.ts";
import { EDIT_MENU_HOLD_S, editMenuItem } from "../ios/edit_menu.ts";
import { XmlTreeError } from "../xml_tree.ts";
import { parseGenericSource } from "./generic_source.ts";
import { type DialectName, unitOf } from "./dialect.ts";
import { dialectCapabilities, REMOTE_ACTUATOR } from "./capabilities.ts";

/** A tree read this recently (s) with no command since is what an action resolves on. */
export const TREE_REUSE_S = 0.5;
/** How long a literal drag (`swipe`) takes, seconds. */
export const DRAG_S = 0.3;

/** Android key codes (`mobile: pressKey`). */
const KEYCODE = { DEL: 67, A: 29, C: 31 } as const;
/** `KeyEvent.META_CTRL_ON`. */
const META_CTRL_ON = 0x1000;
/** App states (`mobile: queryAppState`) at or below which the app is not running. */
const APP_NOT_RUNNING = 1;

/** Element traits that take keyboard focus when tapped. */
const TEXT_INPUT = ["textField", "secureTextField", "searchField", "textView"];

const NO_FOCUS = "typeText: no field has focus (tap one first)";

export interface RemoteDriverOptions {
  session: WebDriverSession;
  clock: Clock;
  dialect: DialectName;
  /** The app under test (bundle id / package): crash checks on Android. */
  appId?: string | null;
  /** Called once per source read with its element count (benchmarks count reads). */
  onRead?: (elements: number) => void;
}

/** The Driver over one remote session. */
export class RemoteDriver implements Driver {
  readonly name = REMOTE_ACTUATOR;
  readonly dialect: DialectName;
  readonly #session: WebDriverSession;
  readonly #clock: Clock;
  readonly #appId: string | null;
  readonly #onRead: (elements: number) => void;
  readonly #log: ActuationLog;
  readonly #recent: RecentRead<Element[]>;
  #focus: Element | null = null;
  /** The server answered `mobile: source` is unknown: read XML from now on. */
  #xmlSource = false;
  /** The server has no `GET element/active`: find the tapped field by its identifier. */
  #noActiveElement = false;
  /** The screen size the last UiAutomator2 source read named (its root's width and height). */
  #sourceSize: [number, number] | null = null;

  constructor(options: RemoteDriverOptions) {
    this.#session = options.session;
    this.#clock = options.clock;
    this.dialect = options.dialect;
    this.#appId = options.appId ?? null;
    this.#onRead = options.onRead ?? (() => {});
    this.#log = new ActuationLog(unitOf(options.dialect));
    this.#recent = new RecentRead(options.clock, TREE_REUSE_S);
  }

  /** The session this driver speaks to. */
  get session(): WebDriverSession {
    return this.#session;
  }

  /** Forgets the last tree and the focus (the app was relaunched). */
  invalidate(): void {
    this.#recent.forget();
    this.#focus = null;
  }

  // --- reading --------------------------------------------------------------------------------

  async query(): Promise<Element[]> {
    this.#recent.forget();
    const tree = await this.#readSource();
    this.#onRead(tree.length);
    this.#recent.remember(tree);
    return tree;
  }

  recentTree(): Element[] | null {
    return this.#recent.get();
  }

  async waitFor(sel: Selector): Promise<boolean> {
    return findAll(await this.query(), sel).length > 0;
  }

  async isTappable(sel: Selector): Promise<boolean> {
    return tappableIn(await this.query(), sel);
  }

  async #readSource(): Promise<Element[]> {
    switch (this.dialect) {
      case "uiautomator2": {
        const xml = asText(await this.#wire("GET", "/source", undefined, {}));
        const parsed = await parseXml(() => parseUiAutomatorXml(xml));
        this.#sourceSize = parsed.size;
        if (this.#appId !== null && !parsed.packages.includes(this.#appId)) {
          await this.#checkAppRunning(this.#appId);
        }
        return parsed.elements;
      }
      case "xcuitest":
        if (!this.#xmlSource) {
          try {
            return decodeSource(jsonTree(
              await this.#mobile("source", {
                format: "json",
                excludedAttributes: EXCLUDED_ATTRIBUTES.join(","),
              }, {}),
            ));
          } catch (err) {
            if (!(err instanceof UnsupportedAction)) throw err;
            this.#xmlSource = true;
          }
        }
        return decodeSourceXml(asText(await this.#wire("GET", "/source", undefined, {})));
      case "generic": {
        const xml = asText(await this.#wire("GET", "/source", undefined, {}));
        return await parseXml(() => parseGenericSource(xml));
      }
    }
  }

  /** The app's package is not on screen: a crash when the server says it is not running. */
  async #checkAppRunning(appId: string): Promise<void> {
    let state: unknown;
    try {
      state = await this.#mobile("queryAppState", { appId }, {});
    } catch (err) {
      if (err instanceof UnsupportedAction) return; // the server cannot tell
      throw err;
    }
    if (typeof state === "number" && state <= APP_NOT_RUNNING) {
      throw new BackendCrashError(
        `the app under test (${appId}) is not running any more on the remote device ` +
          `(${this.#session.client.endpoint}, session ${this.#session.id}): it crashed or was stopped`,
      );
    }
  }

  /**
   * A `mobile:` command on this session (app management, deep links), errors mapped: a server
   * without it answers UnsupportedAction.
   *
   * @example
   * ```ts
   * await driver.execute("terminateApp", { appId: "com.example.shop" });
   * ```
   */
  execute(name: string, args: Record<string, unknown>): Promise<unknown> {
    this.#recent.changed();
    return this.#mobile(name, args, {});
  }

  // --- the tap family -------------------------------------------------------------------------

  async tap(sel: Selector): Promise<void> {
    const el = await this.#reachable(sel);
    await this.#act(atCentre("tap", el), "/actions", tapActions(frameCenter(el.frame)), sel);
    this.#focus = el.traits.some((t) => TEXT_INPUT.includes(t)) ? el : null;
  }

  async doubleTap(sel: Selector): Promise<void> {
    const el = await this.#reachable(sel);
    const body = doubleTapActions(frameCenter(el.frame));
    await this.#act(atCentre("doubleTap", el), "/actions", body, sel);
  }

  async longPress(sel: Selector, seconds: number): Promise<void> {
    const el = await this.#reachable(sel);
    await this.#act(
      atCentre("longPress", el, { durationS: seconds }),
      "/actions",
      longPressActions(frameCenter(el.frame), seconds),
      sel,
    );
  }

  async tapPoint(p: Point): Promise<void> {
    const input: ActuationInput = { gesture: "tap", via: "coordinate", points: [[...p]] };
    await this.#act(input, "/actions", tapActions(p), {});
    this.#focus = null;
  }

  async swipe(from: Point, to: Point): Promise<void> {
    await this.#act(
      { gesture: "swipe", via: "coordinate", points: [[...from], [...to]], durationS: DRAG_S },
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
    await this.#act({ gesture: "back", via: "key" }, "/back", {}, {});
  }

  async pinch(sel: Selector, scale: number): Promise<void> {
    const { target } = await this.#resolve(sel);
    const { record, body } = pinchOn(target, scale);
    await this.#act(record, "/actions", body, sel);
  }

  async rotate(sel: Selector, radians: number): Promise<void> {
    const { target } = await this.#resolve(sel);
    const { record, body } = rotateOn(target, radians);
    await this.#act(record, "/actions", body, sel);
  }

  // --- keys -----------------------------------------------------------------------------------

  async typeText(text: string): Promise<void> {
    const input: ActuationInput = {
      gesture: "typeText",
      via: "focused",
      target: this.#focus?.identifier ?? null,
    };
    this.#recent.changed();
    await this.#log.act(input, () => this.#sendToFocused(text));
  }

  async deleteText(count: number): Promise<void> {
    if (count <= 0) return;
    const input: ActuationInput = {
      gesture: "deleteText",
      via: this.dialect === "xcuitest" ? "focused" : "key",
      target: this.#focus?.identifier ?? null,
    };
    this.#recent.changed();
    await this.#log.act(input, async () => {
      if (this.dialect === "xcuitest") {
        // XCTest types U+0008 as the keyboard's delete key.
        return await this.#sendToFocused("\b".repeat(count));
      }
      if (this.dialect === "uiautomator2") {
        for (let i = 0; i < count; i++) {
          await this.#mobile("pressKey", { keycode: KEYCODE.DEL }, {});
        }
        return;
      }
      await this.#wire("POST", "/actions", keyPressActions(BACKSPACE_KEY, count), {});
    });
  }

  async selectAll(): Promise<void> {
    if (this.dialect === "uiautomator2") return await this.#ctrlKey("selectAll", KEYCODE.A);
    if (this.dialect !== "xcuitest") throw this.#unsupported("selectAll");
    const field = this.#focus;
    if (field === null) {
      throw new UnsupportedAction("selectAll needs a focused text field: tap the field first");
    }
    await this.#act(
      { gesture: "selectAll", via: "focused", target: field.identifier },
      "/actions",
      longPressActions(frameCenter(field.frame), EDIT_MENU_HOLD_S),
      {},
    );
    await this.#menuItem("Select All");
  }

  async copySelection(): Promise<void> {
    if (this.dialect === "uiautomator2") return await this.#ctrlKey("copy", KEYCODE.C);
    if (this.dialect !== "xcuitest") throw this.#unsupported("copySelection");
    await this.#menuItem("Copy");
  }

  async #ctrlKey(gesture: "selectAll" | "copy", keycode: number): Promise<void> {
    this.#recent.changed();
    await this.#log.act(
      { gesture, via: "key" },
      () => this.#mobile("pressKey", { keycode, metastate: META_CTRL_ON }, {}),
    );
  }

  async #menuItem(label: "Select All" | "Copy"): Promise<void> {
    const el = editMenuItem(await this.query(), label);
    await this.#act(
      { ...atCentre(label === "Copy" ? "copy" : "selectAll", el), target: null },
      "/actions",
      tapActions(frameCenter(el.frame)),
      {},
    );
  }

  /** Types into the focused field: the active element, else the field last tapped. */
  async #sendToFocused(text: string): Promise<void> {
    await retryOnStale(this.#clock, {}, async () => {
      const ref = await this.#focusedRef();
      await this.#wire("POST", `/element/${encodeURIComponent(ref)}/value`, { text }, {});
    });
  }

  async #focusedRef(): Promise<string> {
    if (!this.#noActiveElement) {
      try {
        return readElementRef(await this.#wire("GET", "/element/active", undefined, {}));
      } catch (err) {
        if (err instanceof ElementNotFound) throw new ElementNotFound(NO_FOCUS, {});
        if (!(err instanceof UnsupportedAction)) throw err;
        this.#noActiveElement = true;
      }
    }
    const id = this.#focus?.identifier;
    if (!id) throw new ElementNotFound(NO_FOCUS, {});
    const using = this.dialect === "xcuitest" ? "accessibility id" : "id";
    return readElementRef(await this.#wire("POST", "/element", { using, value: id }, { id }));
  }

  // --- not on a remote session ----------------------------------------------------------------

  selectOption(): Promise<void> {
    return Promise.reject(
      new UnsupportedAction("selectOption is for a web <select>; on a device tap the option"),
    );
  }

  setPickerValue(): Promise<void> {
    return Promise.reject(this.#unsupported("setPickerValue"));
  }

  async handleSystemAlert(sel: Selector, timeoutS: number): Promise<void> {
    if (this.dialect !== "xcuitest") {
      throw new UnsupportedAction(
        "handleSystemAlert needs an XCUITest session; on Android a permission dialog is part " +
          "of the screen: tap its button",
      );
    }
    const labels = await awaitSystemAlert(this.#clock, sel, timeoutS, async () => {
      const up = await this.systemAlertLabels();
      return up.length > 0 ? up : null;
    });
    const el = resolveUnique(labels.map(alertButton), sel);
    this.#recent.changed();
    await this.#log.act(
      { gesture: "systemAlert", via: "identity", target: el.identifier },
      () => this.#mobile("alert", { action: "accept", buttonLabel: el.label }, sel),
    );
  }

  async systemAlertLabels(): Promise<string[]> {
    if (this.dialect !== "xcuitest") return [];
    let value: unknown;
    try {
      value = await this.#mobile("alert", { action: "getButtons" }, {}, { raw: true });
    } catch (err) {
      if (isNoSuchAlert(err)) return [];
      const mapped = this.#mapped(err, {});
      if (mapped instanceof UnsupportedAction) return [];
      throw mapped;
    }
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  }

  // --- evidence -------------------------------------------------------------------------------

  async screenshot(path: string): Promise<void> {
    await Deno.writeFile(path, await this.screenshotBytes());
  }

  async screenshotBytes(): Promise<Uint8Array> {
    return pngFromBase64(await this.#wire("GET", "/screenshot", undefined, {}));
  }

  /**
   * The screen size: on UiAutomator2 the one the last source read named (it follows a rotation as
   * the reads do), else `GET window/rect`.
   */
  async viewport(): Promise<{ width: number; height: number }> {
    if (this.#sourceSize !== null) {
      return { width: this.#sourceSize[0], height: this.#sourceSize[1] };
    }
    const r = await this.#wire("GET", "/window/rect", undefined, {}) as Record<string, number>;
    return { width: Number(r.width), height: Number(r.height) };
  }

  capabilities(): Set<Capability> {
    return new Set(dialectCapabilities(this.dialect));
  }

  drainActuations(): ActuationDrain {
    return this.#log.drain();
  }

  // --- the wire -------------------------------------------------------------------------------

  async #reachable(sel: Selector): Promise<Element> {
    const { tree, target } = await this.#resolve(sel);
    assertReachable(tree, target);
    return target;
  }

  #resolve(sel: Selector): Promise<{ tree: Element[]; target: Element }> {
    return resolveOnRecent(this.#recent.get(), () => this.query(), sel);
  }

  /** Sends one command: recorded first, accepted once the server answered. */
  async #act(input: ActuationInput, path: string, body: unknown, sel: Selector): Promise<void> {
    this.#recent.changed();
    await this.#log.act(input, () => this.#wire("POST", path, body, sel));
  }

  #mobile(
    name: string,
    args: Record<string, unknown>,
    sel: Selector,
    options: { raw?: boolean } = {},
  ): Promise<unknown> {
    return this.#call(() => executeMobile(this.#session, name, args), sel, options);
  }

  #wire(method: "GET" | "POST", path: string, body: unknown, sel: Selector): Promise<unknown> {
    return this.#call(
      () => method === "GET" ? this.#session.get(path) : this.#session.post(path, body),
      sel,
      {},
    );
  }

  async #call(send: () => Promise<unknown>, sel: Selector, options: { raw?: boolean }) {
    try {
      return await send();
    } catch (err) {
      if (options.raw) throw err;
      throw this.#mapped(err, sel);
    }
  }

  /** The taxonomy's error; a 5xx reply mid-run means the remote session is gone. */
  #mapped(err: unknown, sel: Selector): unknown {
    const mapped = toDriverError(err, { selector: sel, phase: "run" });
    if (mapped instanceof WebDriverError && mapped.httpStatus >= 500) {
      return new SessionLost(`remote session lost: ${mapped.message}`, mapped);
    }
    return mapped;
  }

  #unsupported(action: string): UnsupportedAction {
    return new UnsupportedAction(
      `${action} is not available on a ${this.dialect} session of a remote endpoint`,
    );
  }
}

/** A source value that must be text (XML). */
function asText(value: unknown): string {
  if (typeof value !== "string") {
    throw new MalformedReply(`remote endpoint: GET source did not answer text (${typeof value})`);
  }
  return value;
}

/** `mobile: source {format: json}` answers the tree, or the tree as JSON text. */
function jsonTree(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new MalformedReply("remote endpoint: mobile: source answered text that is not JSON");
  }
}

/** A parse whose XML errors are a broken channel (never a step failure). */
async function parseXml<T>(parse: () => T | Promise<T>): Promise<T> {
  try {
    return await parse();
  } catch (err) {
    if (err instanceof XmlTreeError) {
      throw new MalformedReply(`remote endpoint: page source: ${err.message}`, { cause: err });
    }
    throw err;
  }
}
