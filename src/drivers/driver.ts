/**
 * The Driver seam (drivers.md §1–4): the one interface the run loop depends on. Every backend
 * (fake, web, ios, android) implements it in its own folder; nothing else changes when one is added.
 *
 * @module
 */
import type { Selector } from "../scenario/types.ts";
import type { ActuatorName } from "./registry.ts";

export type Point = [x: number, y: number];
export type Frame = [x: number, y: number, w: number, h: number];

/** One node of the flat, document-ordered element tree (selectors-assertions.md §1). */
export interface Element {
  identifier: string | null;
  label: string | null;
  value: string | null;
  traits: string[];
  frame: Frame;
  /** Diagnostic only: never matched, never compared. */
  nativeZ: number | null;
}

export type Gesture =
  | "tap"
  | "doubleTap"
  | "longPress"
  | "swipe"
  | "scroll"
  | "pinch"
  | "rotate"
  | "typeText"
  | "deleteText"
  | "selectAll"
  | "copy"
  | "selectOption"
  | "setPickerValue"
  | "systemAlert"
  | "back";

/** What the driver actually sent (drivers.md §3). Never holds typed text or labels. */
export interface Actuation {
  gesture: Gesture;
  via: "coordinate" | "handle" | "identity" | "bridge" | "focused" | "key" | "history";
  unit: "point" | "pixel" | "cssPixel";
  points: Point[];
  frame: Frame | null;
  /** The resolved identifier only. */
  target: string | null;
  accepted: boolean;
  durationS: number | null;
  scale: number | null;
  radians: number | null;
  substitution: string | null;
}

export interface ActuationDrain {
  actuations: Actuation[];
  dropped: number;
}

/** The actuator names of the registered backends (`src/drivers/registry.ts`). */
export type DriverName = ActuatorName;

/** Capability tokens (drivers.md §4). */
export type Capability =
  | "query"
  | "elements"
  | "screenshot"
  | "multiTouch"
  | "textSelection"
  | "semanticTap"
  | "conditionWait"
  | "network"
  | "selectOption"
  | "handleSystemAlert"
  | "pickerWheel"
  | string;

/** One exchange seen by a network collector (selectors-assertions.md §6). */
export interface Exchange {
  method: string;
  url: string;
  path: string;
  status: number | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  startedAt: number;
  durationMs: number;
  mocked: boolean;
}

/** A running interval capture a driver can stop (video, device log). */
export interface DriverInterval {
  kind: string;
  path: string;
  stop(): Promise<void>;
}

/**
 * The contract every backend fulfils. All calls are async because real backends talk to a
 * process, a browser or an HTTP runner.
 */
export interface Driver {
  readonly name: DriverName;
  query(): Promise<Element[]>;
  tap(sel: Selector): Promise<void>;
  doubleTap(sel: Selector): Promise<void>;
  longPress(sel: Selector, seconds: number): Promise<void>;
  /** Pure check: not found → false; ambiguous still throws. */
  isTappable(sel: Selector): Promise<boolean>;
  tapPoint(p: Point): Promise<void>;
  /** A literal drag (pan, drag handle, the `drag` action). */
  swipe(from: Point, to: Point): Promise<void>;
  /** A directional, non-inertial scroll: content stops where the gesture ends. */
  scroll(from: Point, to: Point): Promise<void>;
  back(): Promise<void>;
  pinch(sel: Selector, scale: number): Promise<void>;
  rotate(sel: Selector, radians: number): Promise<void>;
  typeText(text: string): Promise<void>;
  deleteText(count: number): Promise<void>;
  selectAll(): Promise<void>;
  copySelection(): Promise<void>;
  selectOption(sel: Selector, value: string): Promise<void>;
  setPickerValue(sel: Selector, value: string): Promise<void>;
  handleSystemAlert(sel: Selector, timeoutS: number): Promise<void>;
  systemAlertLabels(): Promise<string[]>;
  /** Single-shot check of the current screen; never loops. */
  waitFor(sel: Selector): Promise<boolean>;
  /** Writes a PNG to `path`; fails loudly rather than writing junk. */
  screenshot(path: string): Promise<void>;
  capabilities(): Set<Capability>;

  // Optional, feature-detected.
  viewport?(): Promise<{ width: number; height: number }>;
  drainActuations?(): ActuationDrain;
  /** Exchanges observed so far (network collector), in timeline order. */
  exchanges?(): Exchange[];
  driverInterval?(kind: string, path: string): Promise<DriverInterval | null>;
  /** Screenshot as PNG bytes without touching the file system (fast path for sinks). */
  screenshotBytes?(): Promise<Uint8Array>;
  close?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Errors (drivers.md §2). Each has a stable `code`.

/** Base of every error a driver raises on purpose. */
export class DriverError extends Error {
  readonly code: string = "E_DRIVER";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A short description of a candidate element for error texts. */
export interface Candidate {
  identifier: string | null;
  label: string | null;
  frame: Frame;
}

/** Resolution failed: zero or several matches. */
export class SelectorError extends DriverError {
  override readonly code: string = "E_SELECTOR";
  constructor(message: string, readonly selector: Selector, readonly candidates: Candidate[] = []) {
    super(message);
  }
}

export class ElementNotFound extends SelectorError {
  override readonly code = "E_NOT_FOUND";
}

export class AmbiguousSelector extends SelectorError {
  override readonly code = "E_AMBIGUOUS";
}

/** Resolution succeeded but something else is on top of the target's centre. */
export class ElementNotTappable extends DriverError {
  override readonly code = "E_NOT_TAPPABLE";
  constructor(message: string, readonly cover: Candidate | null = null) {
    super(message);
  }
}

/** The backend cannot do this action. */
export class UnsupportedAction extends DriverError {
  override readonly code: string = "E_UNSUPPORTED_ACTION";
}

export class ManualStepRequired extends UnsupportedAction {
  override readonly code = "E_MANUAL";
}

/** Not implemented by this backend yet (the seed's NotImplementedError). */
export class NotImplementedByBackend extends DriverError {
  override readonly code = "E_NOT_IMPLEMENTED";
}

/** The backend process died; the pipeline may re-lease and rerun the scenario. */
export class BackendCrashError extends DriverError {
  override readonly code: string = "E_BACKEND_CRASH";
}

/** Lifecycle / CLI / browser wedge failure; propagates and ends the run with exit 2. */
export class DeviceError extends DriverError {
  override readonly code: string = "E_DEVICE";
}

export class DeviceTimeout extends DeviceError {
  override readonly code = "E_DEVICE_TIMEOUT";
}

/** A broken channel or a bad reply from a resident runner or WebDriver endpoint. */
export class ChannelError extends DriverError {
  override readonly code: string = "E_CHANNEL";
}

/** Errors the step body turns into a failed step (README resolved inconsistency 19). */
export function isStepLevelError(err: unknown): err is DriverError {
  return err instanceof SelectorError || err instanceof ElementNotTappable ||
    err instanceof UnsupportedAction || err instanceof NotImplementedByBackend;
}
