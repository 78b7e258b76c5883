/**
 * Credential-ish words in an element's identifier or label (docs/redaction.md#other-rules): such an
 * element's value is masked even without a secure trait.
 *
 * @module
 */

/** The words, matched case-insensitively on word boundaries. */
export const CREDENTIAL_WORDS: readonly string[] = [
  "password",
  "passwd",
  "secret",
  "token",
  "apikey",
  "api_key",
  "credential",
  "otp",
  "pin",
];

// `\b` treats `_` as a word character, which is the intended rule: `login_password` is not a hit.
const CREDENTIAL_RE = new RegExp(`\\b(?:${CREDENTIAL_WORDS.join("|")})\\b`, "i");

/**
 * True when `text` contains one of the credential words as a whole word.
 *
 * @example
 * ```ts
 * hasCredentialName("settings.apikey"); // true
 * hasCredentialName("prefs.pinned"); // false
 * hasCredentialName("login_password"); // false
 * ```
 */
export function hasCredentialName(text: string | null): boolean {
  return text !== null && CREDENTIAL_RE.test(text);
}
