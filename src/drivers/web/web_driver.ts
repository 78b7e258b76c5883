/**
 * `WebDriver`: the Driver seam over one Playwright page (docs/architecture.md#the-driver-interface,
 * docs/backends.md#web). Selectors resolve host-side over a fresh in-page scan, with our own
 * selector code; gestures are raw mouse, keyboard or (Chromium) CDP touch input at the resolved
 * element's centre (or the tap's offset), after a hit test proves the browser would deliver them
 * to that element. Nothing passes having done nothing: an off-screen or covered target is not
 * tappable, a disabled one fails, and keys typed with nothing editable focused fail.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import type { CDPSession, Frame, Page } from "playwright-core";
import type { PageFunction } from "playwright-core/types/structs";
import {
  type ActuationDrain,
  BackendCrashError,
  type Capability,
  type DialogPolicy,
  type DialogRecord,
  type Driver,
  type DriverInterval,
  type DriverSettle,
  type Element,
  ElementDisabled,
  ElementNotFound,
  ElementNotTappable,
  type Exchange,
  NothingFocused,
  type Point,
  type TapOptions,
  UnsupportedAction,
} from "../driver.ts";
import type { KeyChord } from "../../model/key_chord.ts";
import { DeviceTimeout } from "../driver.ts";
import type { Selector } from "../../scenario/types.ts";
import {
  frameCenter,
  gestureAnchor,
  indexedPresent,
  renderCandidate,
  renderSelector,
  resolveUnique,
  toCandidate,
} from "../../selectors/mod.ts";
import { type Clock, realClock } from "../../time/clock.ts";
import { type ActuationInput, ActuationLog } from "../actuation_log.ts";
import { WEB_BACKEND } from "./backend.ts";
import { WEB_CAPABILITIES } from "./capabilities.ts";
import type { Engine } from "../../model/engines.ts";
import { DeviceLog, dialogLine } from "./device_log.ts";
import {
  type DecodedScan,
  decodeScanReply,
  DEFAULT_TEST_ID_ATTRIBUTE,
  MAX_LABEL,
  pageScan,
  rowToElement,
  type ScanRow,
} from "./dom_scan.ts";
import {
  descendantFrames,
  type FramedTree,
  type FramePlace,
  FrameReader,
  framesAt,
  type FrameScans,
  hitLevels,
  mergeFrames,
  type MovedRows,
  type RowOrigin,
} from "./frame_tree.ts";
import { asDriverError, BrowserGone, messageOf } from "./errors.ts";
import {
  coverCandidate,
  type HitResult,
  hitTestArgs,
  pageHitTest,
  type PageTarget,
} from "./hit_probe.ts";
import { pageCaretToEnd, pageFocusState } from "./focus.ts";
import { playwrightKey } from "./key_names.ts";
import type { NetworkCollector } from "./network.ts";
import {
  MAX_FRAMES,
  pageScrollSettle,
  SCROLL_SETTLE_FALLBACK_S,
  type ScrollSettleEnd,
  scrollSettleRecord,
  STABLE_FRAMES,
} from "./scroll_settle.ts";
import { cdpPageCall, PageCallees } from "./page_call.ts";
import { pageSelectOption } from "./select_option.ts";
import { FrameWatch } from "./frame_watch.ts";
import { pageScreenEpoch } from "./screen_epoch.ts";
import {
  interpolate,
  pinchPoints,
  rotatePoints,
  touchDrag,
  touchScroll,
  twoFingers,
} from "./touch.ts";
import { dragMoves, FRAME_FALLBACK_MS, pageNextFrames } from "./drag_pace.ts";

/** Default bound on one page operation before the browser counts as wedged. */
export const DEFAULT_OP_TIMEOUT_S = 30;

/** The browser's words for "the document went away mid-call" (a navigation, not a failure). */
const NAVIGATED =
  /Execution context was destroyed|Cannot find context with specified id|Cannot find default execution context|Inspected target navigated or closed/;
/** Reads retried after a navigation before giving up. */
const NAVIGATION_RETRIES = 5;

/** The PNG signature: a screenshot that does not start with it is junk. */
const PNG_MAGIC: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface WebDriverOptions {
  page: Page;
  engine: Engine;
  /** The context emulates a touch device: drags and scrolls use touch (Chromium). */
  touch?: boolean;
  clock?: Clock;
  network?: NetworkCollector;
  /** Bound on one page operation (seconds); past it the driver raises `DeviceTimeout`. */
  opTimeoutS?: number;
  /** Driver notes (dismissed dialogs), for the run log. */
  log?: (line: string) => void;
  /** The browser is a remote server (`wsEndpoint`): its loss is a closed connection. */
  remote?: boolean;
  /** The identifier attribute (target `testIdAttribute`); default `data-testid`. */
  testIdAttribute?: string;
  /**
   * Answer a screenshot of a provably unchanged screen with the previous one (Chromium; default
   * true). Off where another screencast runs on the page (a video recording).
   */
  reuseUnchangedShots?: boolean;
  /**
   * Told of every bounded page operation once it ends (benchmarks and the call-budget test count
   * and time them: docs/backends.md#page-calls-per-step).
   */
  onPageCall?: (call: PageCall) => void;
}

