/**
 * What has focus on a page, for the text actions (docs/scenario-language.md#text-entry): typing or
 * deleting with no editable element focused would send keys nowhere and pass, so the driver
 * checks first; deleting starts from the end of the field, so the caret goes there. The focus
 * inside a child frame is found frame by frame (docs/backends.md#frames).
 *
 * @module
 */

/**
 * Where the focus is, as one document sees it: on an element that takes text (`editable`), on
 * something else or nothing (`other`), on an iframe (`frame`: the focus is inside a child frame,
 * which the driver asks through the frame API, since a cross-origin frame cannot be looked into),
 * or, in a child frame, not in this document at all (`away`).
 */
export type FocusState = "editable" | "other" | "frame" | "away";

/**
 * In-page: the {@link FocusState} of this document, looking through open shadow roots. An
 * enabled, writable text input, a textarea or an editable region takes text. `inFrame`: this is
 * a child frame's document, which remembers its active element after the focus left it.
 */
export function pageFocusState(a: { inFrame: boolean }): FocusState {
  if (a.inFrame && !document.hasFocus()) return "away";
  let el: Element | null = document.activeElement;
  while (el !== null && (el as HTMLElement).shadowRoot?.activeElement) {
    el = (el as HTMLElement).shadowRoot!.activeElement;
  }
  if (el === null) return "other";
  if (el instanceof HTMLIFrameElement || el.tagName === "FRAME") return "frame";
  if ((el as HTMLElement).isContentEditable) return "editable";
  if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly ? "editable" : "other";
  if (el instanceof HTMLInputElement) {
    const noText = [
      "button",
      "submit",
      "reset",
      "image",
      "checkbox",
      "radio",
      "file",
      "range",
      "color",
    ];
    return !el.disabled && !el.readOnly && !noText.includes(el.type) ? "editable" : "other";
  }
  return "other";
}

/**
 * In-page: moves the caret of the focused field (inside open shadow roots too) to the very end (the last line of a textarea,
 * the end of an editable region), so deleting removes text from the end as the DSL says.
 */
export function pageCaretToEnd(): void {
  // The focus inside open shadow roots: the document only sees the outermost host.
  let el = document.activeElement as HTMLElement | null;
  while (el !== null && el.shadowRoot?.activeElement) {
    el = el.shadowRoot.activeElement as HTMLElement;
  }
  if (el === null) return;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const n = el.value.length;
    try {
      el.setSelectionRange(n, n);
    } catch {
      // Input types without a selection (email, number) keep the caret where the tap put it.
    }
    return;
  }
  if (el.isContentEditable) {
    const selection = getSelection();
    if (selection === null) return;
    selection.selectAllChildren(el);
    selection.collapseToEnd();
  }
}
