/**
 * A fake WebDriverAgent on the fake W3C server: the app under test is a fake app (`LiveApp`,
 * the same model the fake backend runs), rendered as WDA's `/source?format=json` tree and
 * reacting to coordinate taps, holds, drags, typing, alerts and the screenshot route as WDA
 * does (WDA's reply shapes and error texts). Which app runs, and whether it was
 * relaunched or killed from outside (simctl), comes from an {@link AppHost}: in memory for
 * driver tests, the fake simctl's state file inside the fake `xcodebuild`.
 *
 * @module
 */
import { realClock } from "../../../src/time/clock.ts";
import type { Element } from "../../../src/drivers/driver.ts";
import { type FakeAppSpec, LiveApp, screenshotPng } from "../../../src/drivers/fake/mod.ts";
import { type FakeRequest, FakeW3CServer, type FaultSpec, ok, w3cError } from "../fake_w3c/mod.ts";
import type { FakeReply } from "../fake_w3c/replies.ts";

/** One run of an app as its host sees it: a launch id that changes on every (re)launch. */
export interface AppRun {
  launchId: string;
  args: string[];
  env: Record<string, string>;
}

/** Where the fake WDA learns about the apps on its device. */
export interface AppHost {
  /** The fake app of an installed bundle, or null when it is not installed. */
  spec(bundleId: string): FakeAppSpec | null;
  /** The current run of the app, or null when it is not running. */
  running(bundleId: string): AppRun | null;
  /** WDA launches the app itself (a session for an app that is not running). */
  launch(bundleId: string, args: string[], env: Record<string, string>): AppRun;
  /** Counts a tap that reached the app; true when the app crashes on it. */
  crashesOnTap(): boolean;
}