/** One bounded page operation: what it was (`query`, `hit test`, `tap`, …) and how long it took. */
export interface PageCall {
  what: string;
  ms: number;
}

/** The last capture, and what must still hold for it to show the screen now. */
interface LastShot {
  bytes: Uint8Array;
  /** The page's screen epoch read just before the capture. */
  epoch: string;
  /** Inputs sent before the capture. */
  inputs: number;
  /**
   * Frames drawn before the capture, its own echo making one more: at first the count when the
   * capture was requested, then the count at the first read after it that found the same epoch
   * (frames of an action drawn before the capture arrive late; see docs/backends.md).
   */
  framesBefore: number;
  /** The first read after the capture has re-based `framesBefore`. */
  rebased: boolean;
}

/** Screenshots taken and screenshots answered with the previous one. */
export interface ShotStats {
  captured: number;
  reused: number;
}

/** A resolved element and where the page finds it (its frame, and its row in that frame's scan). */
interface Located {
  target: Element;
  origin: RowOrigin;
}

/** A fresh read: the tree, the main document's scan, and the frames below it (null: none). */
interface Read {
  tree: Element[];
  scan: DecodedScan;
  framed: FramedTree | null;
}

/** A hit test in a child frame that could not be done: the frame navigated or went away. */
const FRAME_GONE = "frame-gone";

/** The point at fractions `at` of `frame` (`[0.5, 0.5]` is the centre). */
export function pointIn(frame: readonly number[], at: Point): Point {
  const [x, y, w, h] = frame;
  return [x + at[0] * w, y + at[1] * h];
}

/** The settles of the frames under a scroll's start point as one: held still when all did. */
function settledTogether(ends: (ScrollSettleEnd | null)[]): ScrollSettleEnd {
  let frames = 0;
  let stable = true;
  for (const end of ends) {
    if (end === null) continue;
    frames = Math.max(frames, end.frames);
    stable &&= end.stable;
  }
  return { frames, stable };
}

/** Whether bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_MAGIC.length && PNG_MAGIC.every((b, i) => bytes[i] === b);
}

/** The Driver over one Playwright page. */
export class WebDriver implements Driver {
  readonly name = WEB_BACKEND.actuator;
  readonly page: Page;
  readonly engine: Engine;
  #touch: boolean;
  #clock: Clock;
  #network: NetworkCollector | null;
  #deviceLog: DeviceLog;
  #actuations = new ActuationLog("cssPixel");
  #timeoutMs: number;
  #cdp: Promise<CDPSession> | null = null;
  #crashed = false;
  /** Rejects when the page crashes: a call the dead renderer will never answer ends at once. */
  #crash: Promise<never>;
  #remote: boolean;
  #browserGone = false;
  /**
   * Rejects when the browser disconnects. A CDP session call in flight is never answered then,
   * so without this it would wait for the operation timeout.
   */
  #gone: Promise<never>;
  /**
   * This driver's token for the scan's incremental transport (unique, so two drivers on one page
   * never decode each other's deltas), and the last scan decoded.
   */
  #scanSession: string = crypto.randomUUID();
  #scan: DecodedScan = { gen: 0, rows: [] };
  /**
   * The element of each row decoded so far: a row the page reports unchanged is the same row
   * object (the delta transport copies it), so it maps to the same, frozen, element.
   */
  #elements = new WeakMap<DecodedScan["rows"][number], Element>();
  /** Callee texts of the page functions this driver calls over CDP. */
  #callees = new PageCallees();
  /** Reads the child frames (docs/backends.md#frames). */
  #frames: FrameReader;
  /** Each frame row moved into page coordinates, kept while its frame's offset holds. */
  #moved: MovedRows = new WeakMap();
  /** The frames the latest read found (the main frame first), for a scroll's settle. */
  #places: readonly FramePlace[] = [];
  #testId: string;
  #dialogPolicy: DialogPolicy = { default: "dismiss", byKind: {} };
  #dialogs: DialogRecord[] = [];
  #settles: DriverSettle[] = [];
  #reuseShots: boolean;
  #frameWatch = new FrameWatch();
  #lastShot: LastShot | null = null;
  /** Inputs sent to the page (any of them may change the screen). */
  #inputs = 0;
  #shotStats: ShotStats = { captured: 0, reused: 0 };
  /** The screen epoch the latest read found, with the capture and inputs it followed. */
  #readEpoch: { epoch: string | null; inputs: number; shot: LastShot } | null = null;
  #onPageCall: ((call: PageCall) => void) | null;

