/**
 * Typed secrets leak by prefix: a page that reacts per keystroke (a password-strength check, a
 * search-as-you-type) sends or logs `T`, `Tr`, `Tr0`, … before the whole value exists. Once a
 * `type` step typed a secret, its prefixes of at least {@link MIN_PREFIX} characters (in every
 * spelling of `secret_forms.ts`) are masked in the traffic logs: network.json and device.log
 * (docs/redaction.md explains the choice and its limits).
 *
 * @module
 */
import { literalPattern } from "./literal_pattern.ts";
import { REDACTED } from "./placeholder.ts";
import { maskableSecrets } from "./secret_masker.ts";
import { secretForms } from "./secret_forms.ts";

/** Shorter prefixes stay visible: masking every 1–3 character run would shred the logs. */
export const MIN_PREFIX = 4;

/** The prefixes of the secrets typed so far; one per scenario (it learns as steps type). */
export class TypedPrefixMasker {
  readonly #secrets: string[];
  readonly #typed = new Set<string>();
  /** Rebuilt lazily after a new secret is typed. */
  #pattern: RegExp | null = null;
  #stale = false;

  constructor(secrets: Iterable<string>) {
    this.#secrets = maskableSecrets(secrets);
  }

  /** Records text a step typed; any secret inside it is masked by prefix from now on. */
  noteTyped(text: string): void {
    for (const s of this.#secrets) {
      if (!this.#typed.has(s) && text.includes(s)) {
        this.#typed.add(s);
        this.#stale = true;
      }
    }
  }

  /** Masks every prefix (≥ {@link MIN_PREFIX} characters) of every typed secret. */
  mask(text: string): string {
    if (this.#stale) {
      this.#pattern = literalPattern([...this.#typed].flatMap((s) => secretForms(s, MIN_PREFIX)));
      this.#stale = false;
    }
    return this.#pattern === null ? text : text.replace(this.#pattern, REDACTED);
  }
}
