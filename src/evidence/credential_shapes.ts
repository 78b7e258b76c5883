/**
 * Strings shaped like well-known credentials (docs/redaction.md#other-rules): masked in all text
 * even when no configuration names them, with a warning because a credential reached the app's
 * output.
 *
 * @module
 */
import { REDACTED } from "./placeholder.ts";

/** One recognizable credential format. */
export interface CredentialShape {
  /** Human name for the warning; never the matched text. */
  name: string;
  pattern: RegExp;
}

/** The recognized shapes. Each pattern is global. */
export const CREDENTIAL_SHAPES: readonly CredentialShape[] = [
  {
    name: "PEM private key",
    // An unterminated block (a truncated log) is masked to the end of the text.
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  },
  { name: "Anthropic API key", pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]+/g },
  { name: "AWS access key id", pattern: /(?<![A-Za-z0-9])AKIA[0-9A-Z]{16}(?![A-Za-z0-9])/g },
  { name: "GitHub token", pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9_]+/g },
  {
    name: "JSON Web Token",
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  },
];

/**
 * Replaces every credential-shaped substring with the placeholder and reports the name of each
 * shape found (once per shape per call).
 *
 * @example
 * ```ts
 * maskCredentialShapes("key AKIAABCDEFGHIJKLMNOP", (n) => console.warn(n)); // "key [REDACTED]"
 * ```
 */
export function maskCredentialShapes(text: string, found: (shape: string) => void): string {
  let out = text;
  for (const { name, pattern } of CREDENTIAL_SHAPES) {
    const next = out.replace(pattern, REDACTED);
    if (next !== out) found(name);
    out = next;
  }
  return out;
}