  constructor(opts: WebDriverOptions) {
    this.page = opts.page;
    this.engine = opts.engine;
    this.#touch = opts.touch ?? false;
    this.#clock = opts.clock ?? realClock;
    this.#network = opts.network ?? null;
    this.#timeoutMs = (opts.opTimeoutS ?? DEFAULT_OP_TIMEOUT_S) * 1000;
    this.#testId = opts.testIdAttribute ?? DEFAULT_TEST_ID_ATTRIBUTE;
    this.#reuseShots = (opts.reuseUnchangedShots ?? true) && this.engine === "chromium";
    this.#onPageCall = opts.onPageCall ?? null;
    this.#frames = new FrameReader(() => ({
      testId: this.#testId,
      maxLabel: MAX_LABEL,
      session: this.#scanSession,
    }));
    this.page.on("framedetached", (frame) => this.#frames.forget(frame));
    this.#deviceLog = new DeviceLog(() => this.page.evaluate(() => undefined));
    this.#deviceLog.attach(this.page);
    const log = opts.log ?? (() => {});
    let crashed: (err: Error) => void = () => {};
    this.#crash = new Promise<never>((_, reject) => crashed = reject);
    this.#crash.catch(() => {});
    this.page.on("crash", () => {
      this.#crashed = true;
      crashed(new Error("the page crashed"));
    });
    this.#remote = opts.remote ?? false;
    let gone: (err: Error) => void = () => {};
    this.#gone = new Promise<never>((_, reject) => gone = reject);
    this.#gone.catch(() => {});
    const markGone = () => {
      this.#browserGone = true;
      gone(new Error("the browser disconnected"));
    };
    const browser = this.page.context().browser();
    browser?.on("disconnected", markGone);
    if (browser && !browser.isConnected()) markGone();
    // A JS dialog blocks the page until answered: answer it at once as the policy says, and
    // record it for the step it appeared in.
    this.page.on("dialog", (dialog) => {
      const kind = dialog.type();
      const text = dialog.message();
      const byKind: string | undefined = this.#dialogPolicy.byKind[kind];
      const rule = byKind ?? this.#dialogPolicy.default;
      const accept = rule === "accept";
      const record: DialogRecord = { kind, text, answer: accept ? "accepted" : "dismissed" };
      if (rule === "fail") record.unexpected = true;
      this.#dialogs.push(record);
      const line = dialogLine(kind, text);
      this.#deviceLog.push(line);
      log(`web: ${record.answer} ${line}`);
      (accept ? dialog.accept() : dialog.dismiss()).catch(() => {});
    });
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  async query(): Promise<Element[]> {
    return (await this.#read()).tree;
  }

  /** A fresh scan, decoded. */
  async #read(): Promise<Read> {
    // The reply is decoded against the scan its `base` names, even if another read overtook it.
    const base = this.#scan;
    const inputs = this.#inputs;
    // Playwright tracks the frame tree itself: a page without child frames pays no call here.
    // Child frames are scanned alongside the main document.
    const mainFrame = this.page.mainFrame();
    const frameScans = mainFrame.childFrames().length === 0
      ? null
      : this.#frames.scanAll(mainFrame);
    const json = await this.#op("query", () =>
      this.#evaluate(pageScan, {
        testId: this.#testId,
        maxLabel: MAX_LABEL,
        session: this.#scanSession,
        base: base.gen,
      }));
    let scan: DecodedScan;
    try {
      scan = decodeScanReply(json, base.rows);
    } catch (err) {
      // Host and page disagree about the previous scan: start over with a full read next time.
      this.#scan = { gen: 0, rows: [] };
      throw asDriverError("query", err);
    }
    if (scan.gen > this.#scan.gen) this.#scan = scan;
    if (scan.epoch !== undefined) this.#epochRead(scan.epoch, inputs);
    const framed = frameScans === null ? null : await this.#readFrames(scan, frameScans);
    this.#places = framed === null ? [] : framed.places;
    // Bodies of requests that finished before this read are part of what it saw.
    if (this.#network) await this.#op("network settle", () => this.#network!.settle());
    const rows = framed === null ? scan.rows : framed.rows;
    return { tree: rows.map((row) => this.#elementOf(row)), scan, framed };
  }

  /** The main document's place: the page's origin, its scan. */
  #mainPlace(scan: DecodedScan): FramePlace {
    const root = scan.rows[0];
    return {
      frame: this.page.mainFrame(),
      dx: 0,
      dy: 0,
      width: root ? root[7] : 0,
      height: root ? root[8] : 0,
      parent: null,
      holderIndex: -1,
      gen: scan.gen,
      rows: scan.rows,
      children: [],
    };
  }

  /** The child frames' rows merged into the main scan's (null when none could be read). */
  async #readFrames(scan: DecodedScan, scans: FrameScans): Promise<FramedTree | null> {
    const main = this.#mainPlace(scan);
    const read = await this.#op("query frames", () => this.#frames.read(main, scans));
    return read === null ? null : mergeFrames(read, this.#moved);
  }

  /** The element of `row`, made (and frozen: it is shared by every read that saw it) once. */
  #elementOf(row: ScanRow): Element {
    let el = this.#elements.get(row);
    if (el === undefined) {
      el = rowToElement(row);
      Object.freeze(el.frame);
      Object.freeze(el.traits);
      Object.freeze(el);
      this.#elements.set(row, el);
    }
    return el;
  }

  async waitFor(sel: Selector): Promise<boolean> {
    return indexedPresent(await this.query(), sel);
  }

  async isTappable(sel: Selector): Promise<boolean> {
    let located: Located;
    try {
      located = this.#locate(await this.#read(), sel);
    } catch (err) {
      if (err instanceof ElementNotFound) return false;
      throw err;
    }
    if (this.#pointerUndeliverable(located) !== null) return false;
    return (await this.#obstruction(located, frameCenter(located.target.frame))) === null;
  }

  answerDialogs(policy: DialogPolicy): void {
    this.#dialogPolicy = { default: policy.default, byKind: { ...policy.byKind } };
  }

  drainSettles(): DriverSettle[] {
    const out = this.#settles;
    this.#settles = [];
    return out;
  }

  drainDialogs(): DialogRecord[] {
    const out = this.#dialogs;
    this.#dialogs = [];
    return out;
  }

  async viewport(): Promise<{ width: number; height: number }> {
    const size = this.page.viewportSize();
    if (size) return size;
    return await this.#op(
      "viewport",
      () => this.#evaluate(() => ({ width: innerWidth, height: innerHeight }), undefined),
    );
  }

  capabilities(): Set<Capability> {
    const caps = new Set(WEB_CAPABILITIES);
    if (this.engine !== "chromium") caps.delete("multiTouch");
    return caps;
  }

  exchanges(): Exchange[] {
    return this.#network?.exchanges() ?? [];
  }

  drainActuations(): ActuationDrain {
    return this.#actuations.drain();
  }

  // -------------------------------------------------------------------------------------------
  // Tap family

  async tap(sel: Selector, opts: TapOptions = {}): Promise<void> {
    const at = opts.at;
    const target = await this.#reachable(sel, { at });
    const [x, y] = at ? pointIn(target.frame, at) : frameCenter(target.frame);
    const secondary = opts.button === "secondary";
    await this.#act(
      {
        gesture: secondary ? "secondaryTap" : "tap",
        via: "coordinate",
        points: [[x, y]],
        ...this.#about(target),
      },
      () => this.page.mouse.click(x, y, secondary ? { button: "right" } : undefined),
    );
  }

  async hover(sel: Selector): Promise<void> {
    // A disabled control still shows its tooltip: hovering it is legitimate.
    const target = await this.#reachable(sel, { disabledOk: true });
    const [x, y] = frameCenter(target.frame);
    await this.#act(
      { gesture: "hover", via: "coordinate", points: [[x, y]], ...this.#about(target) },
      () => this.page.mouse.move(x, y),
    );
  }

  async doubleTap(sel: Selector): Promise<void> {
    const target = await this.#reachable(sel);
    const [x, y] = frameCenter(target.frame);
    await this.#act(
      { gesture: "doubleTap", via: "coordinate", points: [[x, y]], ...this.#about(target) },
      () => this.page.mouse.dblclick(x, y),
    );
  }

  async longPress(sel: Selector, seconds: number): Promise<void> {
    const target = await this.#reachable(sel);
    const [x, y] = frameCenter(target.frame);
    const mouse = this.page.mouse;
    await this.#act(
      {
        gesture: "longPress",
        via: "coordinate",
        points: [[x, y]],
        durationS: seconds,
        ...this.#about(target),
      },
      async () => {
        await mouse.move(x, y);
        await mouse.down();
        try {
          await this.#clock.sleep(seconds);
        } finally {
          await mouse.up();
        }
      },
      seconds,
    );
  }

  async tapPoint(p: Point): Promise<void> {
    await this.#act(
      { gesture: "tap", via: "coordinate", points: [p] },
      () => this.page.mouse.click(p[0], p[1]),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Drags and scrolls

  async swipe(from: Point, to: Point): Promise<void> {
    await this.#act({ gesture: "swipe", via: "coordinate", points: [from, to] }, async () => {
      const rendered = () => this.#evaluate(pageNextFrames, { fallbackMs: FRAME_FALLBACK_MS });
      if (this.#touchInput()) {
        await touchDrag(await this.#session(), from, to, rendered);
        return;
      }
      const mouse = this.page.mouse;
      await mouse.move(from[0], from[1]);
      await mouse.down();
      for (const p of interpolate(from, to, dragMoves(from, to))) {
        await mouse.move(p[0], p[1]);
        await rendered();
      }
      await mouse.up();
    });
  }

  async scroll(from: Point, to: Point): Promise<void> {
    const touch = this.#touchInput();
    // The finger moves from → to, so the content moves the other way: wheel by from − to.
    // Wheel deltas are whole CSS pixels: WebDriver BiDi (Firefox) refuses a fractional one.
    const dx = Math.round(from[0] - to[0]);
    const dy = Math.round(from[1] - to[1]);
    const sent: Point = touch ? to : [from[0] - dx, from[1] - dy];
    await this.#act({ gesture: "scroll", via: "coordinate", points: [from, sent] }, async () => {
      if (touch) {
        await touchScroll(await this.#session(), from, to, (s) => this.#clock.sleep(s));
      } else {
        await this.page.mouse.move(from[0], from[1]);
        await this.page.mouse.wheel(dx, dy);
      }
      const started = this.#clock.now();
      const settle = { stableFrames: STABLE_FRAMES, maxFrames: MAX_FRAMES };
      const fallbackMs = SCROLL_SETTLE_FALLBACK_S * 1000;
      // A start point inside a child frame scrolls that frame's content (or chains out to its
      // parents): every frame under the point is watched too, at its own coordinates.
      const inner = framesAt(this.#places, from[0], from[1]).map((place) =>
        place.frame.evaluate(pageScrollSettle, {
          ...settle,
          fallbackMs,
          x: from[0] - place.dx,
          y: from[1] - place.dy,
        }).catch(() => null)
      );
      const ends = await Promise.all([
        this.#evaluate(pageScrollSettle, { ...settle, fallbackMs, x: from[0], y: from[1] }),
        ...inner,
      ]);
      this.#settles.push(scrollSettleRecord(settledTogether(ends), this.#clock.now() - started));
    });
  }

  async back(): Promise<void> {
    await this.#act({ gesture: "back", via: "history" }, async () => {
      await this.page.goBack();
    });
  }

  // -------------------------------------------------------------------------------------------
  // Two fingers (Chromium CDP touch)

  async pinch(sel: Selector, scale: number): Promise<void> {
    this.#requireMultiTouch("pinch");
    const target = await this.#reachable(sel);
    const { start, end } = pinchPoints(gestureAnchor(target.frame), scale);
    await this.#act(
      {
        gesture: "pinch",
        via: "coordinate",
        points: [...start, ...end],
        scale,
        ...this.#about(target),
      },
      async () => twoFingers(await this.#session(), start, end),
    );
  }

  async rotate(sel: Selector, radians: number): Promise<void> {
    this.#requireMultiTouch("rotate");
    const target = await this.#reachable(sel);
    const { start, end } = rotatePoints(gestureAnchor(target.frame), radians);
    await this.#act(
      {
        gesture: "rotate",
        via: "coordinate",
        points: [...start, ...end],
        radians,
        ...this.#about(target),
      },
      async () => twoFingers(await this.#session(), start, end),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Keys

  async typeText(text: string): Promise<void> {
    const submit = text.endsWith("\n");
    const body = submit ? text.slice(0, -1) : text;
    await this.#requireFocus("type");
    await this.#act({ gesture: "typeText", via: "focused" }, async () => {
      if (body) await this.page.keyboard.type(body);
      if (submit) await this.page.keyboard.press("Enter");
    });
  }

  /** Deletes `count` characters from the end of the focused field (the caret goes there first). */
  async deleteText(count: number): Promise<void> {
    const focused = await this.#requireFocus("delete");
    await this.#act({ gesture: "deleteText", via: "key" }, async () => {
      if (focused === null) await this.#evaluate(pageCaretToEnd, undefined);
      else await focused.evaluate(pageCaretToEnd, undefined);
      for (let i = 0; i < count; i++) await this.page.keyboard.press("Backspace");
    });
  }

  async press(chord: KeyChord): Promise<void> {
    await this.#act(
      { gesture: "press", via: "key" },
      () => this.page.keyboard.press(playwrightKey(chord)),
    );
  }

  async selectAll(): Promise<void> {
    await this.#act(
      { gesture: "selectAll", via: "key" },
      () => this.page.keyboard.press("ControlOrMeta+a"),
    );
  }

  async copySelection(): Promise<void> {
    await this.#act(
      { gesture: "copy", via: "key" },
      () => this.page.keyboard.press("ControlOrMeta+c"),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Controls

  async selectOption(sel: Selector, value: string): Promise<void> {
    const located = await this.#reachableAt(sel, {});
    const target = located.target;
    const [x, y] = frameCenter(target.frame);
    let status = "";
    await this.#act(
      { gesture: "selectOption", via: "handle", points: [[x, y]], ...this.#about(target) },
      async () => {
        status = await this.#inFrame(located.origin.place, pageSelectOption, {
          ...this.#pageTarget(located.origin),
          value,
        }).catch((err) => {
          // The frame holding the select navigated or went away: the select left the page.
          if (located.origin.place.parent === null) throw err;
          return "missing-element";
        });
      },
    );
    const where = renderSelector(sel);
    switch (status) {
      case "ok":
        return;
      case "missing-option":
        throw new ElementNotFound(`no option with value ${JSON.stringify(value)} in ${where}`, sel);
      case "not-select":
        throw new UnsupportedAction(`selectOption needs a <select>: ${where} is not one`);
      default:
        throw new ElementNotFound(`no match: ${where} (it left the page before selecting)`, sel);
    }
  }

  setPickerValue(_sel: Selector, _value: string): Promise<void> {
    return Promise.reject(
      new UnsupportedAction("setPickerValue is iOS-only; use selectOption on a web <select>"),
    );
  }

  handleSystemAlert(_sel: Selector, _timeoutS: number): Promise<void> {
    return Promise.reject(
      new UnsupportedAction(
        "handleSystemAlert: a web page has no system alerts (JS dialogs are auto-dismissed)",
      ),
    );
  }

  systemAlertLabels(): Promise<string[]> {
    return Promise.resolve([]);
  }

  // -------------------------------------------------------------------------------------------
  // Evidence

  async screenshot(path: string): Promise<void> {
    const bytes = await this.screenshotBytes();
    await Deno.writeFile(path, bytes);
  }

  /**
   * The viewport as PNG. On Chromium a CDP capture tuned for speed (no full-page, no caret
   * hiding, no font wait); elsewhere `page.screenshot` (bench/web.ts has the figures). On
   * Chromium, when the screen provably has not changed since the previous capture, that capture
   * is the answer (docs/backends.md#screenshots-of-an-unchanged-screen).
   */
  async screenshotBytes(): Promise<Uint8Array> {
    if (!this.#reuseShots) return await this.#capture();
    // Bounded like every page call: a CDP session asked for while the browser dies may never
    // answer, and a step's evidence must not wait on it. Started once; later shots pay nothing.
    const watching = this.#frameWatch.started ?? await this.#op(
      "screenshot",
      async () => await this.#frameWatch.start(await this.#session()),
    );
    const last = this.#lastShot;
    const read = this.#readEpoch;
    // One shot per read: a later shot reads the epoch again.
    this.#readEpoch = null;
    const framesBefore = this.#frameWatch.frames;
    const inputs = this.#inputs;
    // The step's own read (sent alongside the scan) saves a round trip when nothing was sent since.
    const known = read !== null && read.shot === last && read.inputs === inputs ? read.epoch : null;
    const reusable = watching && last !== null && last.inputs === inputs;
    if (reusable || known !== null || !watching) {
      const epoch = !watching
        ? null
        : known ?? await this.#op("screen epoch", () => this.#evaluate(pageScreenEpoch, undefined));
      if (
        reusable && epoch !== null && last.epoch === epoch &&
        this.#frameWatch.frames === last.framesBefore + 1
      ) {
        this.#shotStats.reused++;
        return last.bytes;
      }
      const bytes = await this.#capture();
      this.#lastShot = epoch === null
        ? null
        : { bytes, epoch, inputs, framesBefore, rebased: false };
      return bytes;
    }
    // An input was sent since the last capture, so it cannot be reused: the epoch the next shot
    // compares with is asked for alongside the capture instead of before it. It is sent first on
    // the same session, so the page answers it before it draws the frame the capture takes.
    const epochRead = this.#op("screen epoch", () => this.#evaluate(pageScreenEpoch, undefined));
    const [epochOut, shotOut] = await Promise.allSettled([epochRead, this.#capture()]);
    if (shotOut.status === "rejected") throw shotOut.reason;
    if (epochOut.status === "rejected") throw epochOut.reason;
    const bytes = shotOut.value;
    const epoch = epochOut.value;
    this.#lastShot = epoch === null ? null : { bytes, epoch, inputs, framesBefore, rebased: false };
    return bytes;
  }

  /**
   * The screen epoch a read reported (the scan carries it once the document has a watcher), kept
   * for the next screenshot. On the first read after a capture, when the epoch is still the
   * capture's and no input was sent, the frames drawn so far are the action's late frames and the
   * capture's echo, and only frames after this point count as a change. A read sent while a
   * capture was in flight (the run loop's post-step read) counts for that capture once it is done.
   */
  #epochRead(epoch: string | null, inputs: number): void {
    const shot = this.#lastShot;
    if (shot === null) return;
    this.#readEpoch = { epoch, inputs, shot };
    if (shot.rebased) return;
    shot.rebased = true;
    if (epoch === shot.epoch && shot.inputs === inputs) {
      shot.framesBefore = Math.max(shot.framesBefore, this.#frameWatch.frames - 1);
    }
  }

  /** Screenshots captured and answered with the previous capture, so far. */
  shotStats(): ShotStats {
    return { ...this.#shotStats };
  }

  /** Frames the compositor has delivered to the frame watch so far (for tests and benchmarks). */
  framesDrawn(): number {
    return this.#frameWatch.frames;
  }

  /** A new capture of the viewport. */
  async #capture(): Promise<Uint8Array> {
    this.#shotStats.captured++;
    const bytes = await this.#op("screenshot", async () => {
      if (this.engine === "chromium") {
        const shot = await (await this.#session()).send("Page.captureScreenshot", {
          format: "png",
          optimizeForSpeed: true,
          captureBeyondViewport: false,
        });
        return new Uint8Array(Buffer.from(shot.data, "base64"));
      }
      return new Uint8Array(await this.page.screenshot({ type: "png" }));
    });
    if (!isPng(bytes)) {
      throw asDriverError("screenshot", new Error("the browser returned bytes that are not a PNG"));
    }
    return bytes;
  }

  driverInterval(kind: string, path: string): Promise<DriverInterval | null> {
    // Video is recorded per context (scenario-wide), by the environment: not per step.
    if (kind !== "deviceLog") return Promise.resolve(null);
    return Promise.resolve(this.#deviceLog.start(path));
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Loads `url` and waits for its `load` event. */
  async navigate(url: string): Promise<void> {
    this.#inputs++;
    await this.#op(`navigate to ${url}`, async () => {
      await this.page.goto(url, { waitUntil: "load", timeout: this.#timeoutMs });
    });
  }

  /** Closes the page's browser context (idempotent). */
  async close(): Promise<void> {
    await this.page.context().close().catch(() => {});
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  /** resolveUnique on a read, with where the page finds the element. */
  #locate(read: Read, sel: Selector): Located {
    const target = resolveUnique(read.tree, sel);
    const index = read.tree.indexOf(target);
    const origin = read.framed === null
      ? { place: this.#mainPlace(read.scan), index }
      : read.framed.origins[index];
    return { target, origin };
  }

  /** The page-side description of a row in its own frame (its frame in that frame's viewport). */
  #pageTarget(origin: RowOrigin): PageTarget {
    const row = origin.place.rows[origin.index];
    return {
      gen: origin.place.gen,
      index: origin.index,
      id: row[0],
      frame: [row[5], row[6], row[7], row[8]],
      testId: this.#testId,
    };
  }

  /** Runs a page function in `place`'s document: the main one on the fast path. */
  #inFrame<R, A>(place: FramePlace, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    if (place.parent === null) return this.#evaluate(fn, arg);
    return place.frame.evaluate(fn as PageFunction<A, R>, arg);
  }

  /** resolveUnique on a fresh read, the enabled check, then the hit test at the tap's point. */
  async #reachable(
    sel: Selector,
    opts: { at?: Point; disabledOk?: boolean } = {},
  ): Promise<Element> {
    const located = await this.#reachableAt(sel, opts);
    const undeliverable = this.#pointerUndeliverable(located);
    if (undeliverable !== null) throw new UnsupportedAction(undeliverable);
    return located.target;
  }

  /**
   * Why pointer input cannot reach the element, or null. Firefox over WebDriver BiDi does not
   * deliver mouse input into a frame of another site (an out-of-process frame): the tap would
   * pass having done nothing (docs/backends.md#frames). A different host stands for another site;
   * a subdomain of the same site is refused too, which errs on the side of not passing.
   */
  #pointerUndeliverable(located: Located): string | null {
    if (this.engine !== "firefox" || located.origin.place.parent === null) return null;
    const hostname = (url: string) => URL.parse(url)?.hostname ?? url;
    const top = hostname(this.page.url());
    for (let p: FramePlace | null = located.origin.place; p?.parent; p = p.parent) {
      const inner = hostname(p.frame.url());
      if (inner !== top) {
        return `${renderCandidate(toCandidate(located.target))} is in a frame of another site ` +
          `(${inner} inside ${top}): Firefox does not deliver pointer input there`;
      }
    }
    return null;
  }

  async #reachableAt(
    sel: Selector,
    opts: { at?: Point; disabledOk?: boolean },
  ): Promise<Located> {
    const located = this.#locate(await this.#read(), sel);
    const { target } = located;
    if (!opts.disabledOk && target.traits.includes("notEnabled")) {
      // A pointer event on a disabled control does nothing: passing here would be a false pass.
      throw new ElementDisabled(
        `not enabled: ${renderCandidate(toCandidate(target))} is disabled (notEnabled)`,
      );
    }
    const point = opts.at ? pointIn(target.frame, opts.at) : frameCenter(target.frame);
    const obstruction = await this.#obstruction(located, point);
    if (obstruction !== null) throw obstruction;
    return located;
  }

  /**
   * Why a pointer event at `point` would not reach the element, or null when it would. Inside a
   * child frame the test runs at every level (docs/backends.md#frames): in each frame from the
   * main one down, the point (in that frame's coordinates) must reach the iframe holding the
   * next frame, then the element itself.
   */
  async #obstruction(located: Located, point: Point): Promise<ElementNotTappable | null> {
    const levels = hitLevels(located.origin);
    const hits = await this.#op("hit test", () =>
      Promise.all(levels.map((level) => {
        const { place } = level;
        const args = hitTestArgs(this.#pageTarget(level), [
          point[0] - place.dx,
          point[1] - place.dy,
        ]);
        if (place.parent === null) return this.#evaluate(pageHitTest, args);
        return place.frame.evaluate(pageHitTest, args).catch(() => FRAME_GONE);
      })));
    if (hits.includes(FRAME_GONE)) {
      return new ElementNotTappable(
        `not tappable: the frame of ${renderCandidate(toCandidate(located.target))} ` +
          `navigated or went away`,
      );
    }
    const hit = hits.find((h) => h === "offscreen") ??
      hits.find((h) => h !== null) as HitResult | undefined ?? null;
    if (hit === "offscreen") {
      const { width, height } = await this.viewport();
      return new ElementNotTappable(
        `not tappable: off-screen ${renderCandidate(toCandidate(located.target))} ` +
          `(viewport ${width}×${height})`,
      );
    }
    const coverLevel = levels[hits.indexOf(hit)].place;
    const cover = coverCandidate(hit, coverLevel.rows);
    if (cover === null) return null;
    // A cover inside a frame is named where the tree shows it: in page coordinates.
    const [cx, cy, cw, ch] = cover.frame;
    cover.frame = [cx + coverLevel.dx, cy + coverLevel.dy, cw, ch];
    return new ElementNotTappable(`not tappable: covered by ${renderCandidate(cover)}`, cover);
  }

  /**
   * Fails `<action>: nothing is focused` unless an editable element has focus; answers the child
   * frame holding it (null: the main document). A focus inside an iframe is looked for frame by
   * frame through the frame API, which reaches cross-origin frames too.
   */
  async #requireFocus(action: string): Promise<Frame | null> {
    const state = await this.#op(
      "focus check",
      () => this.#evaluate(pageFocusState, { inFrame: false }),
    );
    if (state === "editable") return null;
    if (state === "frame") {
      const frames = descendantFrames(this.page.mainFrame());
      const states = await this.#op(
        "focus check",
        () =>
          Promise.all(
            frames.map((frame) =>
              frame.evaluate(pageFocusState, { inFrame: true }).catch(() => "away" as const)
            ),
          ),
      );
      // The innermost frame with the focus is the one whose focus is not on another iframe.
      const i = states.findIndex((s) => s === "editable" || s === "other");
      if (i >= 0 && states[i] === "editable") return frames[i];
    }
    throw new NothingFocused(`${action}: nothing is focused`);
  }

  #about(target: Element): Pick<ActuationInput, "frame" | "target"> {
    return { frame: target.frame, target: target.identifier };
  }

  /** Records the actuation, runs it, then marks it accepted. */
  async #act(input: ActuationInput, fn: () => Promise<void>, extraS = 0): Promise<void> {
    const record = this.#actuations.record(input);
    this.#inputs++;
    await this.#op(input.gesture, fn, extraS);
    record.accepted = true;
  }

  /**
   * `page.evaluate`, retried when a navigation replaced the document under it: a tap on a link
   * followed at once by a read is the normal case, not a wedged browser.
   */
  async #evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    for (let attempt = 0;; attempt++) {
      try {
        if (this.engine === "chromium") {
          return await cdpPageCall(await this.#session(), fn, arg, this.#callees);
        }
        // Our page functions take plain JSON arguments, so Playwright's unboxing is the identity.
        return await this.page.evaluate(fn as PageFunction<A, R>, arg);
      } catch (err) {
        if (attempt >= NAVIGATION_RETRIES || !NAVIGATED.test(messageOf(err))) throw err;
        await this.page.waitForLoadState("domcontentloaded").catch(() => {});
      }
    }
  }

  #touchInput(): boolean {
    return this.#touch && this.engine === "chromium";
  }

  #requireMultiTouch(gesture: string): void {
    if (this.engine !== "chromium") {
      throw new UnsupportedAction(
        `${gesture} needs two-finger touch: Chromium only (${this.engine})`,
      );
    }
  }

  #session(): Promise<CDPSession> {
    this.#cdp ??= this.page.context().newCDPSession(this.page);
    return this.#cdp;
  }

  /**
   * Runs one page operation, bounded in time. Our own typed errors pass through; a crashed page
   * is a backend crash; any other Playwright failure is a `DeviceError`.
   */
  async #op<T>(what: string, fn: () => Promise<T>, extraS = 0): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limitMs = this.#timeoutMs + extraS * 1000;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DeviceTimeout(`playwright: ${what} timed out after ${limitMs / 1000}s`)),
        limitMs,
      );
    });
    const started = this.#onPageCall === null ? 0 : this.#clock.now();
    try {
      return await Promise.race([fn(), timeout, this.#crash, this.#gone]);
    } catch (err) {
      if (this.#crashed) {
        throw new BackendCrashError(`playwright: the page crashed during ${what}`, { cause: err });
      }
      if (this.#browserGone) throw new BrowserGone(this.#remote, `during ${what}`);
      throw asDriverError(what, err);
    } finally {
      clearTimeout(timer);
      this.#onPageCall?.({ what, ms: (this.#clock.now() - started) * 1000 });
    }
  }
}
