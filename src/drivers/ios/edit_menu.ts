/**
 * iOS's edit menu (the callout a hold on a text field brings up: Select, Select All, Copy …):
 * finding one of its items on a tree just read. Shared by the Simulator driver and the remote
 * driver on an XCUITest session.
 *
 * @module
 */
import { type Element, ElementNotFound } from "../driver.ts";

/** How long `selectAll` holds the focused field to bring up the edit menu, seconds. */
export const EDIT_MENU_HOLD_S = 0.6;

/**
 * The menu item labelled `label`: the last such element on screen with a width (the menu is
 * drawn over the app, after it in document order).
 *
 * @throws ElementNotFound when the menu has no such item (no field focused, no selection)
 *
 * @example
 * ```ts
 * const item = editMenuItem(await driver.query(), "Select All");
 * ```
 */
export function editMenuItem(tree: readonly Element[], label: string): Element {
  const items = tree.filter((e) => e.label === label && e.frame[2] > 0);
  if (items.length === 0) {
    throw new ElementNotFound(`no "${label}" in the edit menu (is a text field focused?)`, {
      label,
    });
  }
  return items[items.length - 1];
}
