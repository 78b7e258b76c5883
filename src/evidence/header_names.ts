/**
 * Which header names are masked (docs/redaction.md#other-rules): a default list plus
 * `redact.headers`, minus `redact.unmaskHeaders`. `cookie` and `set-cookie` are linked: naming one
 * names both.
 *
 * @module
 */

/** Headers masked with no configuration. */
export const DEFAULT_MASKED_HEADERS: readonly string[] = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-auth-token",
];

/** Lower-cased, with `set-cookie` folded onto `cookie` so the pair is added or removed together. */
function canonical(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower === "set-cookie" ? "cookie" : lower;
}

/** The effective set of masked header names. */
export class MaskedHeaders {
  readonly #names: Set<string>;

  constructor(headers: readonly string[] = [], unmaskHeaders: readonly string[] = []) {
    const unmask = new Set(unmaskHeaders.map(canonical));
    this.#names = new Set(
      [...DEFAULT_MASKED_HEADERS, ...headers].map(canonical).filter((n) => !unmask.has(n)),
    );
  }

  /** True when a header called `name` (any case) has its value masked. */
  has(name: string): boolean {
    return this.#names.has(canonical(name));
  }

  /** Every masked name, lower-cased, with the cookie pair spelled out. */
  names(): string[] {
    return [...this.#names].flatMap((n) => n === "cookie" ? ["cookie", "set-cookie"] : [n]);
  }
}
