/**
 * What has focus on a page, for the text actions (docs/scenario-language.md#text-entry): typing or
 * deleting with no editable element focused would send keys nowhere and pass, so the driver
 * checks first; deleting starts from the end of the field, so the caret goes there.
 *
 * @module
 */

/**
 * In-page: whether the focused element (looking through shadow roots and same-origin frames)
 * takes text: an enabled, writable text input, a textarea, or an editable region. A focused
 * cross-origin frame counts as taking text (its inside cannot be seen).
 */
export function pageFocusedEditable(): boolean {
  let el: Element | null = document.activeElement;
  for (;;) {
    if (el === null) return false;
    // A cross-origin frame (an embedded payment field…) cannot be looked into: it has the focus,
    // and what inside it does is the frame's business.
    if (el instanceof HTMLIFrameElement && el.contentDocument === null) return true;
    const inner = (el as HTMLElement).shadowRoot?.activeElement ??
      (el instanceof HTMLIFrameElement ? el.contentDocument?.activeElement ?? null : null);
    if (!inner) break;
    el = inner;
  }
  if ((el as HTMLElement).isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly;
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
    return !el.disabled && !el.readOnly && !noText.includes(el.type);
  }
  return false;
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
