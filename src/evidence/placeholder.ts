/**
 * The one replacement text of every redaction (evidence.md §8).
 *
 * @module
 */

/** What a masked value becomes. */
export const REDACTED = "[REDACTED]";
