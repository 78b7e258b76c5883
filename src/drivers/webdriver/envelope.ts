/**
 * The reply envelope shared by WebDriverAgent, the UiAutomator2 server and Appium: success is
 * `{value, sessionId?}` (WDA sends `sessionId: null` without a session, UiAutomator2 `"None"`,
 * Appium nothing); an error is `{value: {error, message, stacktrace | traceback}}`. Errors are
 * recognised by `value.error`, not by status code, because the three disagree on codes (WDA
 * answers `timeout` with 408, W3C with 500). Non-JSON replies are handled on purpose: WDA's
 * `/health` is HTML, and a proxy in front of a grid answers HTML error pages.
 *
 * @module
 */
import { type ErrorReply, MalformedReply, WebDriverError, type WireCall } from "./errors.ts";
import type { HttpReply } from "./transport.ts";

/** A decoded success reply. */
export interface Envelope {
  value: unknown;
  /** The top-level `sessionId`; null when absent, null or UiAutomator2's `"None"`. */
  sessionId: string | null;
}

/** Longest server message kept; longer ones are cut with "…". */
const MAX_MESSAGE = 1000;
/** Longest stack trace kept. */
const MAX_STACKTRACE = 4000;

/**
 * Legacy JSON Wire Protocol status numbers (Appium 1 era, some clouds) and their W3C names, so
 * a `200 {status: 7}` reply is an error, not a success whose value is the error text.
 */
const JSONWP_STATUS: Record<number, string> = {
  6: "invalid session id",
  7: "no such element",
  9: "unknown command",
  10: "stale element reference",
  11: "element not visible",
  12: "invalid element state",
  13: "unknown error",
  21: "timeout",
  27: "no such alert",
  32: "invalid selector",
  33: "session not created",
};

/**
 * Decodes a JSON reply. Throws `WebDriverError` for an error reply (any status) and
 * `MalformedReply` for a success reply that is not a JSON envelope. `redact` scrubs the
 * endpoint's credentials from texts the server sent back.
 *
 * @example
 * ```ts
 * const reply = await transport.request("GET", "/status");
 * const { value } = readEnvelope(reply, { method: "GET", path: "/status" });
 * ```
 */
export function readEnvelope(
  reply: HttpReply,
  call: WireCall,
  redact: (text: string) => string = (t) => t,
): Envelope {
  const ok = reply.status >= 200 && reply.status < 300;
  if (reply.text.trim() === "") {
    if (ok) return { value: null, sessionId: null };
    throw new WebDriverError(call, {
      w3cError: null,
      httpStatus: reply.status,
      serverMessage: "empty reply",
      stacktrace: "",
    });
  }
  const parsed = parseJson(reply.text);
  if (!isRecord(parsed)) {
    if (!ok) throw new WebDriverError(call, nonJsonError(reply, redact));
    throw new MalformedReply(
      `webdriver: ${call.method} ${call.path}: reply is not a JSON envelope (${
        describeBody(reply, redact)
      })`,
    );
  }
  const error = errorIn(parsed, reply.status, redact);
  if (error) throw new WebDriverError(call, error);
  if (!ok) {
    throw new WebDriverError(call, {
      w3cError: null,
      httpStatus: reply.status,
      serverMessage: clip(redact(reply.text), MAX_MESSAGE),
      stacktrace: "",
    });
  }
  if (!("value" in parsed)) {
    throw new MalformedReply(
      `webdriver: ${call.method} ${call.path}: reply has no "value" (${
        describeBody(reply, redact)
      })`,
    );
  }
  return { value: parsed.value, sessionId: sessionIdOf(parsed.sessionId) };
}

/**
 * Reads a reply whose success body is plain text or HTML (WebDriverAgent's `GET /health`
 * answers `I-AM-ALIVE` in HTML). An error status still decodes as a WebDriver error.
 *
 * @example
 * ```ts
 * const reply = await transport.request("GET", "/health", { accept: "text/html" });
 * readTextReply(reply, { method: "GET", path: "/health" }).includes("I-AM-ALIVE"); // true
 * ```
 */
export function readTextReply(
  reply: HttpReply,
  call: WireCall,
  redact: (text: string) => string = (t) => t,
): string {
  if (reply.status >= 200 && reply.status < 300) return reply.text;
  readEnvelope(reply, call, redact); // throws: an error status never reads as success
  throw new WebDriverError(call, nonJsonError(reply, redact));
}

/**
 * True for a reply saying the command timed out inside the server: W3C `timeout` (500 in W3C and
 * Appium 4, 408 in WebDriverAgent and Appium ≤ 3), or a bare 408. The transport counts it as a
 * hang; the client turns it into a hung `RunnerCrashError`.
 *
 * @example
 * ```ts
 * isTimeoutReply({ status: 408, contentType: "application/json", text: '{"value":{"error":"timeout","message":""}}' }); // true
 * ```
 */
export function isTimeoutReply(reply: HttpReply): boolean {
  if (reply.status < 400) return false;
  const parsed = parseJson(reply.text);
  if (isRecord(parsed) && isRecord(parsed.value) && typeof parsed.value.error === "string") {
    return parsed.value.error === "timeout";
  }
  return reply.status === 408;
}

function errorIn(
  body: Record<string, unknown>,
  status: number,
  redact: (text: string) => string,
): ErrorReply | null {
  const value = body.value;
  if (isRecord(value) && typeof value.error === "string" && value.error !== "") {
    // A 2xx whose value merely has an `error` field is data unless it also has the message
    // every W3C error carries.
    if (status >= 400 || typeof value.message === "string") {
      return {
        w3cError: value.error,
        httpStatus: status,
        serverMessage: clip(redact(stringOf(value.message)), MAX_MESSAGE),
        stacktrace: clip(redact(stringOf(value.stacktrace ?? value.traceback)), MAX_STACKTRACE),
      };
    }
  }
  if (typeof body.status === "number" && body.status !== 0) {
    return {
      w3cError: JSONWP_STATUS[body.status] ?? "unknown error",
      httpStatus: status,
      serverMessage: clip(
        redact(isRecord(value) ? stringOf(value.message) : stringOf(value)),
        MAX_MESSAGE,
      ),
      stacktrace: "",
    };
  }
  return null;
}

function nonJsonError(reply: HttpReply, redact: (text: string) => string): ErrorReply {
  return {
    w3cError: null,
    httpStatus: reply.status,
    serverMessage: describeBody(reply, redact),
    stacktrace: "",
  };
}

/** `text/html: <first line, tags stripped>`: enough to recognise a proxy page or WDA's HTML. */
function describeBody(reply: HttpReply, redact: (text: string) => string): string {
  const plain = reply.text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  const type = reply.contentType.split(";")[0].trim() || "no content type";
  return `${type}: ${clip(redact(plain), 200)}`;
}

function sessionIdOf(raw: unknown): string | null {
  return typeof raw === "string" && raw !== "" && raw !== "None" ? raw : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stringOf(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  return JSON.stringify(v);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
