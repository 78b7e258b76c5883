/**
 * The running fake app: which screen shows, the navigation history, keyboard focus, raised
 * alerts, collapse windows and everything scheduled in virtual time. The driver translates
 * Driver calls into these operations; nothing here reads the wall clock.
 *
 * @module
 */
import type { Clock } from "../../time/clock.ts";
import type { Element, Exchange, Point } from "../driver.ts";
import { frameContainsPoint } from "../../selectors/mod.ts";
import { applyEffect, type EffectHost } from "./effects.ts";
import { FakeFixtureError, NoFocusedField } from "./errors.ts";
import {
  allElements,
  instantiateScreen,
  type LiveElement,
  type LiveScreen,
  regionExtent,
  type Rendered,
  renderScreen,
} from "./live_screen.ts";
import { type FakeEvent, findReaction } from "./reactions.ts";
import { dragOffset } from "./scroll_model.ts";
import { renderAlert } from "./system_alert.ts";
import { reached, VirtualSchedule } from "./schedule.ts";
import type {
  CollapseMode,
  FakeAlertSpec,
  FakeAppSpec,
  FakeEffect,
  FakeExchangeSpec,
  FakeTriggerKind,
} from "./types.ts";

/** Traits that take keyboard focus when tapped. */
const TEXT_INPUT_TRAITS: readonly string[] = [
  "textField",
  "secureTextField",
  "searchField",
  "textView",
];

/** What a dismissed alert was and which button closed it. */
export interface DismissedAlert {
  alert: string;
  title: string;
  button: string;
}

