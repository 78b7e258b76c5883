/**
 * The element tree of a web page (drivers.md §9, selectors-assertions.md §1): one in-page scan
 * returning compact rows, decoded host-side into `Element`s. Selectors then resolve host-side
 * with our own selector code, exactly as on every other backend.
 *
 * The page function must be self-contained (Playwright serializes its source), so it repeats the
 * few lines of label logic the hit test also needs.
 *
 * @module
 */
import type { Element, Frame } from "../driver.ts";

/** What the scan visits: test ids, native controls and anything with an ARIA role. */
export const SCAN_SELECTOR = "[data-testid], button, a, input, select, textarea, [role]";

/** Longest label kept (characters, after trimming). */
export const MAX_LABEL = 200;

/** Row flags: bit set → trait added. */
export const FLAG_SECURE = 1;
export const FLAG_DISABLED = 2;
export const FLAG_SELECTED = 4;

/**
 * One scanned node: test id, role (role attribute's first token, else the tag, lower case),
 * label, value, flags, then the CSS-pixel frame relative to the viewport.
 */
export type ScanRow = [
  id: string | null,
  role: string,
  label: string | null,
  value: string | null,
  flags: number,
  x: number,
  y: number,
  w: number,
  h: number,
];

/**
 * The in-page scan. Returns the rows as one JSON string: a single string crosses the protocol
 * far faster than thousands of small values through Playwright's serializer.
 *
 * Skips `display:none` (no box), `visibility:hidden|collapse` and zero-area nodes; off-screen nodes
 * are kept. Labels use `textContent`, not `innerText`: `innerText` lays text out per node and
 * costs several times more on nested trees (bench/web.ts); whitespace runs are collapsed so the
 * label reads like the rendered text.
 */
export function pageScan(args: { selector: string; maxLabel: number }): string {
  const rows: unknown[] = [];
  const nodes = document.querySelectorAll(args.selector);
  for (let i = 0; i < nodes.length; i++) {
    const el = nodes[i] as HTMLElement;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (getComputedStyle(el).visibility !== "visible") continue;
    const id = el.getAttribute("data-testid") || null;
    const roleAttr = el.getAttribute("role");
    const inputType = el.tagName === "INPUT" ? (el as HTMLInputElement).type : "";
    // A checkbox or radio input carries its implicit ARIA role, so it maps to `switch`.
    const role = roleAttr && roleAttr.trim()
      ? roleAttr.trim().split(/\s+/)[0].toLowerCase()
      : inputType === "checkbox" || inputType === "radio"
      ? inputType
      : el.tagName.toLowerCase();
    const aria = el.getAttribute("aria-label");
    let label: string | null = aria && aria.trim() ? aria.trim() : null;
    if (label === null) {
      // Containers hold the text of their whole subtree: only its head can become the label.
      const full = el.textContent || "";
      let text = full.slice(0, 4 * args.maxLabel).replace(/\s+/g, " ").trim();
      if (text === "" && full.length > 4 * args.maxLabel) text = full.replace(/\s+/g, " ").trim();
      label = text ? text.slice(0, args.maxLabel).trim() : null;
    }
    // A checkbox's or radio's `.value` is its form value ("on"), not its state: report the
    // state the way a switch's accessibility value reads (selectors-assertions.md §1).
    const toggle = inputType === "checkbox" || inputType === "radio";
    const raw = toggle
      ? ((el as HTMLInputElement).checked ? "on" : "off")
      : (el as HTMLInputElement).value;
    const value = typeof raw === "string" && raw !== "" ? raw : null;
    let flags = 0;
    if (el.tagName === "INPUT" && (el as HTMLInputElement).type === "password") flags |= 1;
    if (
      (el as HTMLButtonElement).disabled === true || el.getAttribute("aria-disabled") === "true"
    ) {
      flags |= 2;
    }
    if (
      (el as HTMLInputElement).checked === true || el.getAttribute("aria-selected") === "true" ||
      el.getAttribute("aria-checked") === "true"
    ) {
      flags |= 4;
    }
    rows.push([id, role, label, value, flags, r.x, r.y, r.width, r.height]);
  }
  return JSON.stringify(rows);
}

/** Role (or tag) → type trait; unlisted roles pass through verbatim. */
const ROLE_TRAIT: Readonly<Record<string, string>> = {
  a: "link",
  link: "link",
  button: "button",
  select: "button",
  combobox: "button",
  listbox: "button",
  input: "textField",
  textbox: "textField",
  spinbutton: "textField",
  searchbox: "searchField",
  textarea: "textView",
  checkbox: "switch",
  radio: "switch",
  switch: "switch",
  option: "cell",
};

/**
 * The type trait of a role or tag name.
 *
 * @example
 * ```ts
 * typeTrait("a"); // "link"
 * typeTrait("menuitemcheckbox"); // "cell"
 * typeTrait("tab"); // "tab"
 * ```
 */
export function typeTrait(role: string): string {
  if (role.startsWith("menuitem")) return "cell";
  return ROLE_TRAIT[role] ?? role;
}

/** `[type, secureTextField?, notEnabled?, selected?]` for a row. */
export function traitsOf(role: string, flags: number): string[] {
  const traits = [typeTrait(role)];
  if (flags & FLAG_SECURE) traits.push("secureTextField");
  if (flags & FLAG_DISABLED) traits.push("notEnabled");
  if (flags & FLAG_SELECTED) traits.push("selected");
  return traits;
}

/** One row as an `Element` ("" is already null on the page side). */
export function rowToElement(row: ScanRow): Element {
  const [id, role, label, value, flags, x, y, w, h] = row;
  const frame: Frame = [x, y, w, h];
  return { identifier: id, label, value, traits: traitsOf(role, flags), frame, nativeZ: null };
}

/** Decodes the scan's JSON into the document-ordered element tree. */
export function decodeScan(json: string): Element[] {
  return (JSON.parse(json) as ScanRow[]).map(rowToElement);
}
