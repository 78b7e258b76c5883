/**
 * Route patterns of the fake servers: `"<METHOD> /path/:param/…"`, where `:name` captures one
 * segment and a trailing `*` any rest. The query string never takes part in matching.
 *
 * @module
 */

/** A compiled pattern. */
export interface RoutePattern {
  readonly method: string | null;
  /** The captured params, or null when `method`/`path` do not match. */
  match(method: string, pathname: string): Record<string, string> | null;
}

/**
 * Compiles `"GET /session/:sid/source"` (or a bare path, which matches any method).
 *
 * @example
 * ```ts
 * compileRoute("POST /session/:sid/wda/tap").match("POST", "/session/abc/wda/tap"); // { sid: "abc" }
 * ```
 */
export function compileRoute(spec: string): RoutePattern {
  const space = spec.indexOf(" ");
  const method = space === -1 ? null : spec.slice(0, space).toUpperCase();
  const path = space === -1 ? spec : spec.slice(space + 1).trim();
  const parts = split(path);
  return {
    method,
    match(requestMethod, pathname) {
      if (method !== null && method !== requestMethod.toUpperCase()) return null;
      const segments = split(pathname);
      const params: Record<string, string> = {};
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part === "*" && i === parts.length - 1) {
          params["*"] = segments.slice(i).join("/");
          return params;
        }
        const segment = segments[i];
        if (segment === undefined) return null;
        if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(segment);
        else if (part !== segment) return null;
      }
      return segments.length === parts.length ? params : null;
    },
  };
}

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}
