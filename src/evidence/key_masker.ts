/**
 * Masks the values of sensitive keys (header names and `redact.fields`) written as text
 * (docs/redaction.md#other-rules): `"k": v` (quotes kept), `k=v`, and `k: …` to the end of the
 * line.
 *
 * @module
 */
import { REDACTED } from "./placeholder.ts";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Case-insensitive key masking over a fixed key list. */
export class KeyMasker {
  readonly #keys: Set<string>;
  readonly #patterns: Array<[RegExp, (...m: string[]) => string]>;

  constructor(keys: Iterable<string>) {
    this.#keys = new Set([...keys].map((k) => k.toLowerCase()).filter((k) => k !== ""));
    const alt = [...this.#keys].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|");
    // A key must not be the tail of a longer name: `x-token=` is not the key `token`.
    const start = "(?<![A-Za-z0-9_-])";
    this.#patterns = alt === "" ? [] : [
      [
        // A JSON string or bare scalar after `"k":`; nested objects/arrays are left to their keys.
        new RegExp(`"(${alt})"(\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|(?![{\\[])[^,}\\]\\s]+)`, "gi"),
        (_m, key, sep) => `"${key}"${sep}"${REDACTED}"`,
      ],
      [
        new RegExp(`${start}(${alt})=[^&\\s;"']+`, "gi"),
        (_m, key) => `${key}=${REDACTED}`,
      ],
      [
        new RegExp(`${start}(${alt})([ \\t]*:[ \\t]*)\\S[^\\r\\n]*`, "gi"),
        (_m, key, sep) => `${key}${sep}${REDACTED}`,
      ],
    ];
  }

  /** True when a structured key (JSON object key, header name) is sensitive. */
  has(key: string): boolean {
    return this.#keys.has(key.toLowerCase());
  }

  /** Masks the key/value spellings in free text. */
  mask(text: string): string {
    let out = text;
    for (const [re, replace] of this.#patterns) {
      out = out.replace(re, replace as (substring: string, ...args: unknown[]) => string);
    }
    return out;
  }
}