/** An in-memory host for driver tests: `relaunch`/`kill` play the part of simctl. */
export class MemoryAppHost implements AppHost {
  #runs = 0;
  #current: AppRun | null = null;
  /** Taps that crash the app (1-based over the host's life). */
  crashTaps: number[] = [];
  #taps = 0;
  launches: AppRun[] = [];
  constructor(readonly bundleId: string, readonly app: FakeAppSpec) {}
  spec(bundleId: string): FakeAppSpec | null {
    return bundleId === this.bundleId ? this.app : null;
  }
  running(bundleId: string): AppRun | null {
    return bundleId === this.bundleId ? this.#current : null;
  }
  launch(_bundleId: string, args: string[] = [], env: Record<string, string> = {}): AppRun {
    this.#current = { launchId: `run-${++this.#runs}`, args, env };
    this.launches.push(this.#current);
    return this.#current;
  }
  terminate(): void {
    this.#current = null;
  }
  crashesOnTap(): boolean {
    return this.crashTaps.includes(++this.#taps);
  }
}

/** What `FakeWda` keeps of the app it serves. */
interface Live {
  launchId: string;
  app: LiveApp;
  crashed: boolean;
  /** The edit menu up: after a hold on the focused field, or over a selection. */
  menu: "edit" | "selection" | null;
}

export interface FakeWdaOptions {
  host: AppHost;
  port?: number;
  faults?: FaultSpec[];
  latencyMs?: number;
  recordTo?: string;
  onDie?: () => void;
}

/** The attributes `excluded_attributes` names, as they appear in a JSON node. */
const EXCLUDABLE: Record<string, string> = {
  visible: "isVisible",
  accessible: "isAccessible",
  focused: "isFocused",
  nativeFrame: "nativeFrame",
  nativeAccessibilityElement: "isNativeAccessibilityElement",
  placeholderValue: "placeholderValue",
  minValue: "minValue",
  maxValue: "maxValue",
  enabled: "isEnabled",
  traits: "traits",
};

/** WDA element types for our trait tokens, first match wins. */
const TYPE_OF_TRAIT: [string, string][] = [
  ["alert", "Alert"],
  ["button", "Button"],
  ["link", "Link"],
  ["secureTextField", "SecureTextField"],
  ["textField", "TextField"],
  ["searchField", "SearchField"],
  ["textView", "TextView"],
  ["switch", "Switch"],
  ["cell", "Cell"],
  ["staticText", "StaticText"],
  ["image", "Image"],
  ["pickerWheel", "PickerWheel"],
  ["menuItem", "MenuItem"],
  ["other", "Other"],
];

function typeOf(traits: readonly string[]): string {
  for (const [trait, type] of TYPE_OF_TRAIT) if (traits.includes(trait)) return type;
  return "Other";
}

/** The edit menu's items: on a caret, and over a selection. */
const MENU_ITEMS = { edit: ["Select", "Select All", "Paste"], selection: ["Cut", "Copy", "Paste"] };

/** The fake WDA server. */
export class FakeWda {
  readonly server: FakeW3CServer;
  readonly #host: AppHost;
  /** Session id → the bundle it was created for. */
  readonly #sessions = new Map<string, string>();
  readonly #live = new Map<string, Live>();
  /** WDA's settings as `appium/settings` left them. */
  readonly settings: Record<string, unknown> = {
    waitForIdleTimeout: 10,
    animationCoolOffTimeout: 2,
    reduceMotion: false,
  };

  constructor(options: FakeWdaOptions) {
    this.#host = options.host;
    const s =
      (fn: (req: FakeRequest, live: Live) => FakeReply | Promise<FakeReply>) =>
      (req: FakeRequest) => {
        const bundle = this.#sessions.get(req.params.sid);
        if (bundle === undefined) return w3cError("invalid session id", "Session does not exist");
        const live = this.#current(bundle);
        if ("kind" in live) return live;
        return fn(req, live);
      };
    this.server = new FakeW3CServer({
      flavor: "wda",
      port: options.port ?? 0,
      faults: options.faults,
      latencyMs: options.latencyMs,
      recordTo: options.recordTo,
      onDie: options.onDie,
      createSession: (caps) => this.#createSession(caps),
      // WDA holds one session: a new one replaces the old.
      sessionCreated: (id, caps) => {
        this.#sessions.clear();
        this.#sessions.set(id, String(caps.bundleId ?? ""));
      },
      routes: {
        "GET /session/:sid/source": s((req, live) => ok(this.#source(req, live))),
        "GET /source": (req) => {
          const live = this.#anyLive();
          return live ? ok(this.#source(req, live)) : ok(this.#springboard());
        },
        "GET /screenshot": () => {
          const live = this.#anyLive();
          const png = screenshotPng(live ? live.app.viewName() : "springboard");
          return ok(btoa(String.fromCharCode(...png)));
        },
        "GET /session/:sid/window/size": s((_r, live) => {
          const [width, height] = live.app.spec.size;
          return ok({ width, height });
        }),
        "POST /session/:sid/wda/tap": s((req, live) => this.#tap(req, live, "tap")),
        "POST /session/:sid/wda/doubleTap": s((req, live) => this.#tap(req, live, "doubleTap")),
        "POST /session/:sid/wda/touchAndHold": s((req, live) => this.#hold(req, live)),
        "POST /session/:sid/wda/dragfromtoforduration": s((req, live) => {
          const b = req.body as Record<string, number>;
          live.app.drag([b.fromX, b.fromY], [b.toX, b.toY]);
          return ok(null);
        }),
        "POST /session/:sid/actions": s((req, live) => this.#actions(req, live)),
        "POST /session/:sid/wda/keys": s((req, live) => this.#keys(req, live)),
        "GET /session/:sid/wda/alert/buttons": s((_r, live) => {
          const alert = live.app.alert;
          return alert ? ok(alert.buttons.map((b) => b.label)) : noAlert();
        }),
        "POST /session/:sid/alert/accept": s((req, live) => this.#alertButton(req, live, 0)),
        "POST /session/:sid/alert/dismiss": s((req, live) => this.#alertButton(req, live, -1)),
        "POST /session/:sid/wda/apps/state": s((req, live) => {
          const bundle = (req.body as { bundleId?: string })?.bundleId ?? "";
          return ok(this.#host.running(bundle) && !live.crashed ? 4 : 1);
        }),
        "POST /session/:sid/appium/settings": s((req) => {
          const settings = (req.body as { settings?: Record<string, unknown> })?.settings ?? {};
          Object.assign(this.settings, settings);
          return ok(this.settings);
        }),
        "GET /wda/shutdown": () => ok("Shutting down"),
      },
    });
  }

  get url(): string {
    return this.server.url;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  #createSession(caps: Record<string, unknown>): { accept: Record<string, unknown> } | {
    refuse: FakeReply;
  } {
    const always = (caps.alwaysMatch ?? {}) as Record<string, unknown>;
    const bundleId = always.bundleId as string | undefined;
    if (bundleId === undefined) return { accept: { device: "iphone", sdkVersion: "18.4" } };
    if (this.#host.spec(bundleId) === null) {
      return {
        refuse: w3cError(
          "session not created",
          `Error Domain=FBSOpenApplicationErrorDomain Code=4 "Application info provider ` +
            `(FBSApplicationLibrary) returned nil for "${bundleId}"" UserInfo={BSErrorCodeDescription=NotFound}`,
        ),
      };
    }
    const forceLaunch = always.forceAppLaunch !== false;
    if (forceLaunch || this.#host.running(bundleId) === null) {
      this.#host.launch(
        bundleId,
        (always.arguments as string[] | undefined) ?? [],
        (always.environment as Record<string, string> | undefined) ?? {},
      );
    }
    return { accept: { device: "iphone", sdkVersion: "18.4", bundleId } };
  }

  /** The live app of `bundle`, restarted after an outside relaunch, or WDA's crash reply. */
  #current(bundle: string): Live | FakeReply {
    const run = this.#host.running(bundle);
    let live = this.#live.get(bundle);
    if (run === null || (live?.crashed && live.launchId === run.launchId)) {
      return w3cError(
        "invalid element state",
        `The application under test with bundle id '${bundle}' is not running, possibly crashed`,
      );
    }
    if (live === undefined || live.launchId !== run.launchId) {
      const spec = this.#host.spec(bundle);
      if (spec === null) return w3cError("unknown error", `${bundle} is not installed`);
      live = {
        launchId: run.launchId,
        app: new LiveApp(spec, realClock),
        crashed: false,
        menu: null,
      };
      this.#live.set(bundle, live);
    }
    live.app.tick();
    return live;
  }

  #anyLive(): Live | null {
    for (const bundle of new Set(this.#sessions.values())) {
      const live = this.#current(bundle);
      if (!("kind" in live)) return live;
    }
    return null;
  }

  #springboard(): unknown {
    return {
      type: "Application",
      rawIdentifier: null,
      name: "SpringBoard",
      label: "SpringBoard",
      value: null,
      rect: { x: 0, y: 0, width: 393, height: 852 },
      frame: "{{0, 0}, {393, 852}}",
      isEnabled: "1",
      traits: "",
    };
  }

  /** The app as WDA's JSON tree: Application › Window › elements (› menu). */
  #source(req: FakeRequest, live: Live): unknown {
    if (req.query.get("format") !== "json") {
      return `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT/>`;
    }
    const excluded = new Set(
      (req.query.get("excluded_attributes") ?? "").split(",").map((s) => s.trim()).filter(Boolean)
        .map((name) => EXCLUDABLE[name] ?? name),
    );
    const { tree } = live.app.render();
    const [w, h] = live.app.spec.size;
    const focused = live.app.focused;
    const nodes = tree.map((el) =>
      node(el, excluded, focused !== null && el.identifier === focused.identifier)
    );
    if (live.menu !== null) nodes.push(...this.#menuNodes(live, excluded));
    const window = {
      ...node(
        {
          identifier: null,
          label: null,
          value: null,
          traits: ["window"],
          frame: [0, 0, w, h],
          nativeZ: null,
        },
        excluded,
        false,
        "Window",
      ),
      children: nodes,
    };
    return {
      ...node(
        {
          identifier: null,
          label: live.app.spec.name,
          value: null,
          traits: [],
          frame: [0, 0, w, h],
          nativeZ: null,
        },
        excluded,
        false,
        "Application",
      ),
      children: [window],
    };
  }

  #menuNodes(live: Live, excluded: Set<string>): Record<string, unknown>[] {
    const field = live.app.focused;
    const [fx, fy] = field ? field.frame : [20, 200];
    return MENU_ITEMS[live.menu ?? "edit"].map((label, i) =>
      node(
        {
          identifier: null,
          label,
          value: null,
          traits: ["menuItem"],
          frame: [fx + i * 90, Math.max(0, fy - 50), 86, 40],
          nativeZ: null,
        },
        excluded,
        false,
      )
    );
  }

  #tap(req: FakeRequest, live: Live, gesture: "tap" | "doubleTap"): FakeReply {
    const b = req.body as { x?: number; y?: number };
    if (typeof b?.x !== "number" || typeof b?.y !== "number") {
      return w3cError("invalid argument", "'x' and 'y' are required");
    }
    this.#touch(live, [b.x, b.y], gesture);
    return ok(null);
  }

  #hold(req: FakeRequest, live: Live): FakeReply {
    const b = req.body as { x: number; y: number; duration: number };
    const hit = this.#hit(live, [b.x, b.y]);
    // A hold on the focused text field brings up the edit menu.
    const focused = live.app.focused;
    if (hit.el !== null && focused !== null && hit.el.identifier === focused.identifier) {
      live.menu = "edit";
      return ok(null);
    }
    this.#touch(live, [b.x, b.y], b.duration >= 0.4 ? "longPress" : "tap");
    return ok(null);
  }

  #hit(live: Live, p: [number, number]): { el: Element | null; index: number } {
    const rendered = live.app.render();
    const index = live.app.hitTest(rendered, p);
    return { el: index >= 0 ? rendered.tree[index] : null, index };
  }

  #touch(live: Live, p: [number, number], gesture: "tap" | "doubleTap" | "longPress"): void {
    if (live.menu !== null) {
      const hit = this.#menuNodes(live, new Set()).find((n) => {
        const r = (n as { rect: { x: number; y: number; width: number; height: number } }).rect;
        return p[0] >= r.x && p[0] <= r.x + r.width && p[1] >= r.y && p[1] <= r.y + r.height;
      });
      live.menu = null;
      switch (hit?.label) {
        case "Select All":
          live.app.selectAll();
          live.menu = "selection";
          return;
        case "Copy":
          return live.app.copySelection();
        case undefined:
          break; // a tap elsewhere just closes the menu, then lands
        default:
          return;
      }
    }
    const rendered = live.app.render();
    const index = live.app.hitTest(rendered, p);
    if (index < 0) return;
    if (this.#host.crashesOnTap()) {
      live.crashed = true;
      return;
    }
    const el = rendered.tree[index];
    // The navigation bar's back button pops the screen (when the app scripts nothing else).
    if (el.identifier === "BackButton" && gesture === "tap") {
      const before = live.app.screenName;
      live.app.activate(rendered, index, gesture);
      if (live.app.screenName === before) live.app.pressBack();
      return;
    }
    live.app.activate(rendered, index, gesture);
  }

  /** W3C pointer actions: one finger = tap / hold / drag by its path; two fingers = pinch. */
  #actions(req: FakeRequest, live: Live): FakeReply {
    const body = req.body as { actions?: { actions: Record<string, unknown>[] }[] };
    const sources = body?.actions ?? [];
    if (sources.length !== 1) return ok(null);
    const steps = sources[0].actions;
    const moves = steps.filter((a) => a.type === "pointerMove") as {
      x: number;
      y: number;
    }[];
    if (moves.length === 0) return w3cError("invalid argument", "no pointerMove in the action");
    const downs = steps.filter((a) => a.type === "pointerDown").length;
    const start: [number, number] = [moves[0].x, moves[0].y];
    const end: [number, number] = [moves[moves.length - 1].x, moves[moves.length - 1].y];
    if (moves.length > 1 && (start[0] !== end[0] || start[1] !== end[1])) {
      live.app.drag(start, end);
      return ok(null);
    }
    const held = steps.filter((a) => a.type === "pause").reduce(
      (sum, a) => sum + Number(a.duration ?? 0),
      0,
    );
    if (downs >= 2) this.#touch(live, start, "doubleTap");
    else this.#touch(live, start, held >= 400 ? "longPress" : "tap");
    return ok(null);
  }

  #keys(req: FakeRequest, live: Live): FakeReply {
    const value = (req.body as { value?: unknown })?.value;
    const text = Array.isArray(value) ? value.join("") : typeof value === "string" ? value : null;
    if (text === null) return w3cError("invalid argument", "Missing 'value' parameter");
    if (live.app.focused === null) {
      return w3cError(
        "invalid element state",
        "Keyboard is not present. Make sure the on-screen keyboard is visible before typing",
      );
    }
    let pending = "";
    const flush = () => {
      if (pending !== "") live.app.typeText(pending);
      pending = "";
    };
    for (const ch of text) {
      if (ch === "\b") {
        flush();
        live.app.deleteText(1);
      } else pending += ch;
    }
    flush();
    return ok(null);
  }

  #alertButton(req: FakeRequest, live: Live, fallback: number): FakeReply {
    const alert = live.app.alert;
    if (alert === null) return noAlert();
    const name = (req.body as { name?: string })?.name;
    if (name !== undefined) {
      if (!alert.buttons.some((b) => b.label === name)) {
        return w3cError(
          "invalid element state",
          `Failed to find button with label '${name}' for alert`,
        );
      }
      live.app.dismissAlert(name);
      return ok(null);
    }
    const index = fallback >= 0 ? fallback : alert.buttons.length - 1;
    live.app.dismissAlert(alert.buttons[index].label);
    return ok(null);
  }
}

