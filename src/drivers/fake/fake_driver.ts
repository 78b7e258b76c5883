/**
 * `FakeDriver` (docs/backends.md#fake): the Driver seam over an in-memory app running in virtual
 * time. Every Driver method call first counts toward crash injection, then pays the configured
 * latency on the injected clock, then lets due timers and delayed reactions land.
 *
 * @example
 * ```ts
 * const clock = new FakeClock();
 * const { app } = await loadFakeApp("tests/fixtures/fake_apps/login_app.yaml");
 * const driver = createFakeDriver(app!, { clock });
 * await driver.tap({ id: "getStarted" });
 * ```
 *
 * @module
 */
import type { Clock } from "../../time/clock.ts";
import {
  type ActuationDrain,
  type Capability,
  type Driver,
  type Element,
  ElementNotFound,
  type Exchange,
  type Point,
  type TapOptions,
} from "../driver.ts";
import { formatKeyChord, type KeyChord } from "../../model/key_chord.ts";
import type { Selector } from "../../scenario/types.ts";
import {
  assertReachable,
  coverOf,
  frameCenter,
  indexedPresent,
  renderSelector,
  resolveUnique,
} from "../../selectors/mod.ts";
import { type ActuationInput, ActuationLog } from "../actuation_log.ts";
import { FAKE_BACKEND } from "./backend.ts";
import { fakeCapabilities } from "./capabilities.ts";
import { CrashInjector } from "./crash_injector.ts";
import { FakeFixtureError, NoFocusedField } from "./errors.ts";
import { type DismissedAlert, LiveApp } from "./live_app.ts";
import { fakeElement } from "./build.ts";
import type { Rendered } from "./live_screen.ts";
import { screenshotPng } from "./screenshot.ts";
import { renderAlert } from "./system_alert.ts";
import { awaitSystemAlert } from "../system_alert_wait.ts";
import type { FakeAppSpec } from "./types.ts";

/** The DSL action each focused gesture serves, for the "nothing is focused" failure. */
const FOCUS_ACTION = { typeText: "type", deleteText: "delete", selectAll: "select" } as const;

/** One entry of the action log: a Driver method name (or `relaunch`) and its argument(s). */
export type FakeAction = [method: string, arg: unknown];

/** Hook run after every action, to script changes in code (docs/backends.md#fake). */
export type FakeReactHook = (driver: FakeDriver, method: string, arg: unknown) => void;

export interface FakeDriverOptions {
  clock: Clock;
  /** Share one injector between drivers so "crash once" spans a respawn; default: `app.crashes`. */
  crashes?: CrashInjector;
  react?: FakeReactHook;
}

type CallKind = "query" | "action";

interface Target {
  rendered: Rendered;
  el: Element;
  index: number;
}

/** An in-memory app behind the Driver interface; everything happens in virtual time. */
export class FakeDriver implements Driver {
  readonly name = FAKE_BACKEND.actuator;
  /** Dispatched actions, in order; failed resolutions are not logged. */
  readonly actions: FakeAction[] = [];
  /** The running app (screen, focus, alerts, pending changes), for assertions in tests. */
  readonly app: LiveApp;
  #clock: Clock;
  #crashes: CrashInjector;
  #react: FakeReactHook | undefined;
  #log = new ActuationLog("point");

  constructor(spec: FakeAppSpec, opts: FakeDriverOptions) {
    this.#clock = opts.clock;
    this.#crashes = opts.crashes ?? new CrashInjector(spec.crashes);
    this.#react = opts.react;
    this.app = new LiveApp(spec, opts.clock);
  }

  /** The name of the screen showing now. */
  get screenName(): string {
    this.app.tick();
    return this.app.screenName;
  }

  /** Replaces the current screen's elements: tests script the tree (docs/backends.md#fake). */
  setScreen(elements: readonly Element[]): void {
    this.app.replaceCurrent(elements.map((el) => fakeElement(el)));
  }

