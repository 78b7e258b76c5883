/**
 * The redactor (docs/redaction.md): every text artifact passes through it before it reaches disk.
 * Built once per scenario from the unioned `redact` blocks and the resolved secret values.
 * Images and video never pass through it (they are recorded unmasked).
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { Redact } from "../model/capture.ts";
import { hasCredentialName } from "./credential_names.ts";
import { maskCredentialShapes } from "./credential_shapes.ts";
import { MaskedHeaders } from "./header_names.ts";
import { KeyMasker } from "./key_masker.ts";
import { REDACTED } from "./placeholder.ts";
import { unionRedact } from "./redact_config.ts";
import { SecretMasker } from "./secret_masker.ts";
import { TypedPrefixMasker } from "./typed_prefixes.ts";

export { REDACTED };

export interface RedactorOptions {
  /** One block or several (config defaults, target, scenario): they are unioned. */
  redact?: Redact | Array<Redact | undefined>;
  /** Resolved `${secrets.*}` values. */
  secrets?: Iterable<string>;
  /**
   * The same values as a masker built once (its patterns cost about a millisecond to build, and
   * a run makes a redactor per scenario); used instead of `secrets` when given.
   */
  secretMasker?: SecretMasker;
  /** Told when a credential-shaped string was masked; receives the shape's name, never the text. */
  onWarning?: (message: string) => void;
}

/** Masks secrets, sensitive keys, credential shapes and sensitive element values. */
export class Redactor {
  readonly #config: Required<Redact>;
  readonly #labels: Set<string>;
  readonly #headers: MaskedHeaders;
  readonly #keys: KeyMasker;
  readonly #secrets: SecretMasker;
  readonly #typed: TypedPrefixMasker;
  readonly #warn: (message: string) => void;

  constructor(opts: RedactorOptions = {}) {
    const blocks = Array.isArray(opts.redact) ? opts.redact : [opts.redact];
    this.#config = unionRedact(...blocks);
    this.#labels = new Set(this.#config.labels);
    this.#headers = new MaskedHeaders(this.#config.headers, this.#config.unmaskHeaders);
    this.#keys = new KeyMasker([...this.#headers.names(), ...this.#config.fields]);
    this.#secrets = opts.secretMasker ?? new SecretMasker(opts.secrets ?? []);
    this.#typed = new TypedPrefixMasker(this.#secrets.secrets);
    this.#warn = opts.onWarning ?? ((m) => console.error(`warning: ${m}`));
  }

  /** The unioned configuration this redactor applies. */
  get config(): Readonly<Required<Redact>> {
    return this.#config;
  }

  /**
   * Masks, in order: `Basic` tokens hiding a secret and every form of every secret, key/value
   * spellings of sensitive keys, then credential shapes (warning once per shape found).
   */
  redactText(text: string): string {
    const masked = this.#keys.mask(this.#secrets.mask(text));
    return maskCredentialShapes(
      masked,
      (shape) => this.#warn(`masked a credential-shaped string (${shape}) in evidence`),
    );
  }

  /**
   * Text the run writes about itself (printed lines, failure texts, report records): secret
   * values in every spelling and credential shapes. The key rules are left out: they would
   * rewrite author-written names such as `accept cookie: banner`.
   */
  redactMessage(text: string): string {
    return maskCredentialShapes(
      this.#secrets.mask(text),
      (shape) => this.#warn(`masked a credential-shaped string (${shape}) in evidence`),
    );
  }

  /** Deep copy with sensitive keys' values replaced whole and every string scrubbed as text. */
  redactJson(value: unknown): unknown {
    return this.#json(value, (text) => this.redactText(text));
  }

  /**
   * Records text a `type` step typed: a secret inside it is masked by prefix (of at least four
   * characters) in the traffic logs from now on, see {@link redactLog}.
   */
  noteTyped(text: string): void {
    this.#typed.noteTyped(text);
  }

  /**
   * Traffic logs (device.log, and network.json through {@link redactLogJson}): `redactText`,
   * then the prefixes of every secret typed so far, which a page reacting per keystroke sends
   * and logs before the whole value exists.
   */
  redactLog(text: string): string {
    return this.#typed.mask(this.redactText(text));
  }

  /** `redactJson` with every string scrubbed by {@link redactLog}. */
  redactLogJson(value: unknown): unknown {
    return this.#json(value, (text) => this.redactLog(text));
  }

  #json(value: unknown, text: (s: string) => string): unknown {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map((v) => this.#json(v, text));
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        out[text(k)] = this.#keys.has(k) ? REDACTED : this.#json(v, text);
      }
      return out;
    }
    return value;
  }

  /** Masked header names lose their value; every other value is scrubbed as text. */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = this.#headers.has(name) ? REDACTED : this.redactText(value);
    }
    return out;
  }

  /** True when a header called `name` has its value masked. */
  masksHeader(name: string): boolean {
    return this.#headers.has(name);
  }

  /** Copies of the elements with sensitive values masked (see `redactElement`). */
  redactElements(elements: readonly Element[]): Element[] {
    return elements.map((e) => this.redactElement(e));
  }

  /**
   * A label listed in `redact.labels` masks the value. Otherwise label and value are scrubbed
   * as text, then the value is masked for a secure field or a credential-ish identifier/label.
   */
  redactElement(e: Element): Element {
    const copy: Element = { ...e, traits: [...e.traits], frame: [...e.frame] };
    if (e.label !== null && this.#labels.has(e.label)) {
      return { ...copy, value: maskValue(e.value) };
    }
    copy.label = e.label === null ? null : this.redactText(e.label);
    copy.value = e.value === null ? null : this.redactText(e.value);
    const secure = !this.#config.unmaskSecureFields && e.traits.includes("secureTextField");
    const credential = !this.#config.unmaskCredentialNames &&
      (hasCredentialName(e.identifier) || hasCredentialName(e.label));
    if (secure || credential) copy.value = maskValue(copy.value);
    return copy;
  }
}

/** A null value stays null: there is nothing to hide. */
function maskValue(value: string | null): string | null {
  return value === null ? null : REDACTED;
}
