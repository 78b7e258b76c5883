/**
 * XML 1.0 escaping for the JUnit writer: text and attribute values. Characters XML 1.0 cannot
 * carry at all (most C0 controls, lone surrogates) become U+FFFD instead of producing a file CI
 * servers reject.
 *
 * @module
 */

const INVALID_XML =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function clean(s: string): string {
  return s.replace(INVALID_XML, "\uFFFD");
}

/**
 * Escapes character data.
 *
 * @example
 * ```ts
 * xmlText("a < b & c"); // "a &lt; b &amp; c"
 * ```
 */
export function xmlText(s: string): string {
  return clean(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Escapes an attribute value for double quotes; line breaks and tabs are kept as character
 * references because parsers normalise raw ones to spaces.
 *
 * @example
 * ```ts
 * xmlAttr('say "hi"\n'); // "say &quot;hi&quot;&#10;"
 * ```
 */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}
