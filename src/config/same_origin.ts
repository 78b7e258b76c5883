/**
 * Web navigation stays on the target's origin (docs/scenario-language.md#preconditions): a
 * scenario's `url` and `deeplink` resolve against the target's baseUrl and may not leave it.
 *
 * @module
 */

/**
 * `relative` resolved against `base`, or an explanation when it leaves base's origin or is not
 * a URL.
 *
 * @example
 * ```ts
 * sameOriginUrl("http://h:8/app/", "#/settings"); // { url: "http://h:8/app/#/settings" }
 * sameOriginUrl("http://h:8/", "https://evil/"); // { error: "…is not on the target's origin http://h:8" }
 * ```
 */
export function sameOriginUrl(base: string, relative: string): { url: string } | { error: string } {
  let origin: string;
  let url: URL;
  try {
    origin = new URL(base).origin;
    url = new URL(relative, base);
  } catch {
    return { error: `${JSON.stringify(relative)} is not a URL relative to ${base}` };
  }
  if (url.origin !== origin) {
    return { error: `${url.href} is not on the target's origin ${origin}` };
  }
  return { url: url.href };
}
