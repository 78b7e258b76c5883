/**
 * Replies of the fake W3C servers, shaped like the real ones (see docs/backends.md): success
 * `{value, sessionId}` with WebDriverAgent's `null`, UiAutomator2's `"None"` or Appium's absent
 * session id; errors `{value: {error, message, stacktrace}}` (WDA: `traceback`) with each
 * server's status code.
 *
 * @module
 */

/** Which real server the fake imitates. */
export type Flavor = "wda" | "uiautomator2" | "appium";

/** What a route handler answers. */
export type FakeReply =
  | { kind: "value"; value: unknown; status?: number }
  | { kind: "error"; error: string; message: string; status?: number; stacktrace?: string }
  | { kind: "raw"; status: number; body: string; contentType: string };

/**
 * A success reply carrying `value`.
 *
 * @example
 * ```ts
 * const routes = { "POST /session/:sid/wda/tap": () => ok(null) };
 * ```
 */
export function ok(value: unknown): FakeReply {
  return { kind: "value", value };
}

/**
 * A W3C error reply; the status defaults to the flavor's code for `error`.
 *
 * @example
 * ```ts
 * w3cError("no such element", "An element could not be located on the page using the given search parameters.");
 * ```
 */
export function w3cError(
  error: string,
  message: string,
  options: { status?: number; stacktrace?: string } = {},
): FakeReply {
  return { kind: "error", error, message, ...options };
}

/**
 * A reply that is not a WebDriver envelope (WDA's HTML `/health`, a proxy's error page).
 *
 * @example
 * ```ts
 * raw(200, "<html><body>I-AM-ALIVE</body></html>", "text/html");
 * ```
 */
export function raw(status: number, body: string, contentType = "text/plain"): FakeReply {
  return { kind: "raw", status, body, contentType };
}

/**
 * The status code each server uses for an error (W3C table; WDA and Appium ≤ 3 send 408 for
 * timeout).
 *
 * @example
 * ```ts
 * errorStatus("wda", "timeout"); // 408
 * errorStatus("appium", "no such element"); // 404
 * ```
 */
export function errorStatus(flavor: Flavor, error: string): number {
  if (error === "timeout") return flavor === "uiautomator2" ? 500 : 408;
  return ERROR_STATUS[error] ?? 500;
}

const ERROR_STATUS: Record<string, number> = {
  "no such element": 404,
  "stale element reference": 404,
  "invalid session id": 404,
  "no such alert": 404,
  "unknown command": 404,
  "unknown method": 405,
  "invalid element state": 400,
  "invalid argument": 400,
  "invalid selector": 400,
  "invalid coordinates": 400,
  "element not visible": 400,
  "element not interactable": 400,
  "session not created": 500,
  "unable to capture screen": 500,
  "unknown error": 500,
};

/**
 * The JSON body of a success reply, as the flavor sends it.
 *
 * @example
 * ```ts
 * successBody("uiautomator2", true, null); // { sessionId: "None", value: true }
 * ```
 */
export function successBody(flavor: Flavor, value: unknown, sessionId: string | null): unknown {
  switch (flavor) {
    case "wda":
      return { value, sessionId };
    case "uiautomator2":
      return { sessionId: sessionId ?? "None", value };
    case "appium":
      return { value };
  }
}

/**
 * The JSON body of an error reply, as the flavor sends it.
 *
 * @example
 * ```ts
 * errorBody("wda", "no such alert", "no alert open", "", "S1");
 * // { value: { error: "no such alert", message: "no alert open", traceback: "" }, sessionId: "S1" }
 * ```
 */
export function errorBody(
  flavor: Flavor,
  error: string,
  message: string,
  stacktrace: string,
  sessionId: string | null,
): unknown {
  switch (flavor) {
    case "wda":
      return { value: { error, message, traceback: stacktrace }, sessionId };
    case "uiautomator2":
      return { sessionId: sessionId ?? "None", value: { error, message, stacktrace } };
    case "appium":
      return { value: { error, message, stacktrace } };
  }
}

/**
 * The flavor's `GET /status` value.
 *
 * @example
 * ```ts
 * (statusValue("wda") as { ready: boolean }).ready; // true
 * ```
 */
export function statusValue(flavor: Flavor): unknown {
  switch (flavor) {
    case "wda":
      return {
        ready: true,
        message: "WebDriverAgent is ready to accept commands",
        state: "success",
        os: { name: "iOS", version: "18.4", sdkVersion: "18.4", testmanagerdVersion: 34 },
        ios: { simulatorVersion: "18.4", ip: null },
        build: {
          time: "Sep 10 2026 08:14:02",
          productBundleIdentifier: "com.facebook.WebDriverAgentRunner",
          version: "16.12.7",
        },
        device: "iphone",
      };
    case "uiautomator2":
      return {
        ready: true,
        message: "UiAutomator2 Server is ready to accept commands",
        build: { version: "10.6.2", versionCode: 274 },
      };
    case "appium":
      return { ready: true, message: "The server is ready to accept new connections" };
  }
}

/**
 * The flavor's text for an unknown session id.
 *
 * @example
 * ```ts
 * unknownSessionMessage("wda", "abc"); // "Session does not exist"
 * ```
 */
export function unknownSessionMessage(flavor: Flavor, sessionId: string): string {
  switch (flavor) {
    case "wda":
      return "Session does not exist";
    case "uiautomator2":
      return `The session identified by ${sessionId} is not known`;
    case "appium":
      return "A session is either terminated or not started";
  }
}
