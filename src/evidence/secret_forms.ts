/**
 * The spellings a secret value takes once it passes through a URL, a form, HTML, XML, JSON or
 * base64 (docs/redaction.md lists them): each is masked like the raw value. A spelling is one
 * text escape applied to the raw value, to its JSON-escaped form (JSON nested in JSON, JSON in
 * an HTML attribute) or to its base64 form (base64 in a URL); plus the base64 "cores" that stay
 * the same wherever the secret sits inside a longer base64 text.
 *
 * @module
 */
import type { Literal } from "./literal_pattern.ts";

type Encode = (s: string) => string;

const utf8 = new TextEncoder();

function hex(c: string, upper = false): string {
  const h = c.charCodeAt(0).toString(16).padStart(4, "0");
  return `\\u${upper ? h.toUpperCase() : h}`;
}

const NON_ASCII = /[\u007f-\uffff]/g;

const json: Encode = (s) => JSON.stringify(s).slice(1, -1);
/** ASCII-only encoders (Python's default, Jackson's ESCAPE_NON_ASCII). */
const jsonAscii: Encode = (s) => json(s).replace(NON_ASCII, (c) => hex(c));
const jsonAsciiUpper: Encode = (s) => json(s).replace(NON_ASCII, (c) => hex(c, true));
/** PHP's `json_encode` default: ASCII-only and `/` escaped. */
const jsonPhp: Encode = (s) => jsonAscii(s).replaceAll("/", "\\/");
/** JSON safe inside `<script>` (report.html, Go's encoding/json): `<>&` and U+2028/9 escaped. */
const jsonScript: Encode = (s) => json(s).replace(/[<>&\u2028\u2029]/g, (c) => hex(c));

const entities = (map: Record<string, string>, chars: RegExp): Encode => (s) =>
  s.replace(chars, (c) => map[c]);
const BASE_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const html = entities({ ...BASE_ENTITIES, '"': "&quot;", "'": "&#39;" }, /[&<>"']/g);
const htmlX27 = entities({ ...BASE_ENTITIES, '"': "&quot;", "'": "&#x27;" }, /[&<>"']/g);
/** Go's html/template and html.EscapeString. */
const htmlGo = entities({ ...BASE_ENTITIES, '"': "&#34;", "'": "&#39;" }, /[&<>"']/g);
/** HTML written as ASCII: non-ASCII characters as decimal references. */
const htmlAscii: Encode = (s) =>
  html(s).replace(/[\u0080-\u{10ffff}]/gu, (c) => `&#${c.codePointAt(0)};`);
const xmlText = entities(BASE_ENTITIES, /[&<>]/g);
const xmlTextMinimal = entities({ "&": "&amp;", "<": "&lt;" }, /[&<]/g);
const xmlApos = entities({ ...BASE_ENTITIES, '"': "&quot;", "'": "&apos;" }, /[&<>"']/g);
/** The JUnit writer's attribute escaping: quotes, and line breaks and tabs as references. */
const xmlAttr: Encode = (s) =>
  xmlText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");

const percent: Encode = encodeURIComponent;
const percentPlus: Encode = (s) => encodeURIComponent(s).replaceAll("%20", "+");
/** `application/x-www-form-urlencoded`: encodes `!'()~` too, space as `+`. */
const form: Encode = (s) => new URLSearchParams([["", s]]).toString().slice(1);
/** What a browser does to a query string built by concatenation (WHATWG special-query set). */
const urlQuery: Encode = (s) =>
  s.replace(
    // deno-lint-ignore no-control-regex
    /[\x00-\x20"#<>'\x7f]|[^\x00-\x7f]/gu,
    (c) =>
      [...utf8.encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
const PERCENT_ENCODERS: Encode[] = [percent, percentPlus, form, encodeURI, urlQuery];
const lowerHex = (e: Encode): Encode => (s) =>
  e(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/** Text escapes applied on top of a raw, JSON or base64 spelling. */
const TEXT_ESCAPES: Encode[] = [
  (s) => s,
  json,
  jsonAscii,
  jsonAsciiUpper,
  jsonPhp,
  jsonScript,
  html,
  htmlX27,
  htmlGo,
  htmlAscii,
  xmlText,
  xmlTextMinimal,
  xmlApos,
  xmlAttr,
  ...PERCENT_ENCODERS,
  ...PERCENT_ENCODERS.map(lowerHex),
];

function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

const base64: Encode = (s) => bytesToBase64(utf8.encode(s));
const base64Unpadded: Encode = (s) => base64(s).replace(/=+$/, "");
const base64Url: Encode = (s) => base64Unpadded(s).replaceAll("+", "-").replaceAll("/", "_");

/** Spellings the text escapes are applied to. */
const INNER: Encode[] = [(s) => s, json, jsonAscii, base64, base64Unpadded, base64Url];

/** A core shorter than this could match unrelated base64 text by chance (2^-48 at 8). */
const MIN_CORE = 8;

/**
 * The base64 characters fixed by `secret` alone when it sits `offset` bytes into a longer
 * base64 text (offset 0, 1, 2); standard and URL-safe alphabets.
 */
function base64Cores(secret: string): string[] {
  const bytes = utf8.encode(secret);
  const out: string[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length + 2);
    padded.set(bytes, offset);
    const all = bytesToBase64(padded);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = all.slice(first, end);
    if (core.length >= MIN_CORE) {
      out.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
    }
  }
  return out;
}

/** `outer(inner(s))`, or null when `s` cannot be spelled that way (a lone surrogate in a URI). */
function tryEncode(outer: Encode, inner: Encode, s: string): string | null {
  try {
    return outer(inner(s));
  } catch {
    return null;
  }
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Every distinct spelling of `secret`, each as a literal for `literalPattern`. With
 * `prefixChars`, a spelling also matches by prefix: any prefix at least as long as the
 * spelling of the secret's first `prefixChars` characters (base64 cores stay whole).
 *
 * @example
 * ```ts
 * secretForms("a&b").map((f) => f.text); // ["a&b", "a\\u0026b", "a&amp;b", "a%26b", "YSZi"…]
 * ```
 */
export function secretForms(secret: string, prefixChars?: number): Literal[] {
  const head = prefixChars === undefined ? null : [...secret].slice(0, prefixChars).join("");
  const byText = new Map<string, number>();
  const add = (text: string, minLength: number) => {
    if (text === "") return;
    const known = byText.get(text);
    if (known === undefined || minLength < known) byText.set(text, minLength);
  };
  for (const inner of INNER) {
    for (const outer of TEXT_ESCAPES) {
      const text = tryEncode(outer, inner, secret);
      if (text === null) continue;
      const headText = head === null || head === secret ? null : tryEncode(outer, inner, head);
      add(text, headText === null ? text.length : Math.max(1, commonPrefixLength(headText, text)));
    }
  }
  for (const core of base64Cores(secret)) add(core, core.length);
  return [...byText].map(([text, minLength]) => ({ text, minLength }));
}
