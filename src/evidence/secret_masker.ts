/**
 * Masks resolved secret values (`${secrets.*}`) in text, in every encoded form, plus any HTTP
 * `Basic` credential whose decoding contains one (docs/redaction.md).
 *
 * @module
 */
import { literalPattern } from "./literal_pattern.ts";
import { REDACTED } from "./placeholder.ts";
import { secretForms } from "./secret_forms.ts";

const BASIC_RE = /\b(Basic\s+)([A-Za-z0-9+/_-]+={0,2})/gi;
const UTF8 = new TextDecoder("utf-8", { fatal: false });

/** Decodes standard or URL-safe base64; null when it is not base64. */
function decodeBase64(token: string): string | null {
  const std = token.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (std.length % 4 === 1) return null;
  try {
    const bin = atob(std + "=".repeat((4 - (std.length % 4)) % 4));
    return UTF8.decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The secrets worth masking: distinct, not whitespace-only (that would shred every text). */
export function maskableSecrets(secrets: Iterable<string>): string[] {
  return [...new Set(secrets)].filter((s) => s.trim() !== "");
}

/** A text transform that masks a fixed set of secret values. */
export class SecretMasker {
  readonly #secrets: string[];
  readonly #pattern: RegExp | null;

  constructor(secrets: Iterable<string>) {
    this.#secrets = maskableSecrets(secrets);
    this.#pattern = literalPattern(this.#secrets.flatMap((s) => secretForms(s)));
  }

  /** The values masked (distinct, blank ones left out). */
  get secrets(): readonly string[] {
    return this.#secrets;
  }

  /** True when there is nothing to mask. */
  get empty(): boolean {
    return this.#pattern === null;
  }

  /** Masks Basic tokens hiding a secret, then every form of every secret. */
  mask(text: string): string {
    if (this.#pattern === null) return text;
    const unbasic = text.replace(BASIC_RE, (whole, prefix: string, token: string) => {
      const decoded = decodeBase64(token);
      return decoded !== null && this.#secrets.some((s) => decoded.includes(s))
        ? prefix + REDACTED
        : whole;
    });
    return unbasic.replace(this.#pattern, REDACTED);
  }
}
