/**
 * A webhook's URL made ready to post to, and the only form of it ever shown. The URL often is a
 * secret (`url: ${secrets.SLACK_URL}`, docs/configuration.md#notify): its tokens are resolved
 * from the run's secret values, and every message names the hook by its position and host.
 *
 * @module
 */
import { interpolateString, namespaceLookup } from "../scenario/interpolate.ts";

/** A hook's URL, resolved, or why it cannot be posted to (the reason never holds the value). */
export type ResolvedHookUrl = { ok: true; url: string; host: string } | {
  ok: false;
  reason: string;
};

/**
 * Resolves `${secrets.NAME}` tokens in `written` from `secrets` (name → value) and checks that
 * the result is an http(s) URL.
 *
 * @example
 * ```ts
 * resolveHookUrl("${secrets.SLACK_URL}", { SLACK_URL: "https://hooks.slack.com/services/T/B/x" });
 * // { ok: true, url: "https://hooks.slack.com/services/T/B/x", host: "hooks.slack.com" }
 * resolveHookUrl("${secrets.NOPE}", {}); // { ok: false, reason: "${secrets.NOPE} is not set: …" }
 * ```
 */
export function resolveHookUrl(
  written: string,
  secrets: Record<string, string>,
): ResolvedHookUrl {
  const { value, unbound } = interpolateString(written, namespaceLookup({ secrets }));
  if (unbound.length > 0) {
    return {
      ok: false,
      reason: `${
        unbound.map((n) => `\${${n}}`).join(", ")
      } is not set (declare the name under secrets and export it)`,
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return { ok: false, reason: "the url is not a URL" };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return { ok: false, reason: "the url is not http:// or https://" };
  }
  return { ok: true, url: parsed.href, host: parsed.host };
}

/**
 * How messages name hook `index` of the list: its position and, once resolved, its host.
 *
 * @example
 * ```ts
 * hookName(0, "hooks.slack.com"); // "notify[0] (hooks.slack.com)"
 * ```
 */
export function hookName(index: number, host?: string): string {
  return host ? `notify[${index}] (${host})` : `notify[${index}]`;
}
