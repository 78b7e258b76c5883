/**
 * Unions the `redact` blocks that apply to one scenario: config defaults, the target and the
 * scenario itself (docs/redaction.md#the-redact-block, docs/configuration.md#layering).
 *
 * @module
 */
import type { Redact } from "../model/capture.ts";

/**
 * Per-list union in first-seen order; an `unmask*` flag is on when any block turns it on.
 *
 * @example
 * ```ts
 * unionRedact({ labels: ["PIN"] }, undefined, { labels: ["Card"] }); // { labels: ["PIN", "Card"], … }
 * ```
 */
export function unionRedact(...configs: Array<Redact | undefined>): Required<Redact> {
  const present = configs.filter((c): c is Redact => c !== undefined);
  const list = (pick: (r: Redact) => string[] | undefined): string[] => [
    ...new Set(present.flatMap((r) => pick(r) ?? [])),
  ];
  return {
    labels: list((r) => r.labels),
    headers: list((r) => r.headers),
    fields: list((r) => r.fields),
    unmaskHeaders: list((r) => r.unmaskHeaders),
    unmaskSecureFields: present.some((r) => r.unmaskSecureFields === true),
    unmaskCredentialNames: present.some((r) => r.unmaskCredentialNames === true),
  };
}
