/**
 * Steps of the scenario language: one typed body per DSL action name.
 *
 * @module
 */
import type { Point } from "./geometry.ts";
import type { Selector } from "./selector.ts";
import type { Assertion, RequestMatch } from "./assertion.ts";
import type { CaptureToken } from "./capture.ts";
import type { SourcePos } from "./source_pos.ts";

// ---------------------------------------------------------------------------------------------
// Steps (docs/scenario-language.md#steps)

export type Direction = "up" | "down" | "left" | "right";

export type Until =
  | { kind: "screenChanged" }
  | { kind: "settled" }
  | { kind: "gone"; sel: Selector }
  | { kind: "request"; match: RequestMatch }
  /** Every assertion holds on one read (docs/scenario-language.md#wait-until-assert). */
  | { kind: "assert"; assertions: Assertion[] };

export type WaitSpec =
  | { for: Selector; timeout: number }
  | { until: Until; timeout: number };

export interface ExtractSpec {
  sel: Selector;
  prop: "value" | "label" | "identifier";
}

export type GenerateSpec =
  | {
    random:
      | { string: { length: number; charset: "alnum" | "alpha" | "numeric" | "hex" } }
      | { int: { min: number; max: number } }
      | { float: { min: number; max: number; precision?: number } }
      | { uuid: Record<string, never> };
    into: { var: string };
  }
  | {
    datetime: {
      format?: string;
      offsetSeconds?: number;
      offsetMinutes?: number;
      offsetHours?: number;
      offsetDays?: number;
      timezone?: string;
    };
    into: { var: string };
  };

/**
 * The long form of `tap` (docs/scenario-language.md#taps): which pointer button, and where inside
 * the element as fractions of its frame (`{x: 0.5, y: 0.5}`, the centre, when absent).
 */
export interface TapSpec {
  sel: Selector;
  button?: "primary" | "secondary";
  at?: { x: number; y: number };
}

/** Every step body, keyed by its DSL action name. */
export interface StepBodies {
  /** A bare selector, or the long form with options. */
  tap: Selector | TapSpec;
  /** A key chord (src/model/key_chord.ts), after a reachable tap on `into` when given. */
  press: { key: string; into?: Selector };
  hover: Selector;
  doubleTap: Selector;
  longPress: { sel: Selector; duration: number };
  tapPoint: { x: number; y: number };
  type: { text: string; into?: Selector; submit: boolean };
  clear: { into: Selector };
  delete: { into: Selector; count: number };
  select: { into: Selector; mode: "all" };
  copy: Record<string, never>;
  selectOption: { sel: Selector; option: string };
  setPickerValue: { sel: Selector; value: string };
  swipe:
    | { on: Selector; direction: Direction; amount?: number }
    | { from: Point; to: Point };
  drag: { on: Selector; direction: Direction; amount?: number };
  scroll: { to: Selector; direction: Direction; within?: Selector; maxScrolls: number };
  back: Record<string, never>;
  pinch: { sel: Selector; scale: number };
  rotate: { sel: Selector; radians: number };
  wait: WaitSpec;
  assert: Assertion[];
  relaunch: { env?: Record<string, string>; args?: string[] };
  setLocation: { lat: number; lon: number };
  push: { payload: Record<string, unknown> };
  http: {
    url: string;
    method: string;
    headers?: Record<string, string>;
    body?: string;
    status?: number;
    saveBody?: string;
  };
  totp: { secret: string; into: { var: string } };
  email: {
    match: { to?: string; subject?: string; subjectMatches?: string };
    extract: { var: string; bodyMatches: string };
    timeout: number;
  };
  generate: GenerateSpec;
  background: Record<string, never>;
  foreground: Record<string, never>;
  clearKeychain: Record<string, never>;
  clearClipboard: Record<string, never>;
  setClipboard: { text: string };
  overrideStatusBar: {
    time?: string;
    batteryLevel?: number;
    batteryState?: string;
    cellularBars?: number;
    wifiBars?: number;
  };
  clearStatusBar: Record<string, never>;
  handleSystemAlert:
    | { sel: Selector; timeout: number }
    | { prompt: string; choice: string; timeout: number };
  manual: { label: string; bypass?: string };
  if: { condition: Assertion; then: Step[]; else?: Step[] };
  forEach: { sel: Selector; as: string; steps: Step[] };
  web: { within: Selector; steps: Step[] };
}

/** A DSL action name (`use` never survives loading). */
export type ActionName = keyof StepBodies;

/** Modifiers any step may carry (control-flow steps reject capture/extract at load). */
export interface StepCommon {
  name?: string;
  from?: string;
  capture?: CaptureToken[];
  extract?: Record<string, ExtractSpec>;
  /** Source position of the step mapping (for reports and `::error` annotations). */
  pos?: SourcePos;
}

/** The discriminated union of step kinds: `step.action` selects the shape of `step.body`. */
export type Step = {
  [A in ActionName]: StepCommon & { action: A; body: StepBodies[A] };
}[ActionName];

/** Narrow a step to one action kind. */
export type StepOf<A extends ActionName> = Extract<Step, { action: A }>;

/** Leaf steps produce evidence; containers (if/forEach/web) do not. */
export const CONTAINER_ACTIONS: ReadonlySet<ActionName> = new Set(["if", "forEach", "web"]);
