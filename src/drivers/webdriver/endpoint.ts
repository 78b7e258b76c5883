/**
 * A WebDriver endpoint URL split into what is sent and what is secret. A cloud endpoint carries
 * its credentials as URL userinfo (`https://user:key@hub.example/wd/hub`): they travel only as a
 * Basic `Authorization` header, never inside the request URL, and every text this module produces
 * passes through `redact` so neither the user nor the key can reach a message, log or report.
 *
 * @module
 */
import { ChannelError } from "../driver.ts";

/** What replaces a secret in any text. */
export const REDACTED = "***";

/**
 * The endpoint string is not an absolute http(s) URL (the message never repeats the input).
 *
 * @example
 * ```ts
 * try {
 *   parseEndpoint("user:key@host");
 * } catch (e) {
 *   if (e instanceof InvalidEndpoint) console.log(e.message); // names neither user nor key
 * }
 * ```
 */
export class InvalidEndpoint extends ChannelError {
  override readonly code = "E_WEBDRIVER_ENDPOINT";
}

/** A parsed endpoint: the request base, its display form and its credentials, kept apart. */
export interface Endpoint {
  /** `scheme://host[:port]/path` without userinfo, query or trailing slash: requests go here. */
  readonly baseUrl: string;
  /** The same as `baseUrl`: safe to show (kept separate so callers say what they mean). */
  readonly display: string;
  /** `Basic …` when the URL carried userinfo, else null. Never put this in a message. */
  readonly authorization: string | null;
  /** Replaces every credential form (raw, percent-decoded, Basic token) in `text` with `***`. */
  redact(text: string): string;
}

/**
 * The endpoint for display: `scheme://host[:port]/path`, without userinfo, query or fragment.
 * Accepts anything; a string that is not a URL becomes `<invalid endpoint>` rather than being
 * echoed (it may hold a key).
 *
 * @example
 * ```ts
 * redactedEndpoint("https://alice:s3cret@hub-cloud.browserstack.com/wd/hub");
 * // "https://hub-cloud.browserstack.com/wd/hub"
 * ```
 */
export function redactedEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "<invalid endpoint>";
  }
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${parsed.protocol}//${parsed.host}${path}`;
}

/**
 * Parses an endpoint. The userinfo becomes a Basic `Authorization` header (RFC 7617: the
 * percent-decoded `user:password` in base64); the URL used for requests has none.
 *
 * @example
 * ```ts
 * const ep = parseEndpoint("https://alice:s3cret@hub.example/wd/hub/");
 * ep.baseUrl; // "https://hub.example/wd/hub"
 * ep.authorization; // "Basic YWxpY2U6czNjcmV0"
 * ep.redact("login alice:s3cret failed"); // "login ***:*** failed"
 * ```
 */
export function parseEndpoint(url: string): Endpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidEndpoint(
      "webdriver endpoint is not a URL (expected http(s)://host[:port]/path)",
    );
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    // The scheme is not echoed: in `user:key@host` the "scheme" is the user name.
    throw new InvalidEndpoint("webdriver endpoint must be an http:// or https:// URL");
  }
  const rawUser = parsed.username;
  const rawPassword = parsed.password;
  const baseUrl = redactedEndpoint(url);
  if (rawUser === "" && rawPassword === "") {
    return { baseUrl, display: baseUrl, authorization: null, redact: (text) => text };
  }
  const user = safeDecode(rawUser);
  const password = safeDecode(rawPassword);
  const token = base64Utf8(`${user}:${password}`);
  const secrets = [...new Set([rawUser, rawPassword, user, password, token])]
    .filter((s) => s !== "")
    // Longest first, so a secret containing another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return {
    baseUrl,
    display: baseUrl,
    authorization: `Basic ${token}`,
    redact: (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text),
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
