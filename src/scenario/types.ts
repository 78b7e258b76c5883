/**
 * The typed form of a loaded scenario: what the loader produces and every later stage consumes.
 *
 * Field names follow the YAML keys (camelCase). Optional YAML keys stay optional here unless the
 * spec gives a default, in which case the loader fills it in (docs/scenario-language.md#defaults).
 *
 * @module
 */
import type { SourcePos } from "../yaml/pnode.ts";

/** A selector (docs/scenario-language.md#selectors). All present fields are AND-ed. */
export interface Selector {
  id?: string | string[];
  idMatches?: string | string[];
  label?: string;
  labelMatches?: string;
  traits?: string[];
  value?: string;
  within?: Selector;
  index?: number;
}

// ---------------------------------------------------------------------------------------------
// Network matching (docs/scenario-language.md#network-matching)

export interface RequestMatch {
  method?: string;
  url?: string;
  urlMatches?: string;
  path?: string;
  pathMatches?: string;
  status?: number;
  bodyMatches?: string;
  count?: number;
}

export interface Mock {
  match: RequestMatch;
  respond: { status: number; headers: Record<string, string>; body?: string; delayMs?: number };
}

// ---------------------------------------------------------------------------------------------
// Assertions (docs/scenario-language.md#assertions): exactly one kind per assertion.

export type StringOp = { equals: string } | { contains: string } | { matches: string };
export type CountOp = { equals: number } | { atLeast: number } | { atMost: number };

export type Assertion =
  | { kind: "exists"; sel: Selector; negate: boolean; from?: string }
  | { kind: "value"; sel: Selector; op: StringOp; from?: string }
  | { kind: "label"; sel: Selector; op: StringOp; from?: string }
  | { kind: "count"; sel: Selector; op: CountOp; from?: string }
  | { kind: "enabled"; sel: Selector; from?: string }
  | { kind: "disabled"; sel: Selector; from?: string }
  | { kind: "selected"; sel: Selector; from?: string }
  | { kind: "request"; match: RequestMatch; from?: string }
  | {
    kind: "event";
    method?: string;
    url?: string;
    urlMatches?: string;
    path?: string;
    pathMatches?: string;
    body?: Record<string, unknown>;
    count?: CountOp;
    from?: string;
  }
  | { kind: "requestSequence"; matches: RequestMatch[]; from?: string }
  | { kind: "responseSchema"; request: RequestMatch; schema: string; from?: string }
  | {
    kind: "visual";
    baseline: string;
    element?: Selector;
    compare?: "exact" | "pixelmatch";
    threshold: number;
    colorTolerance: number;
    antialiasing: boolean;
    exclude?: Array<{ x: number; y: number; w: number; h: number } | { selector: Selector }>;
    from?: string;
  }
  | { kind: "clipboard"; op: { equals: string } | { matches: string }; from?: string }
  | { kind: "golden"; path: string; from?: string };

export type AssertionKind = Assertion["kind"];

// ---------------------------------------------------------------------------------------------
// Evidence configuration (docs/scenario-language.md#capture-tokens,
// docs/scenario-language.md#capturepolicy-rules, docs/redaction.md)

/** `<kind>[.<modifier>]`, validated by the loader. */
export type CaptureToken = string;

export type Trigger =
  | { action: string; idMatches?: string }
  | { event: "screenChanged" }
  | { result: "error" };

export interface CaptureRule {
  on: Trigger;
  capture: CaptureToken[];
  from?: string;
}

export interface Redact {
  labels?: string[];
  headers?: string[];
  fields?: string[];
  unmaskHeaders?: string[];
  unmaskSecureFields?: boolean;
  unmaskCredentialNames?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Steps (docs/scenario-language.md#steps)

export type Direction = "up" | "down" | "left" | "right";
export type Point = [number, number];

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
  /** A key chord (src/drivers/keys.ts), after a reachable tap on `into` when given. */
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

// ---------------------------------------------------------------------------------------------
// Scenario (docs/scenario-language.md#a-scenario,
// docs/scenario-language.md#lifecycle-before-and-after)

export interface Preconditions {
  erase?: boolean;
  reinstall: "clean" | "overwrite";
  launchArgs: string[];
  launchEnv: Record<string, string>;
  deeplink?: string;
  /** Web: the page the scenario starts on, relative to the target's baseUrl (same origin). */
  url?: string;
  locale?: string;
  setup?: string;
}

export interface AfterRule {
  on: "always" | "success" | "error";
  steps: Step[];
}

export interface Interrupt {
  condition: Assertion;
  steps: Step[];
}

export type SystemAlertHandling = boolean | {
  enabled: boolean;
  rules?: Array<
    {
      prompt:
        | "notifications"
        | "tracking"
        | "paste"
        | "savePassword"
        | "alert"
        | "confirm"
        | "prompt"
        | "beforeunload";
      choice: "grant" | "deny";
    }
  >;
  instruction?: string | string[];
  /** Dismiss buttons to prefer, in order (the native guard's label list). */
  labels?: string[];
  pollInterval?: number;
};

export interface Scenario {
  name: string;
  description?: string;
  from?: string;
  tags: string[];
  preconditions: Preconditions;
  before: Step[];
  after: AfterRule[];
  steps: Step[];
  expect: Assertion[];
  capturePolicy: CaptureRule[];
  interrupts: Interrupt[];
  mocks: Mock[];
  network?: { filter?: { domains?: string[] } };
  redact?: Redact;
  systemAlertHandling?: SystemAlertHandling;
  permissions: Record<string, "grant" | "revoke">;
  /** Absolute path of the file the scenario was loaded from. */
  file?: string;
  /** Source position of the scenario mapping. */
  pos?: SourcePos;
}
