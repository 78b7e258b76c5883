/**
 * The Driver seam: the one interface the run loop depends on, its value types and its error
 * taxonomy. Every backend implements it in its own folder `src/drivers/<name>/`, next to its
 * environment (`environment.ts`) and its descriptor, which is listed in `registry.ts`. Adding a
 * backend is that folder plus one registry line; `tests/drivers/contract.ts` is the suite every
 * driver must pass.
 *
 * @example
 * ```ts
 * import { type Driver, ElementNotFound, isStepLevelError } from "./driver.ts";
 * async function tapLogin(driver: Driver): Promise<string | null> {
 *   try {
 *     await driver.tap({ id: "login.submit" });
 *     return null;
 *   } catch (err) {
 *     if (isStepLevelError(err)) return err.message; // the step fails, the run goes on
 *     throw err; // a crash or a device error propagates
 *   }
 * }
 * ```
 *
 * @module
 */
import type { Selector } from "../model/selector.ts";
import type { KeyChord } from "../model/key_chord.ts";
import type { ActuatorName } from "../model/backend_names.ts";
import type { Frame, Point } from "../model/geometry.ts";
import type { Element } from "../model/element.ts";
import type { ActuationDrain } from "../model/actuation.ts";
import type { Exchange } from "../model/exchange.ts";
import type { DialogRecord } from "../model/dialog_record.ts";

// The value types live in src/model (imported by every stage); re-exported so the seam reads whole.
export type { Frame, Point } from "../model/geometry.ts";
export type { Element } from "../model/element.ts";
export type { Actuation, ActuationDrain, Gesture } from "../model/actuation.ts";
export type { Exchange } from "../model/exchange.ts";
export type { DialogRecord } from "../model/dialog_record.ts";

/**
 * The actuator names of the backends, from the backend names table (src/model/backend_names.ts).
 *
 * @example
 * ```ts
 * const name: DriverName = "playwright";
 * ```
 */
export type DriverName = ActuatorName;

/**
 * Capability tokens (docs/backends.md#capabilities); preflight fails a scenario that needs one its
 * backend lacks.
 *
 * @example
 * ```ts
 * if (!driver.capabilities().has("multiTouch")) throw new UnsupportedAction("pinch needs multiTouch");
 * ```
 */
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
  | "hover"
  | "keyPress"
  | "secondaryTap"
  | "tapOffset"
  | string;

/**
 * A running interval capture a driver can stop (video, device log).
 *
 * @example
 * ```ts
 * const log = await driver.driverInterval?.("deviceLog", "step3/device.log");
 * await driver.tap({ id: "save" });
 * await log?.stop(); // the file is complete now
 * ```
 */
export interface DriverInterval {
  kind: string;
  path: string;
  stop(): Promise<void>;
}

/**
 * How a tap is delivered (docs/scenario-language.md#taps): which pointer button, and where inside
 * the element, as fractions of its frame (`[0.5, 0.5]`, the centre, when absent). A backend that
 * cannot honour an option lacks its capability (`secondaryTap`, `tapOffset`), so preflight
 * rejects the scenario before it runs.
 *
 * @example
 * ```ts
 * await driver.tap({ id: "row.3" }, { button: "secondary" }); // a context click
 * await driver.tap({ id: "slider" }, { at: [0.9, 0.5] }); // near the right edge
 * ```
 */
export interface TapOptions {
  button?: "primary" | "secondary";
  at?: Point;
}

/**
 * A settle the driver ran inside an action (the web driver's scroll settle), recorded as a wait
 * on the step it happened in (docs/reports.md#waits): `stable` when the screen held still for
 * `stableReads` reads, `timeout` when its frame or time bound ended it first.
 *
 * @example
 * ```ts
 * const s: DriverSettle = { kind: "scroll-settle", endedBy: "stable", reads: 4, seconds: 0.05, timeoutS: 2, stableReads: 2 };
 * ```
 */
export interface DriverSettle {
  kind: string;
  endedBy: "stable" | "timeout";
  reads: number;
  seconds: number;
  timeoutS: number;
  stableReads?: number;
}

/**
 * Which answer a backend gives a JavaScript dialog of each kind; `fail` dismisses it and marks it
 * unexpected, which fails the step it appeared in (dialog handling turned off).
 *
 * @example
 * ```ts
 * const policy: DialogPolicy = { default: "dismiss", byKind: { confirm: "accept" } };
 * ```
 */
