/**
 * The data model of a fake app (docs/backends.md#fake): screens as element lists, scripted
 * reactions, timers, system alerts, crash and latency injection. `app_file.ts` reads it from YAML;
 * tests may also build it in code. Times are milliseconds of virtual time, as in the YAML file.
 *
 * @module
 */
import type { Frame } from "../driver.ts";
import type { Selector } from "../../scenario/types.ts";
import type { FakeLaunchCycle } from "./launch_cycle.ts";

/** One element as declared: an `Element` plus the fake's own knobs. */
export interface FakeElementSpec {
  kind: "element";
  identifier: string | null;
  label: string | null;
  value: string | null;
  traits: string[];
  frame: Frame;
  /** Present in the screen but not shown until a `reveal` effect. */
  hidden: boolean;
  /** Choices for `selectOption` / `setPickerValue`; null = not seeded (a fixture error). */
  options: string[] | null;
  /** Takes keyboard focus when its screen is entered. */
  focused: boolean;
}

/**
 * A scrolling region (the optional viewport scroll model, docs/backends.md#fake): a `scrollView`
 * element whose `content` frames are in content coordinates (relative to the viewport's top-left)
 * and are shown translated by the current offset, only while they intersect the viewport.
 */
export interface FakeScrollSpec {
  kind: "scroll";
  identifier: string | null;
  viewport: Frame;
  content: FakeElementSpec[];
}

export type FakeNodeSpec = FakeElementSpec | FakeScrollSpec;

/** What `query()` shows while the tree is collapsed: nothing, or only the root element. */
export type CollapseMode = "empty" | "root";

export interface FakeScreenSpec {
  name: string;
  /** Document order; later nodes paint on top. */
  nodes: FakeNodeSpec[];
  /** A screen that always reads as collapsed (mid-render, blank web view). */
  collapsed: CollapseMode | null;
}

/** A network exchange a reaction records (or the app starts with). */
export interface FakeExchangeSpec {
  method: string;
  url: string;
  status: number | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  durationMs: number;
}

/** Effect payloads; each lands `afterMs` after its trigger (0 = at once). */
export type FakeEffectBody =
  | { kind: "goto"; screen: string }
  | { kind: "back" }
  | { kind: "reveal"; target: Selector }
  | { kind: "hide"; target: Selector }
  | {
    kind: "set";
    target: Selector;
    label?: string | null;
    value?: string | null;
    traits?: string[];
    frame?: Frame;
  }
  /** Adds 1 to the last integer in the target's label (or value when the label has none). */
  | { kind: "increment"; target: Selector }
  | { kind: "alert"; alert: string }
  | { kind: "collapse"; forMs: number; mode: CollapseMode }
  | { kind: "exchange"; exchange: FakeExchangeSpec };

export type FakeEffect = FakeEffectBody & { afterMs: number };

/** The driver events a reaction can listen to. */
export type FakeTriggerKind =
  | "tap"
  | "doubleTap"
  | "longPress"
  | "submit"
  | "type"
  | "selectOption"
  | "setPickerValue";

export type FakeTrigger = { kind: FakeTriggerKind; target: Selector } | { kind: "back" };

/**
 * "When X happens (on screen S, while every `when` selector matches and no `unless` selector
 * does), do `then`". The first matching rule in file order fires.
 */
export interface FakeReactionSpec {
  on: FakeTrigger;
  screen: string | null;
  when: Selector[];
  unless: Selector[];
  then: FakeEffect[];
}

/**
 * Effects at a virtual time: `atMs` since launch, or `afterEnterMs` since `screen` was last
 * entered (cancelled when the screen is left first).
 */
export interface FakeTimerSpec {
  at: { from: "launch"; ms: number } | { from: "screen"; ms: number };
  /** Required for screen-relative timers; for launch timers, the screen the effects edit. */
  screen: string | null;
  then: FakeEffect[];
}

export interface FakeAlertButtonSpec {
  label: string;
  identifier: string | null;
  then: FakeEffect[];
}

/** A system alert: covers the whole screen until one of its buttons is tapped. */
export interface FakeAlertSpec {
  name: string;
  title: string;
  message: string | null;
  buttons: FakeAlertButtonSpec[];
  /** true: while up, `query()` shows only the alert (the app tree is hidden). */
  hidesTree: boolean;
}

/** Throw `BackendCrashError` at the `atCall`-th counted call, `times` times (Infinity = always). */
export interface FakeCrashSpec {
  atCall: number;
  /** Count only calls of this Driver method; null = every Driver method call. */
  method: string | null;
  times: number;
}

export interface FakeLatencySpec {
  queryMs: number;
  actionMs: number;
}

export interface FakeAppSpec {
  name: string;
  /** Screen size in points; the alert scrim, the root element and `viewport()` use it. */
  size: [w: number, h: number];
  initial: string;
  screens: Map<string, FakeScreenSpec>;
  reactions: FakeReactionSpec[];
  timers: FakeTimerSpec[];
  alerts: Map<string, FakeAlertSpec>;
  crashes: FakeCrashSpec[];
  latency: FakeLatencySpec;
  /** null = no network collector (capability `network` absent); else the seeded exchanges. */
  network: FakeExchangeSpec[] | null;
  /** The screen at launch cycles through a list, counted in a state file; null = `initial`. */
  launchCycle?: FakeLaunchCycle | null;
}
