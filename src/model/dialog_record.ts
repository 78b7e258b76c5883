/**
 * How a page's JavaScript dialog was answered, as a step records it.
 *
 * @module
 */
/**
 * How a page's JavaScript dialog (`alert`, `confirm`, `prompt`, `beforeunload`) was answered,
 * recorded on the step it appeared in (docs/scenario-language.md#dialogs).
 *
 * @example
 * ```ts
 * const seen: DialogRecord = { kind: "confirm", text: "Delete 3 items?", answer: "dismissed" };
 * ```
 */
export interface DialogRecord {
  kind: string;
  text: string;
  answer: "accepted" | "dismissed";
  /** Dialog handling was off: the step it appeared in fails. */
  unexpected?: boolean;
}
