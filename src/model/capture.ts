/**
 * Evidence configuration of a scenario: capture tokens, capturePolicy rules, redaction.
 *
 * @module
 */
// ---------------------------------------------------------------------------------------------
// Evidence configuration (docs/scenario-language.md#capture-tokens,
// docs/scenario-language.md#capturepolicy-rules, docs/redaction.md)

/** `<kind>[.<modifier>]`, validated by the loader. */
export type CaptureToken = string;

export type Trigger =
  | { action: string; idMatches?: string }
  | { event: "screenChanged" }
  | { result: "error" };

export interface CaptureRule {
  on: Trigger;
  capture: CaptureToken[];
  from?: string;
}

export interface Redact {
  labels?: string[];
  headers?: string[];
  fields?: string[];
  unmaskHeaders?: string[];
  unmaskSecureFields?: boolean;
  unmaskCredentialNames?: boolean;
}
