/**
 * The WebDriver client's errors. A reply the server sent as an error is a `WebDriverError`
 * (a broken channel until `toDriverError` in `error_mapping.ts` places it in the taxonomy); a
 * server that stops answering is a `RunnerCrashError`, which the pipeline's crash recovery handles.
 * No message here ever holds endpoint credentials: every text is built from redacted parts.
 *
 * @module
 */
import { BackendCrashError, ChannelError } from "../driver.ts";

/** The request a failure belongs to: method and path relative to the endpoint. */
export interface WireCall {
  method: string;
  path: string;
}

/** How a transport failure was judged (see `fetch_failure.ts`). */
export interface DeliveryFacts {
  /** The request may have reached the server (the connection had been made). */
  delivered: boolean;
  /** Delivered and no reply within the attempt's timeout. */
  hung: boolean;
}

/**
 * The automation server (WebDriverAgent, the UiAutomator2 server, an Appium endpoint) stopped
 * answering: refused, reset, hung, wedged, or a write whose effect is unknown. The pipeline
 * re-leases and reruns the scenario.
 *
 * @example
 * ```ts
 * try {
 *   await client.post("/session/abc/wda/tap", { x: 1, y: 2 });
 * } catch (e) {
 *   if (e instanceof RunnerCrashError && e.delivered) console.log("the tap may have happened");
 * }
 * ```
 */
export class RunnerCrashError extends BackendCrashError {
  override readonly code: string = "E_RUNNER_CRASH";
  readonly method: string;
  readonly path: string;
  readonly delivered: boolean;
  readonly hung: boolean;
  constructor(message: string, call: WireCall, facts: DeliveryFacts) {
    super(message);
    this.method = call.method;
    this.path = call.path;
    this.delivered = facts.delivered;
    this.hung = facts.hung;
  }
}

/** The server's own error reply, as it said it. */
export interface ErrorReply {
  /** `value.error` (`no such element` …); null when the reply had no W3C error body. */
  w3cError: string | null;
  httpStatus: number;
  /** `value.message`, or the first line of a non-JSON body; redacted. */
  serverMessage: string;
  /** `value.stacktrace` (W3C, UiAutomator2) or `value.traceback` (WebDriverAgent), trimmed. */
  stacktrace: string;
}

/**
 * An error reply from the server (a W3C error envelope, or a non-JSON error page). A
 * `ChannelError` as thrown; `toDriverError` turns the rows of the error table into
 * ElementNotFound, ElementNotTappable, UnsupportedAction, a session loss or an app crash.
 *
 * @example
 * ```ts
 * try {
 *   await session.post("/element", { using: "accessibility id", value: "checkout" });
 * } catch (e) {
 *   if (e instanceof WebDriverError && e.w3cError === "no such element") console.log("absent");
 * }
 * ```
 */
export class WebDriverError extends ChannelError {
  override readonly code: string = "E_WEBDRIVER";
  readonly method: string;
  readonly path: string;
  readonly w3cError: string | null;
  readonly httpStatus: number;
  readonly serverMessage: string;
  readonly stacktrace: string;
  constructor(call: WireCall, reply: ErrorReply) {
    const what = reply.w3cError ?? "non-WebDriver error reply";
    const said = reply.serverMessage === "" ? "" : `: ${reply.serverMessage}`;
    super(`webdriver: ${call.method} ${call.path} → ${reply.httpStatus} ${what}${said}`);
    this.method = call.method;
    this.path = call.path;
    this.w3cError = reply.w3cError;
    this.httpStatus = reply.httpStatus;
    this.serverMessage = reply.serverMessage;
    this.stacktrace = reply.stacktrace;
  }
}

/**
 * A success reply we cannot read: not JSON, no `value`, not an element reference, a screenshot
 * that is not a PNG. Always our bug or a broken server, never a step failure.
 *
 * @example
 * ```ts
 * throw new MalformedReply("GET /session/abc/screenshot: value is not base64 PNG");
 * ```
 */
export class MalformedReply extends ChannelError {
  override readonly code = "E_WEBDRIVER_REPLY";
}

/**
 * The session is gone (`invalid session id`: the server restarted, or the session was deleted or
 * timed out). A crash unless the backend recreates the session once.
 *
 * @example
 * ```ts
 * if (toDriverError(e) instanceof SessionLost) session = await client.createSession(caps);
 * ```
 */
export class SessionLost extends BackendCrashError {
  override readonly code = "E_SESSION_LOST";
  constructor(message: string, readonly reply: WebDriverError) {
    super(message);
  }
}

/**
 * The app under test is not running any more (WebDriverAgent: "… is not running, possibly
 * crashed"). A backend crash: the pipeline reruns the scenario on a fresh lease.
 *
 * @example
 * ```ts
 * const mapped = toDriverError(e);
 * if (mapped instanceof AppCrashed) console.log("the app died during", mapped.reply.path);
 * ```
 */
export class AppCrashed extends BackendCrashError {
  override readonly code = "E_APP_CRASHED";
  constructor(message: string, readonly reply: WebDriverError) {
    super(message);
  }
}

/**
 * The element reference went stale (`stale element reference`). The driver re-queries and
 * re-resolves a bounded number of times (`retryOnStale`), then reports ElementNotFound.
 *
 * @example
 * ```ts
 * if (toDriverError(e) instanceof StaleElement) await requery();
 * ```
 */
export class StaleElement extends ChannelError {
  override readonly code = "E_STALE_ELEMENT";
  constructor(message: string, readonly reply: WebDriverError) {
    super(message);
  }
}
