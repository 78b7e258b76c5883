/**
 * WebDriver error replies placed in our error taxonomy (docs/backends.md, "The WebDriver
 * client"). The client throws every error reply as a `WebDriverError`; a backend calls
 * `toDriverError` where it knows the selector and the phase, so a missing element fails the step
 * while a broken channel aborts the run and a dead session or app goes to crash recovery.
 *
 * @module
 */
import type { Selector } from "../../scenario/types.ts";
import { DeviceError, ElementNotFound, ElementNotTappable, UnsupportedAction } from "../driver.ts";
import {
  AppCrashed,
  RunnerCrashError,
  SessionLost,
  StaleElement,
  WebDriverError,
} from "./errors.ts";

/** What an error reply means, one value per row of the error table. */
export type WebDriverErrorKind =
  | "elementNotFound"
  | "staleElement"
  | "sessionLost"
  | "appCrashed"
  | "notTappable"
  | "noSuchAlert"
  | "unsupported"
  | "timeout"
  | "badRequest"
  | "serverError";

/** WebDriverAgent's text when the app under test died ("… is not running, possibly crashed"). */
const APP_CRASHED = /is not running, possibly crashed/i;

/**
 * The row of the error table an error reply falls in.
 *
 * @example
 * ```ts
 * errorKind(err); // "elementNotFound" for `no such element`, "appCrashed" for WDA's crash text
 * ```
 */
export function errorKind(err: WebDriverError): WebDriverErrorKind {
  switch (err.w3cError) {
    case "no such element":
      return "elementNotFound";
    case "stale element reference":
      return "staleElement";
    case "invalid session id":
      return "sessionLost";
    case "invalid element state":
      return APP_CRASHED.test(err.serverMessage) ? "appCrashed" : "notTappable";
    case "element not visible":
    case "element not interactable":
    case "element click intercepted":
      return "notTappable";
    case "no such alert":
      return "noSuchAlert";
    case "unknown command":
    case "unknown method":
    case "unsupported operation":
      return "unsupported";
    case "timeout":
      return "timeout";
    case "invalid argument":
    case "invalid selector":
    case "invalid coordinates":
      return "badRequest";
    case null:
      return err.httpStatus === 408 ? "timeout" : "serverError";
    default:
      // `session not created`, `unable to capture screen`, `unknown error` and anything new.
      return "serverError";
  }
}

/** Where the call happened: during start-up a server failure is a device problem. */
export interface MappingContext {
  /** The selector the call acted for (for ElementNotFound); `{}` when none. */
  selector?: Selector;
  /** `start` (session creation, first contact) or `run` (a step); default `run`. */
  phase?: "start" | "run";
}

/**
 * Maps an error to our taxonomy. Anything that is not a `WebDriverError` is returned unchanged
 * (a `RunnerCrashError`, `RunCancelled`, an ElementNotFound raised host-side …).
 *
 * | `value.error` | Result |
 * |---|---|
 * | `no such element`, `no such alert` | ElementNotFound |
 * | `stale element reference` | StaleElement (re-query, see `retryOnStale`) |
 * | `invalid session id` | SessionLost (a BackendCrashError) |
 * | `invalid element state` with "is not running, possibly crashed" | AppCrashed (a BackendCrashError) |
 * | `invalid element state`, `element not visible`, `element not interactable` | ElementNotTappable |
 * | `unknown command`, `unknown method` | UnsupportedAction |
 * | `timeout` | RunnerCrashError (hung) |
 * | `invalid argument`, `invalid selector`, `invalid coordinates` | the WebDriverError (our bug: ChannelError) |
 * | `session not created`, `unable to capture screen`, `unknown error`, others | DeviceError at start, else the WebDriverError |
 *
 * @example
 * ```ts
 * try {
 *   await session.post(`/element/${ref}/click`);
 * } catch (e) {
 *   throw toDriverError(e, { selector: { id: "checkout" } });
 * }
 * ```
 */
export function toDriverError(err: unknown, context: MappingContext = {}): unknown {
  if (!(err instanceof WebDriverError)) return err;
  const message = err.message;
  switch (errorKind(err)) {
    case "elementNotFound":
    case "noSuchAlert":
      return withCause(new ElementNotFound(message, context.selector ?? {}), err);
    case "staleElement":
      return new StaleElement(message, err);
    case "sessionLost":
      return new SessionLost(message, err);
    case "appCrashed":
      return new AppCrashed(`the app under test crashed: ${message}`, err);
    case "notTappable":
      return withCause(new ElementNotTappable(message), err);
    case "unsupported":
      return new UnsupportedAction(message, { cause: err });
    case "timeout":
      return new RunnerCrashError(message, err, { delivered: true, hung: true });
    case "badRequest":
      return err;
    case "serverError":
      return context.phase === "start" ? new DeviceError(message, { cause: err }) : err;
  }
}

/**
 * True for a `no such alert` reply: the driver reads it as "no alert shown" (an empty list).
 *
 * @example
 * ```ts
 * const labels = await session.get("/wda/alert/buttons").catch((e) => {
 *   if (isNoSuchAlert(e)) return [];
 *   throw e;
 * });
 * ```
 */
export function isNoSuchAlert(err: unknown): boolean {
  return err instanceof WebDriverError && errorKind(err) === "noSuchAlert";
}

/**
 * True for a stale element reference, raw or mapped.
 *
 * @example
 * ```ts
 * if (isStaleElement(e)) await requery();
 * ```
 */
export function isStaleElement(err: unknown): boolean {
  return err instanceof StaleElement ||
    (err instanceof WebDriverError && errorKind(err) === "staleElement");
}

function withCause<T extends Error>(mapped: T, cause: WebDriverError): T {
  Object.defineProperty(mapped, "cause", { value: cause, enumerable: false, configurable: true });
  return mapped;
}