/** Turns a declared exchange into an observed one at virtual time `at` (seconds). */
export function toExchange(spec: FakeExchangeSpec, at: number): Exchange {
  let path = spec.url.split(/[?#]/)[0];
  try {
    path = new URL(spec.url).pathname;
  } catch {
    // A relative URL ("/api/login") is its own path.
  }
  return {
    method: spec.method,
    url: spec.url,
    path,
    status: spec.status,
    requestHeaders: { ...spec.requestHeaders },
    responseHeaders: { ...spec.responseHeaders },
    requestBody: spec.requestBody,
    responseBody: spec.responseBody,
    startedAt: at,
    durationMs: spec.durationMs,
    mocked: false,
  };
}

/** The mutable state of one fake app session. `launch()` resets it (a relaunch). */
export class LiveApp implements EffectHost {
  readonly spec: FakeAppSpec;
  #clock: Clock;
  #screens = new Map<string, LiveScreen>();
  #current = "";
  #history: string[] = [];
  #entry = 0;
  #focus: LiveElement | null = null;
  #selected = false;
  #alerts: FakeAlertSpec[] = [];
  #collapse: { until: number; mode: CollapseMode } | null = null;
  #schedule = new VirtualSchedule();
  #exchanges: Exchange[] = [];
  #clipboard: string | null = null;

  constructor(spec: FakeAppSpec, clock: Clock) {
    this.spec = spec;
    this.#clock = clock;
    const now = clock.now();
    for (const ex of spec.network ?? []) this.#exchanges.push(toExchange(ex, now));
    this.launch();
  }

  /** Starts (or restarts) the app: initial screen, declared state, timers re-armed from now. */
  launch(): void {
    const at = this.#clock.now();
    this.#schedule.clear();
    this.#screens = new Map([...this.spec.screens].map(([k, s]) => [k, instantiateScreen(s)]));
    this.#history = [];
    this.#alerts = [];
    this.#collapse = null;
    this.#enter(this.spec.initial, at);
    for (const timer of this.spec.timers) {
      if (timer.at.from !== "launch") continue;
      this.#schedule.add(at + timer.at.ms / 1000, (t) => {
        this.#runEffects(timer.then, timer.screen ?? this.#current, t);
      });
    }
    this.tick();
  }

  /** Applies everything due by now. Every driver call starts with this. */
  tick(): void {
    this.#schedule.runDue(this.#clock.now());
  }

  get screenName(): string {
    return this.#current;
  }

  /** Screens to go back to, oldest first. */
  get history(): readonly string[] {
    return this.#history;
  }

  get focused(): LiveElement | null {
    return this.#focus;
  }

  get clipboard(): string | null {
    return this.#clipboard;
  }

  /** The alert currently up (the oldest raised one), or null. */
  get alert(): FakeAlertSpec | null {
    return this.#alerts[0] ?? null;
  }

  /** How many scheduled changes have not landed yet. */
  get pending(): number {
    return this.#schedule.size;
  }

  exchanges(): Exchange[] {
    return this.#exchanges.map((e) => ({
      ...e,
      requestHeaders: { ...e.requestHeaders },
      responseHeaders: { ...e.responseHeaders },
    }));
  }

  /** How the tree reads as collapsed now (a collapse window, or a collapsed screen), or null. */
  collapsedMode(): CollapseMode | null {
    const c = this.#collapse;
    if (c !== null && !reached(this.#clock.now(), c.until)) return c.mode;
    return this.screen(this.#current).collapsed;
  }

  /** What is visible now: a collapsed tree, or the screen with any alert on top. */
  render(): Rendered {
    const screen = this.screen(this.#current);
    const collapsed = this.collapsedMode();
    if (collapsed === "empty") return { tree: [], refs: [] };
    if (collapsed === "root") {
      const [w, h] = this.spec.size;
      const root: Element = {
        identifier: null,
        label: this.spec.name,
        value: null,
        traits: ["other"],
        frame: [0, 0, w, h],
        nativeZ: null,
      };
      return { tree: [root], refs: [{ kind: "root" }] };
    }
    const alert = this.alert;
    const base: Rendered = alert?.hidesTree ? { tree: [], refs: [] } : renderScreen(screen);
    if (alert === null) return base;
    const top = renderAlert(alert, this.spec.size);
    return { tree: [...base.tree, ...top.tree], refs: [...base.refs, ...top.refs] };
  }

  // -------------------------------------------------------------------------------------------
  // Gestures (called by the driver after resolution and the cover check)

  /** A tap-family gesture on rendered element `index`: built-in behaviour, then reactions. */
  activate(rendered: Rendered, index: number, gesture: "tap" | "doubleTap" | "longPress"): void {
    const ref = rendered.refs[index];
    const now = this.#clock.now();
    switch (ref.kind) {
      case "alertButton":
        this.#pressAlertButton(ref.index, now);
        return;
      case "alert":
      case "root":
        return;
      case "scroll":
        this.#react({ kind: gesture, target: rendered.tree[index] }, rendered.tree, now);
        return;
      case "app": {
        const el = ref.el;
        if (el.traits.includes("notEnabled")) return; // a disabled control ignores touches
        if (gesture === "tap" && el.traits.some((t) => TEXT_INPUT_TRAITS.includes(t))) {
          this.#focus = el;
          this.#selected = false;
        }
        if (gesture === "tap" && el.traits.includes("switch")) toggleSwitch(el);
        this.#reactOn(gesture, el, now);
        return;
      }
    }
  }

  /** Index of the last rendered element containing `p` (the hit-test of a raw tap), or -1. */
  hitTest(rendered: Rendered, p: Point): number {
    for (let i = rendered.tree.length - 1; i >= 0; i--) {
      if (frameContainsPoint(rendered.tree[i].frame, p)) return i;
    }
    return -1;
  }

  /** Types into the focused field; a trailing newline submits it. */
  typeText(text: string): void {
    const el = this.#requireFocus();
    const submit = text.endsWith("\n");
    const body = submit ? text.slice(0, -1) : text;
    el.value = this.#selected ? body : (el.value ?? "") + body;
    this.#selected = false;
    const now = this.#clock.now();
    if (body.length > 0) this.#reactOn("type", el, now);
    if (submit && this.#focus === el) this.#reactOn("submit", el, now);
  }

  /** Deletes `count` characters before the caret (the end), or the selection. */
  deleteText(count: number): void {
    const el = this.#requireFocus("delete");
    const value = el.value ?? "";
    el.value = this.#selected ? "" : value.slice(0, Math.max(0, value.length - count));
    this.#selected = false;
  }

  selectAll(): void {
    this.#requireFocus("select");
    this.#selected = true;
  }

  /** Copies the selection, if any, to the fake pasteboard. */
  copySelection(): void {
    if (this.#focus !== null && this.#selected) this.#clipboard = this.#focus.value ?? "";
  }

  /** Sets a declared choice (select option, picker wheel value) and fires its reactions. */
  choose(el: LiveElement, value: string, kind: "selectOption" | "setPickerValue"): void {
    el.value = value;
    this.#reactOn(kind, el, this.#clock.now());
  }

  /** A drag starting inside a scroll region moves its content; returns whether it moved. */
  drag(from: Point, to: Point): boolean {
    const screen = this.screen(this.#current);
    const regions = screen.nodes.filter((n) => n.kind === "scroll").reverse();
    const region = regions.find((r) => frameContainsPoint(r.viewport, from));
    if (region === undefined) return false;
    const next = dragOffset(region.offset, from, to, region.viewport, regionExtent(region));
    const moved = next[0] !== region.offset[0] || next[1] !== region.offset[1];
    region.offset = next;
    return moved;
  }

  /** The back gesture: a scripted `back` reaction if one matches, else pop the history. */
  pressBack(): void {
    const now = this.#clock.now();
    const { tree } = this.render();
    if (!this.#react({ kind: "back", target: null }, tree, now)) this.back(now);
    this.tick();
  }

  /** Dismisses the alert that is up with the button labelled `label` (default: the first). */
  dismissAlert(label?: string): DismissedAlert | null {
    const alert = this.alert;
    if (alert === null) return null;
    const index = label === undefined ? 0 : alert.buttons.findIndex((b) => b.label === label);
    if (index < 0) return null;
    return this.#pressAlertButton(index, this.#clock.now());
  }

  /** Replaces what the current screen shows (tests that script a tree by hand). */
  replaceCurrent(elements: readonly LiveElement[]): void {
    const screen = this.screen(this.#current);
    screen.nodes = elements.map((el) => ({ ...el, traits: [...el.traits], frame: [...el.frame] }));
    if (this.#focus !== null && !allElements(screen).includes(this.#focus)) this.#focus = null;
  }

  // -------------------------------------------------------------------------------------------
  // EffectHost

  screen(name: string): LiveScreen {
    const screen = this.#screens.get(name);
    if (screen === undefined) throw new FakeFixtureError(`fake app: no screen named "${name}"`);
    return screen;
  }

  goto(name: string, at: number): void {
    this.screen(name);
    this.#history.push(this.#current);
    this.#enter(name, at);
  }

  back(at: number): void {
    const previous = this.#history.pop();
    if (previous !== undefined) this.#enter(previous, at);
  }

  raiseAlert(name: string): void {
    const alert = this.spec.alerts.get(name);
    if (alert === undefined) throw new FakeFixtureError(`fake app: no alert named "${name}"`);
    if (!this.#alerts.includes(alert)) this.#alerts.push(alert);
  }

  collapse(until: number, mode: CollapseMode): void {
    this.#collapse = { until, mode };
  }

  recordExchange(exchange: FakeExchangeSpec, at: number): void {
    this.#exchanges.push(toExchange(exchange, at));
  }

  // -------------------------------------------------------------------------------------------

  #enter(name: string, at: number): void {
    const screen = this.screen(name);
    this.#current = name;
    const entry = ++this.#entry;
    this.#focus = allElements(screen).find((el) => el.focused) ?? null;
    this.#selected = false;
    for (const timer of this.spec.timers) {
      if (timer.at.from !== "screen" || timer.screen !== name) continue;
      this.#schedule.add(at + timer.at.ms / 1000, (t) => {
        // Leaving the screen first cancels it (a re-entry arms a fresh one).
        if (this.#entry === entry) this.#runEffects(timer.then, name, t);
      });
    }
  }

  /** Schedules each effect `afterMs` after `at`; those due now land at the next tick. */
  #runEffects(effects: readonly FakeEffect[], scope: string, at: number): void {
    for (const effect of effects) {
      this.#schedule.add(at + effect.afterMs / 1000, (t) => applyEffect(this, effect, scope, t));
    }
  }

  /** Fires the first matching reaction; returns whether one matched. */
  #react(event: FakeEvent, tree: readonly Element[], at: number): boolean {
    const rule = findReaction(this.spec.reactions, event, this.#current, tree);
    if (rule === null) return false;
    this.#runEffects(rule.then, this.#current, at);
    this.tick();
    return true;
  }

  /** Reacts to an event on a live element, seen in the tree as it is now. */
  #reactOn(kind: FakeTriggerKind, el: LiveElement, at: number): void {
    const now = this.render();
    const index = now.refs.findIndex((r) => r.kind === "app" && r.el === el);
    this.#react({ kind, target: index < 0 ? null : now.tree[index] }, now.tree, at);
  }

  /** Presses button `index` of the alert that is up: it closes, then the button's effects run. */
  pressAlertButton(index: number): DismissedAlert {
    return this.#pressAlertButton(index, this.#clock.now());
  }

  /** The name of what is showing, for screenshots: screen, alert over it, or collapsed. */
  viewName(): string {
    if (this.collapsedMode() !== null) return `${this.#current}~collapsed`;
    const alert = this.alert;
    return alert === null ? this.#current : `${this.#current}+alert:${alert.name}`;
  }

  #pressAlertButton(index: number, at: number): DismissedAlert {
    const alert = this.#alerts.shift()!;
    const button = alert.buttons[index];
    this.#runEffects(button.then, this.#current, at);
    this.tick();
    return { alert: alert.name, title: alert.title, button: button.label };
  }

  #requireFocus(action = "type"): LiveElement {
    if (this.#focus === null) throw new NoFocusedField(action);
    return this.#focus;
  }
}

/** Flips a switch whose value is a 0/1 or off/on pair; other values are left alone. */
function toggleSwitch(el: LiveElement): void {
  const flips: Record<string, string> = { "0": "1", "1": "0", off: "on", on: "off" };
  if (el.value !== null && Object.hasOwn(flips, el.value)) el.value = flips[el.value];
}
