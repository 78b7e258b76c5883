/**
 * The link to a remote session's own page (video, logs) on its device cloud, for the manifest and
 * the report (docs/backends.md#the-manifest-and-the-clouds-video): a URL the server returned in
 * the session's capabilities, else the page the cloud documents for a session id. No link holds
 * a credential: a returned URL with userinfo or a token-looking query is not used.
 *
 * - returned capabilities: the first http(s) URL under a key naming a session page, a video or a
 *   dashboard (`sessionUrl`, `…:testUrl`, `video_url`, `publicUrl` …), vendor blocks included;
 * - Sauce Labs (`ondemand.<region>.saucelabs.com`): `https://app.saucelabs.com/tests/<id>` (US
 *   West), `https://app.<region>.saucelabs.com/tests/<id>` elsewhere;
 * - BrowserStack (`hub*.browserstack.com`): `https://app-automate.browserstack.com/dashboard/v2/sessions/<id>`.
 *
 * @module
 */

/** Keys whose URL value is the session's page. */
const LINK_KEY = /(session|test|job|video|dashboard|public|browser)[_-]?(url|link)$|^(url|link)$/i;

function findLink(value: unknown, underKey: string, depth: number): string | null {
  if (depth > 4) return null;
  if (typeof value === "string") {
    return LINK_KEY.test(underKey.replace(/^[\w-]+:/, "")) && usable(value) ? value : null;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const found = findLink(v, k, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** An http(s) URL without userinfo or a credential-like query parameter. */
function usable(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return ![...url.searchParams.keys()].some((k) => /token|key|auth|sig|secret|password/i.test(k));
}

/**
 * The session's page, or null when neither the reply nor the endpoint's cloud gives one.
 *
 * @example
 * ```ts
 * sessionLink("https://ondemand.eu-central-1.saucelabs.com/wd/hub", "4f3c", {});
 * // "https://app.eu-central-1.saucelabs.com/tests/4f3c"
 * sessionLink("http://127.0.0.1:4723", "4f3c", { "appium:sessionUrl": "https://grid.local/s/4f3c" });
 * // "https://grid.local/s/4f3c"
 * ```
 */
export function sessionLink(
  endpointDisplay: string,
  sessionId: string,
  returned: Record<string, unknown>,
): string | null {
  const fromReply = findLink(returned, "", 0);
  if (fromReply !== null) return fromReply;
  let host: string;
  try {
    host = new URL(endpointDisplay).hostname.toLowerCase();
  } catch {
    return null;
  }
  const id = encodeURIComponent(sessionId);
  const sauce = /^ondemand\.([a-z0-9-]+)\.saucelabs\.com$/.exec(host);
  if (sauce || host === "ondemand.saucelabs.com") {
    const region = sauce?.[1] ?? "us-west-1";
    const app = region === "us-west-1" ? "app.saucelabs.com" : `app.${region}.saucelabs.com`;
    return `https://${app}/tests/${id}`;
  }
  if (/^hub(-cloud)?(-[a-z0-9]+)?\.browserstack\.com$/.test(host)) {
    return `https://app-automate.browserstack.com/dashboard/v2/sessions/${id}`;
  }
  return null;
}
