/**
 * The spellings a secret value takes once it passes through a URL, a form, HTML or JSON
 * (evidence.md §8): each is masked like the raw value.
 *
 * @module
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};

function htmlEscape(s: string, apostrophe: string): string {
  return s.replace(/[&<>"']/g, (c) => c === "'" ? apostrophe : HTML_ESCAPES[c]);
}

/** `application/x-www-form-urlencoded`: encodes `!'()~` too, space as `+`. */
function formEncode(s: string): string {
  return new URLSearchParams([["", s]]).toString().slice(1);
}

/** JSON escaping that also escapes non-ASCII (`\u00e9`), as ASCII-only encoders emit. */
function jsonEscapeAscii(s: string): string {
  return JSON.stringify(s).slice(1, -1).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Every distinct form of `secret`: raw, percent-encoded (`%20` and `+` for space; upper- and
 * lower-case hex), form-encoded, HTML-escaped (`&#39;` and `&#x27;`) and JSON-escaped.
 *
 * @example
 * ```ts
 * secretForms("a b&c"); // ["a b&c", "a%20b%26c", "a+b%26c", "a&amp;c"…]
 * ```
 */
export function secretForms(secret: string): string[] {
  const percent = encodeURIComponent(secret);
  const forms = [
    secret,
    percent,
    percent.replaceAll("%20", "+"),
    formEncode(secret),
    htmlEscape(secret, "&#39;"),
    htmlEscape(secret, "&#x27;"),
    JSON.stringify(secret).slice(1, -1),
    jsonEscapeAscii(secret),
  ];
  const lowerHex = forms.slice(1, 4).map((f) => f.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  return [...new Set([...forms, ...lowerHex])].filter((f) => f !== "");
}
