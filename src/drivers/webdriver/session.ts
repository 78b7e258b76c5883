/**
 * A W3C session: `POST /session` with `{capabilities: {alwaysMatch, firstMatch}}`, the id read
 * from `value.sessionId` (W3C, Appium) or the top-level `sessionId` (WebDriverAgent sends both,
 * older servers only the latter), the capabilities the server returned kept as given (a cloud
 * puts its session URLs there), and session-scoped calls built as `/session/{id}/…`.
 *
 * @module
 */
import type { CallOptions, WebDriverClient } from "./client.ts";
import { MalformedReply } from "./errors.ts";

/** The W3C capabilities request: `alwaysMatch` merged into each `firstMatch` entry. */
export interface CapabilitiesRequest {
  alwaysMatch?: Record<string, unknown>;
  firstMatch?: Record<string, unknown>[];
}

/**
 * Per-attempt timeout of `POST /session`, seconds. Longer than a command's: WebDriverAgent
 * launches the app inside it (XCTest allows 60 s), and a cloud may queue the request for minutes.
 */
export const CREATE_SESSION_TIMEOUT_S = 120;

/**
 * An open session. Paths given to its calls are relative to `/session/{id}` and start with `/`.
 *
 * @example
 * ```ts
 * const session = await createSession(client, { alwaysMatch: { bundleId: "com.example.shop" } });
 * await session.post("/wda/tap", { x: 196.5, y: 785 });
 * const tree = await session.get("/source?format=json");
 * await session.deleteSession();
 * ```
 */
export class WebDriverSession {
  constructor(
    readonly client: WebDriverClient,
    readonly id: string,
    /** The capabilities the server returned, untouched. */
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** `/session/{id}` + `sub`. */
  path(sub = ""): string {
    return `/session/${encodeURIComponent(this.id)}${sub}`;
  }

  /** `GET /session/{id}{sub}` → value. */
  get(sub: string, options?: CallOptions): Promise<unknown> {
    return this.client.get(this.path(sub), options);
  }

  /** `POST /session/{id}{sub}` → value. */
  post(sub: string, body: unknown = {}, options?: CallOptions): Promise<unknown> {
    return this.client.post(this.path(sub), body, options);
  }

  /** `DELETE /session/{id}{sub}` → value. */
  delete(sub: string, options?: CallOptions): Promise<unknown> {
    return this.client.delete(this.path(sub), options);
  }

  /** `DELETE /session/{id}`: ends the session (WebDriverAgent also terminates the app). */
  async deleteSession(options?: CallOptions): Promise<void> {
    await this.client.delete(this.path(), options);
  }
}

/**
 * Opens a session. `POST /session` is a write: once it may have been delivered it is never
 * resent (a second session would replace the first on WebDriverAgent, or cost a cloud device).
 * A refusal (`session not created`) is a `WebDriverError` the caller may retry on its own terms.
 *
 * @example
 * ```ts
 * const session = await createSession(client, {
 *   alwaysMatch: { platformName: "iOS", "appium:automationName": "XCUITest" },
 *   firstMatch: [{}],
 * });
 * console.log(session.id, session.capabilities);
 * ```
 */
export async function createSession(
  client: WebDriverClient,
  capabilities: CapabilitiesRequest,
  options: CallOptions = {},
): Promise<WebDriverSession> {
  const envelope = await client.send("POST", "/session", {
    timeoutS: CREATE_SESSION_TIMEOUT_S,
    ...options,
    body: { capabilities: capabilitiesBody(capabilities) },
  });
  const value = isRecord(envelope.value) ? envelope.value : {};
  const id = typeof value.sessionId === "string" && value.sessionId !== ""
    ? value.sessionId
    : envelope.sessionId;
  if (id === null) {
    throw new MalformedReply(
      "webdriver: POST /session: reply names no session id (neither value.sessionId nor sessionId)",
    );
  }
  const returned = isRecord(value.capabilities) ? value.capabilities : {};
  return new WebDriverSession(client, id, returned);
}

function capabilitiesBody(request: CapabilitiesRequest): CapabilitiesRequest {
  const body: CapabilitiesRequest = { alwaysMatch: request.alwaysMatch ?? {} };
  if (request.firstMatch !== undefined) body.firstMatch = request.firstMatch;
  return body;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