  /** Restarts the app: initial screen and state, timers re-armed (the runner's relauncher). */
  relaunch(): Promise<void> {
    this.app.launch();
    this.#done("relaunch", null);
    return Promise.resolve();
  }

  async query(): Promise<Element[]> {
    await this.#call("query", "query");
    return this.app.render().tree;
  }

  async tap(sel: Selector, opts: TapOptions = {}): Promise<void> {
    await this.#call("tap");
    const t = this.#target(sel, true);
    const [x, y, w, h] = t.el.frame;
    const point: Point = opts.at
      ? [x + opts.at[0] * w, y + opts.at[1] * h]
      : frameCenter(t.el.frame);
    if (opts.button === "secondary") {
      // A secondary (context) tap activates nothing; the fake only records it.
      this.#recordAt("secondaryTap", t, {}, point);
      this.#done("secondaryTap", sel);
      return;
    }
    this.#recordAt("tap", t, {}, point);
    this.#done(
      "tap",
      opts.at ? [sel, opts] : sel,
      () => this.app.activate(t.rendered, t.index, "tap"),
    );
  }

  async hover(sel: Selector): Promise<void> {
    await this.#call("hover");
    const t = this.#target(sel, true);
    this.#recordAt("hover", t);
    this.#done("hover", sel);
  }

  async press(chord: KeyChord): Promise<void> {
    await this.#call("press");
    this.#record({ gesture: "press", via: "key", target: this.app.focused?.identifier ?? null });
    this.#done("press", formatKeyChord(chord));
  }

  async doubleTap(sel: Selector): Promise<void> {
    await this.#call("doubleTap");
    const t = this.#target(sel, true);
    this.#recordAt("doubleTap", t);
    this.#done("doubleTap", sel, () => this.app.activate(t.rendered, t.index, "doubleTap"));
  }

  async longPress(sel: Selector, seconds: number): Promise<void> {
    await this.#call("longPress");
    const t = this.#target(sel, true);
    this.#recordAt("longPress", t, { durationS: seconds });
    this.#done(
      "longPress",
      [sel, seconds],
      () => this.app.activate(t.rendered, t.index, "longPress"),
    );
  }

  async isTappable(sel: Selector): Promise<boolean> {
    await this.#call("isTappable", "query");
    const { tree } = this.app.render();
    let el: Element;
    try {
      el = resolveUnique(tree, sel);
    } catch (err) {
      if (err instanceof ElementNotFound) return false;
      throw err;
    }
    return coverOf(tree, el) === null;
  }

  async tapPoint(p: Point): Promise<void> {
    await this.#call("tapPoint");
    const rendered = this.app.render();
    const index = this.app.hitTest(rendered, p);
    this.#record({ gesture: "tap", via: "coordinate", points: [[...p]] });
    this.#done("tapPoint", p, () => {
      if (index >= 0) this.app.activate(rendered, index, "tap");
    });
  }

  async swipe(from: Point, to: Point): Promise<void> {
    await this.#call("swipe");
    this.#record({ gesture: "swipe", via: "coordinate", points: [[...from], [...to]] });
    this.#done("swipe", [from, to], () => this.app.drag(from, to));
  }

  async scroll(from: Point, to: Point): Promise<void> {
    await this.#call("scroll");
    this.#record({ gesture: "scroll", via: "coordinate", points: [[...from], [...to]] });
    this.#done("scroll", [from, to], () => this.app.drag(from, to));
  }

  async back(): Promise<void> {
    await this.#call("back");
    this.#record({ gesture: "back", via: "history" });
    this.#done("back", null, () => this.app.pressBack());
  }

  async pinch(sel: Selector, scale: number): Promise<void> {
    await this.#call("pinch");
    const t = this.#target(sel, false);
    this.#recordAt("pinch", t, { scale });
    this.#done("pinch", [sel, scale]);
  }

  async rotate(sel: Selector, radians: number): Promise<void> {
    await this.#call("rotate");
    const t = this.#target(sel, false);
    this.#recordAt("rotate", t, { radians });
    this.#done("rotate", [sel, radians]);
  }

  async typeText(text: string): Promise<void> {
    await this.#call("typeText");
    this.#recordFocused("typeText");
    this.#done("typeText", text, () => this.app.typeText(text));
  }

  async deleteText(count: number): Promise<void> {
    await this.#call("deleteText");
    this.#recordFocused("deleteText");
    this.#done("deleteText", count, () => this.app.deleteText(count));
  }

  async selectAll(): Promise<void> {
    await this.#call("selectAll");
    this.#recordFocused("selectAll");
    this.#done("selectAll", null, () => this.app.selectAll());
  }

  async copySelection(): Promise<void> {
    await this.#call("copySelection");
    this.#record({
      gesture: "copy",
      via: "focused",
      target: this.app.focused?.identifier ?? null,
    });
    this.#done("copySelection", null, () => this.app.copySelection());
  }

  selectOption(sel: Selector, value: string): Promise<void> {
    return this.#choose("selectOption", sel, value);
  }

  setPickerValue(sel: Selector, value: string): Promise<void> {
    return this.#choose("setPickerValue", sel, value);
  }

  async handleSystemAlert(sel: Selector, timeoutS: number): Promise<void> {
    await this.#call("handleSystemAlert");
    const alert = await awaitSystemAlert(this.#clock, sel, timeoutS, () => {
      this.app.tick();
      return this.app.alert;
    });
    const { tree, refs } = renderAlert(alert, this.app.spec.size);
    const buttons = tree.filter((_, i) => refs[i].kind === "alertButton");
    const el = resolveUnique(buttons, sel);
    const index = buttons.indexOf(el);
    this.#record({
      gesture: "systemAlert",
      via: "coordinate",
      points: [frameCenter(el.frame)],
      frame: [...el.frame],
      target: el.identifier,
    });
    this.#done("handleSystemAlert", [sel, timeoutS], () => this.app.pressAlertButton(index));
  }

  async systemAlertLabels(): Promise<string[]> {
    await this.#call("systemAlertLabels", "query");
    return this.app.alert?.buttons.map((b) => b.label) ?? [];
  }

  /**
   * For alert guards in tests: closes the alert that is up with the button labelled `label`
   * (default: its first button). Returns what was dismissed, or null when nothing was.
   */
  dismissSystemAlert(label?: string): Promise<DismissedAlert | null> {
    this.app.tick();
    const alert = this.app.alert;
    if (alert === null) return Promise.resolve(null);
    const index = label === undefined ? 0 : alert.buttons.findIndex((b) => b.label === label);
    if (index < 0) return Promise.resolve(null);
    const { tree } = renderAlert(alert, this.app.spec.size);
    const button = tree[index + 1];
    this.#record({
      gesture: "systemAlert",
      via: "coordinate",
      points: [frameCenter(button.frame)],
      frame: [...button.frame],
      target: button.identifier,
    });
    const dismissed = this.#done(
      "dismissSystemAlert",
      label ?? null,
      () => this.app.pressAlertButton(index),
    );
    return Promise.resolve(dismissed ?? null);
  }

  async waitFor(sel: Selector): Promise<boolean> {
    await this.#call("waitFor", "query");
    return indexedPresent(this.app.render().tree, sel);
  }

  async screenshot(path: string): Promise<void> {
    await this.#call("screenshot", "query");
    await Deno.writeFile(path, screenshotPng(this.app.viewName()));
    this.#done("screenshot", path);
  }

  async screenshotBytes(): Promise<Uint8Array> {
    await this.#call("screenshotBytes", "query");
    return screenshotPng(this.app.viewName());
  }

  async viewport(): Promise<{ width: number; height: number }> {
    await this.#call("viewport", "query");
    const [width, height] = this.app.spec.size;
    return { width, height };
  }

  capabilities(): Set<Capability> {
    return fakeCapabilities(this.app.spec.network !== null || hasExchangeEffects(this.app.spec));
  }

  drainActuations(): ActuationDrain {
    return this.#log.drain();
  }

  exchanges(): Exchange[] {
    this.app.tick();
    return this.app.exchanges();
  }

  async close(): Promise<void> {
    await this.#call("close", "query");
  }

  // -------------------------------------------------------------------------------------------

  /** Crash injection, then latency in virtual time, then whatever has become due. */
  async #call(method: string, kind: CallKind = "action"): Promise<void> {
    this.#crashes.onCall(method);
    const { queryMs, actionMs } = this.app.spec.latency;
    const ms = kind === "query" ? queryMs : actionMs;
    if (ms > 0) await this.#clock.sleep(ms / 1000);
    this.app.tick();
  }

  /** Resolves `sel` on the current tree; `reachable` adds the cover check of the tap family. */
  #target(sel: Selector, reachable: boolean): Target {
    const rendered = this.app.render();
    const el = resolveUnique(rendered.tree, sel);
    if (reachable) assertReachable(rendered.tree, el);
    return { rendered, el, index: rendered.tree.indexOf(el) };
  }

  /** Logs the action, applies its effect on the app, then runs the test's hook. */
  #done<T>(method: string, arg: unknown, effect?: () => T): T | undefined {
    this.actions.push([method, arg]);
    const out = effect?.();
    this.#react?.(this, method, arg);
    return out;
  }

  /** Records an actuation as accepted: the in-process fake answers as it is sent. */
  #record(input: ActuationInput): void {
    this.#log.record({ ...input, accepted: true });
  }

  #recordAt(
    gesture: "tap" | "secondaryTap" | "hover" | "doubleTap" | "longPress" | "pinch" | "rotate",
    t: Target,
    extra: { durationS?: number; scale?: number; radians?: number } = {},
    point: Point = frameCenter(t.el.frame),
  ): void {
    this.#record({
      gesture,
      via: "coordinate",
      points: [point],
      frame: [...t.el.frame],
      target: t.el.identifier,
      ...extra,
    });
  }

  #recordFocused(gesture: "typeText" | "deleteText" | "selectAll"): void {
    const focused = this.app.focused;
    if (focused === null) throw new NoFocusedField(FOCUS_ACTION[gesture]);
    this.#record({ gesture, via: "focused", target: focused.identifier });
  }

  async #choose(
    method: "selectOption" | "setPickerValue",
    sel: Selector,
    value: string,
  ): Promise<void> {
    await this.#call(method);
    const t = this.#target(sel, false);
    const ref = t.rendered.refs[t.index];
    if (ref.kind !== "app" || ref.el.options === null) {
      throw new FakeFixtureError(
        `fake app: ${renderSelector(sel)} declares no options for ${method}`,
      );
    }
    const el = ref.el;
    if (!el.options!.includes(value)) {
      throw new ElementNotFound(
        `no option ${JSON.stringify(value)} in ${renderSelector(sel)}`,
        sel,
      );
    }
    this.#record({
      gesture: method,
      via: "handle",
      frame: [...t.el.frame],
      target: t.el.identifier,
    });
    this.#done(method, [sel, value], () => this.app.choose(el, value, method));
  }
}

/** Whether any reaction, timer or alert button records an exchange. */
function hasExchangeEffects(spec: FakeAppSpec): boolean {
  const effects = [
    ...spec.reactions.flatMap((r) => r.then),
    ...spec.timers.flatMap((t) => t.then),
    ...[...spec.alerts.values()].flatMap((a) => a.buttons.flatMap((b) => b.then)),
  ];
  return effects.some((e) => e.kind === "exchange");
}

/** A fake driver over `app`, reading virtual time from `opts.clock`. */
export function createFakeDriver(app: FakeAppSpec, opts: FakeDriverOptions): FakeDriver {
  return new FakeDriver(app, opts);
}
