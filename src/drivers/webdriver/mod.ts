/**
 * The W3C WebDriver client shared by the iOS (WebDriverAgent), Android (UiAutomator2 server) and
 * remote (Appium, Selenium Grid, device clouds) backends: transport rules, the reply envelope,
 * error mapping, sessions, element references, pointer actions and screenshots. See
 * docs/backends.md, "The WebDriver client".
 *
 * @example
 * ```ts
 * import { createSession, tapActions, toDriverError, WebDriverClient } from "../webdriver/mod.ts";
 * const client = new WebDriverClient({ endpoint: "http://127.0.0.1:8100", clock, signal });
 * try {
 *   const session = await createSession(client, { alwaysMatch: { bundleId: "com.example.shop" } });
 *   await session.post("/actions", tapActions([196, 785]));
 * } catch (e) {
 *   throw toDriverError(e, { selector: { id: "checkout" } });
 * } finally {
 *   client.close();
 * }
 * ```
 *
 * @module
 */
export { type CallOptions, WebDriverClient } from "./client.ts";
export {
  type Endpoint,
  InvalidEndpoint,
  parseEndpoint,
  REDACTED,
  redactedEndpoint,
} from "./endpoint.ts";
export { type Envelope, isTimeoutReply, readEnvelope, readTextReply } from "./envelope.ts";
export {
  AppCrashed,
  type DeliveryFacts,
  type ErrorReply,
  MalformedReply,
  RunnerCrashError,
  SessionLost,
  StaleElement,
  WebDriverError,
  type WireCall,
} from "./errors.ts";
export {
  errorKind,
  isNoSuchAlert,
  isStaleElement,
  type MappingContext,
  toDriverError,
  type WebDriverErrorKind,
} from "./error_mapping.ts";
export {
  elementRef,
  LEGACY_ELEMENT_KEY,
  readElementRef,
  readElementRefs,
  W3C_ELEMENT_KEY,
} from "./element_ref.ts";
export { classifyFetchFailure, describeFetchFailure, type FetchFailure } from "./fetch_failure.ts";
export { type ExecuteBody, executeMobile, mobileCommandBody } from "./mobile_command.ts";
export {
  type ActionsBody,
  doubleTapActions,
  dragActions,
  longPressActions,
  pinchActions,
  type PointerAction,
  type PointerSource,
  rotateActions,
  scrollActions,
  tapActions,
  type TwoFingerBody,
} from "./pointer_actions.ts";
export { pngFromBase64 } from "./screenshot.ts";
export {
  type CapabilitiesRequest,
  CREATE_SESSION_TIMEOUT_S,
  createSession,
  WebDriverSession,
} from "./session.ts";
export { retryOnStale, STALE_ATTEMPTS } from "./stale_retry.ts";
export {
  type AttemptDeadline,
  BACKOFF_BASE_S,
  GET_TIMEOUT_S,
  type HttpMethod,
  type HttpReply,
  MAX_ATTEMPTS,
  POST_TIMEOUT_S,
  type RequestOptions,
  timerDeadline,
  Transport,
  type TransportOptions,
  WEDGED_AFTER_HUNG,
} from "./transport.ts";
