/**
 * Escaping for the server-rendered parts of report pages. Everything that comes from a run
 * (scenario names, reasons, labels) is app-controlled text and goes through here.
 *
 * @module
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for element content and quoted attribute values.
 *
 * @example
 * ```ts
 * escapeHtml('<script>"x"</script>'); // "&lt;script&gt;&quot;x&quot;&lt;/script&gt;"
 * ```
 */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON safe to place inside `<script type="application/json">`: `<`, `>`, `&` and the JS line
 * separators are written as `\uXXXX`, so no value can close the element or open a comment.
 *
 * @example
 * ```ts
 * jsonForScript({ name: "</script>" }); // '{"name":"\\u003c/script\\u003e"}'
 * ```
 */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}

/**
 * {@link jsonForScript} for text that is already JSON.
 *
 * @example
 * ```ts
 * scriptSafeJson('{"a":"</script>"}'); // '{"a":"\\u003c/script\\u003e"}'
 * ```
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A run-dir relative path as a relative URL (each segment percent-encoded), or null when it is
 * not a plain relative path (absolute, a scheme, `..`): such values are never linked.
 *
 * @example
 * ```ts
 * relativeHref("00-login/step 1/after.png"); // "00-login/step%201/after.png"
 * relativeHref("javascript:alert(1)"); // null
 * ```
 */
export function relativeHref(path: string): string | null {
  if (!path || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path) || /^[/\\]/.test(path)) return null;
  const parts = path.split("/");
  if (parts.some((p) => p === ".." || p.includes("\\"))) return null;
  return parts.map(encodeURIComponent).join("/");
}