export interface DialogPolicy {
  default: "accept" | "dismiss" | "fail";
  byKind: Record<string, "accept" | "dismiss">;
}

/**
 * The contract every backend fulfils. All calls are async because real backends talk to a
 * process, a browser or an HTTP runner. Selectors resolve host-side over `query()` with
 * `resolveUnique` (`src/selectors/`); the tap family then checks that nothing covers the target.
 *
 * @example
 * ```ts
 * const tree = await driver.query(); // document order
 * if (await driver.isTappable({ id: "name" })) await driver.tap({ id: "name" });
 * await driver.typeText("Ada");
 * await driver.screenshot("after.png");
 * ```
 */
export interface Driver {
  readonly name: DriverName;
  query(): Promise<Element[]>;
  /** Options beyond a primary tap at the centre need the matching capability. */
  tap(sel: Selector, opts?: TapOptions): Promise<void>;
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

  // Optional, feature-detected (and declared as a capability, so preflight can refuse a scenario
  // that needs one the backend lacks).
  /** Moves the pointer over the element (capability `hover`). */
  hover?(sel: Selector): Promise<void>;
  /** Presses a key chord on whatever has focus (capability `keyPress`; src/model/key_chord.ts). */
  press?(chord: KeyChord): Promise<void>;
  /** Sets how JavaScript dialogs are answered from now on (web). */
  answerDialogs?(policy: DialogPolicy): void;
  /** The JavaScript dialogs answered since the previous drain, oldest first. */
  drainDialogs?(): DialogRecord[];
  /** The settles the driver ran inside its actions since the previous drain, oldest first. */
  drainSettles?(): DriverSettle[];
  /**
   * The tree read last, while no command was sent since and it is young enough to act on (the
   * rule the driver's own taps resolve by); null otherwise. A step that needs geometry or a
   * "before" tree uses it instead of reading a screen that cannot have changed since.
   */
  recentTree?(): Element[] | null;
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
// Errors (docs/architecture.md#driver-errors). Each has a stable `code`.

/**
 * Base of every error a driver raises on purpose. {@link isStepLevelError} splits the family:
 * resolution, cover and unsupported-action errors fail the step; crashes, device and channel
 * errors propagate to the runner.
 *
 * @example
 * ```ts
 * throw new DeviceError("simctl boot timed out"); // code E_DEVICE: the run ends with exit 2
 * ```
 */
export class DriverError extends Error {
  readonly code: string = "E_DRIVER";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A short description of a candidate element for error texts.
 *
 * @example
 * ```ts
 * const candidate: Candidate = { identifier: null, label: "Buy", frame: [20, 200, 120, 44] };
 * ```
 */
export interface Candidate {
  identifier: string | null;
  label: string | null;
  frame: Frame;
}

/**
 * Resolution failed: zero or several matches.
 *
 * @example
 * ```ts
 * if (err instanceof SelectorError) console.log(err.selector, err.candidates);
 * ```
 */
export class SelectorError extends DriverError {
  override readonly code: string = "E_SELECTOR";
  constructor(message: string, readonly selector: Selector, readonly candidates: Candidate[] = []) {
    super(message);
  }
}

/**
 * No element matches the selector (or `index` is out of range).
 *
 * @example
 * ```ts
 * throw new ElementNotFound('no match: {"id":"nope"}', { id: "nope" });
 * ```
 */
export class ElementNotFound extends SelectorError {
  override readonly code = "E_NOT_FOUND";
}

/**
 * Several elements match and nothing tells them apart; `candidates` lists them.
 *
 * @example
 * ```ts
 * throw new AmbiguousSelector("ambiguous: 2 matches for {\"label\":\"Buy\"} — add within or index", {
 *   label: "Buy",
 * }, candidates);
 * ```
 */
export class AmbiguousSelector extends SelectorError {
  override readonly code = "E_AMBIGUOUS";
}

/**
 * Resolution succeeded but something else is on top of the target's centre.
 *
 * @example
 * ```ts
 * const cover = { identifier: "cookie.banner", label: null, frame: [0, 700, 390, 144] };
 * throw new ElementNotTappable("not tappable: covered by id=cookie.banner@[0,700,390,144]", cover);
 * ```
 */
export class ElementNotTappable extends DriverError {
  override readonly code = "E_NOT_TAPPABLE";
  constructor(message: string, readonly cover: Candidate | null = null) {
    super(message);
  }
}

/**
 * The backend cannot do this action; the step fails.
 *
 * @example
 * ```ts
 * throw new UnsupportedAction("setPickerValue is iOS-only; use selectOption on a web <select>");
 * ```
 */
export class UnsupportedAction extends DriverError {
  override readonly code: string = "E_UNSUPPORTED_ACTION";
}

/**
 * The action needs a person (a `manual` step in an unattended run).
 *
 * @example
 * ```ts
 * throw new ManualStepRequired("manual step: scan the QR code with a phone");
 * ```
 */
export class ManualStepRequired extends UnsupportedAction {
  override readonly code = "E_MANUAL";
}

/**
 * Not implemented by this backend yet; the step fails.
 *
 * @example
 * ```ts
 * throw new NotImplementedByBackend("rotate is not implemented on adb yet");
 * ```
 */
export class NotImplementedByBackend extends DriverError {
  override readonly code = "E_NOT_IMPLEMENTED";
}

/**
 * The backend process died; the pipeline may re-lease and rerun the scenario.
 *
 * @example
 * ```ts
 * throw new BackendCrashError("the page crashed", { cause: err });
 * ```
 */
export class BackendCrashError extends DriverError {
  override readonly code: string = "E_BACKEND_CRASH";
}

/**
 * Lifecycle / CLI / browser wedge failure; propagates and ends the run with exit 2.
 *
 * @example
 * ```ts
 * throw new DeviceError("web: the target has no baseUrl to open");
 * ```
 */
export class DeviceError extends DriverError {
  override readonly code: string = "E_DEVICE";
}

/**
 * The device or browser is gone for good (its process exited, its connection closed): no later
 * call can succeed, so nothing waits or retries on it (the readiness gate ends at once).
 *
 * @example
 * ```ts
 * throw new DeviceGone("playwright: the browser process exited during query");
 * ```
 */
export class DeviceGone extends DeviceError {
  override readonly code: string = "E_DEVICE_GONE";
}

/**
 * A device or browser operation outlived its bound.
 *
 * @example
 * ```ts
 * throw new DeviceTimeout("query took longer than 30s: the browser is wedged");
 * ```
 */
export class DeviceTimeout extends DeviceError {
  override readonly code = "E_DEVICE_TIMEOUT";
}

/**
 * A broken channel or a bad reply from a resident runner or WebDriver endpoint.
 *
 * @example
 * ```ts
 * throw new ChannelError("POST /session answered 500: no JSON body");
 * ```
 */
export class ChannelError extends DriverError {
  override readonly code: string = "E_CHANNEL";
}

/**
 * A text action found nothing to type into: no editable element has focus (a tap on `into` that
 * focused nothing, or none at all). Without it the keys would go nowhere and the step pass.
 *
 * @example
 * ```ts
 * throw new NothingFocused("type: nothing is focused");
 * ```
 */
export class NothingFocused extends DriverError {
  override readonly code = "E_NOT_FOCUSED";
}

/**
 * The element resolved but is disabled: a tap on it would do nothing (web), so the step fails
 * instead of passing having done nothing. Not a cover: no recovery scroll helps.
 *
 * @example
 * ```ts
 * throw new ElementDisabled('not enabled: id=save@[16,600,358,44] is disabled');
 * ```
 */
export class ElementDisabled extends DriverError {
  override readonly code = "E_DISABLED";
}

/**
 * Errors the step body turns into a failed step (README resolved inconsistency 19).
 *
 * @example
 * ```ts
 * isStepLevelError(new ElementNotFound("no match: id=x", { id: "x" })); // true
 * isStepLevelError(new BackendCrashError("runner died")); // false: crash recovery
 * ```
 */
export function isStepLevelError(err: unknown): err is DriverError {
  return err instanceof SelectorError || err instanceof ElementNotTappable ||
    err instanceof UnsupportedAction || err instanceof NotImplementedByBackend ||
    err instanceof NothingFocused || err instanceof ElementDisabled;
}
