/**
 * The one replacement text of every redaction (docs/redaction.md#the-redact-block).
 *
 * @module
 */

/** What a masked value becomes. */
export const REDACTED = "[REDACTED]";