function noAlert(): FakeReply {
  return w3cError(
    "no such alert",
    "An attempt was made to operate on a modal dialog when one was not open",
  );
}

/** One element as a WDA JSON node (without children). */
function node(
  el: Element,
  excluded: Set<string>,
  focused: boolean,
  type = typeOf(el.traits),
): Record<string, unknown> {
  const [x, y, width, height] = el.frame;
  const traitWords: string[] = [];
  if (type === "Button") traitWords.push("Button");
  if (type === "StaticText") traitWords.push("StaticText");
  if (el.traits.includes("selected")) traitWords.push("Selected");
  if (el.traits.includes("notEnabled")) traitWords.push("NotEnabled");
  const full: Record<string, unknown> = {
    type,
    rawIdentifier: el.identifier,
    name: el.identifier ?? el.label,
    label: el.label,
    value: el.value,
    rect: { x, y, width, height },
    frame: `{{${x}, ${y}}, {${width}, ${height}}}`,
    customActions: null,
    isEnabled: el.traits.includes("notEnabled") ? "0" : "1",
    isVisible: "1",
    isAccessible: type === "Other" ? "0" : "1",
    isFocused: focused ? "1" : "0",
    isNativeAccessibilityElement: "1",
    nativeFrame: `{{${x}, ${y}}, {${width}, ${height}}}`,
    traits: traitWords.join(", "),
    placeholderValue: null,
  };
  for (const key of excluded) delete full[key];
  return full;
}
