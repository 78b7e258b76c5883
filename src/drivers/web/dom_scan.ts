/**
 * The element tree of a web page (docs/backends.md#web, docs/architecture.md#the-element-tree): one
 * in-page scan returning compact rows, decoded host-side into `Element`s. Selectors then resolve
 * host-side with our own selector code, exactly as on every other backend.
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

/** What the host passes to {@link pageScan}. */
export interface ScanArgs {
  selector: string;
  maxLabel: number;
  /**
   * Incremental transport: the reading driver's token and the generation of the last reply it
   * decoded (0: none). Absent: a stateless full reply.
   */
  session?: string;
  base?: number;
}

/**
 * A scan reply: `gen` names this scan for the next call's `base`; with `full` the items are
 * every row, otherwise each item is a row or a `[start, count]` run of rows copied from the
 * previous scan (the one the host's `base` names).
 */
export interface ScanReply {
  gen: number;
  full: boolean;
  items: (ScanRow | [start: number, count: number])[];
}

/**
 * The in-page scan. The page is scanned whole on every call; only the transport is incremental:
 * rows equal to a row of the previous scan of the same driver travel as `[start, count]` runs, so
 * an unchanged page of thousands of nodes crosses the protocol as a few bytes (the text, not the
 * scan, is what costs on the wire). The previous rows live on the page under a symbol; a
 * navigation drops them and the next reply is full. Returns the {@link ScanReply} as one JSON
 * string: a single string crosses far faster than thousands of small values.
 *
 * Skips `display:none` (no box), `visibility:hidden|collapse` and zero-area nodes; off-screen nodes
 * are kept. Labels use `textContent`, not `innerText`: `innerText` lays text out per node and
 * costs several times more on nested trees (bench/web.ts); whitespace runs are collapsed so the
 * label reads like the rendered text.
 */
export function pageScan(args: ScanArgs): string | Promise<string> {
  // A document just committed by a navigation has no body yet: read it once it is parsed, as a
  // read retried after the navigation would, instead of reporting an empty screen.
  if (document.readyState === "loading" && document.body === null) {
    return new Promise((resolve) => {
      document.addEventListener("DOMContentLoaded", () => resolve(scan()), { once: true });
    });
  }
  return scan();

  function scan(): string {
    const rows: string[] = [];
    const nodes = document.querySelectorAll(args.selector);
    // Few nodes carry these states: one selector query each beats three attribute reads per node.
    const marked = (selector: string) => new Set(document.querySelectorAll(selector));
    const disabledAria = marked('[aria-disabled="true"]');
    const selectedAria = marked('[aria-selected="true"], [aria-checked="true"]');
    for (let i = 0; i < nodes.length; i++) {
      const el = nodes[i] as HTMLElement;
      const r = el.getBoundingClientRect();
      const w = r.width;
      const h = r.height;
      if (w === 0 || h === 0) continue;
      if (getComputedStyle(el).visibility !== "visible") continue;
      const id = el.getAttribute("data-testid") || null;
      const roleAttr = el.getAttribute("role");
      const tag = el.tagName;
      const inputType = tag === "INPUT" ? (el as HTMLInputElement).type : "";
      // A checkbox or radio input carries its implicit ARIA role, so it maps to `switch`.
      const role = roleAttr && roleAttr.trim()
        ? roleAttr.trim().split(/\s+/)[0].toLowerCase()
        : inputType === "checkbox" || inputType === "radio"
        ? inputType
        : tag.toLowerCase();
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
      // state the way a switch's accessibility value reads (docs/architecture.md#the-element-tree).
      const toggle = inputType === "checkbox" || inputType === "radio";
      const raw = toggle
        ? ((el as HTMLInputElement).checked ? "on" : "off")
        : (el as HTMLInputElement).value;
      const value = typeof raw === "string" && raw !== "" ? raw : null;
      let flags = 0;
      if (inputType === "password") flags |= 1;
      if ((el as HTMLButtonElement).disabled === true || disabledAria.has(el)) flags |= 2;
      if ((el as HTMLInputElement).checked === true || selectedAria.has(el)) flags |= 4;
      rows.push(JSON.stringify([id, role, label, value, flags, r.x, r.y, w, h]));
    }
    const fullReply = (gen: number) => `{"gen":${gen},"full":true,"items":[${rows.join(",")}]}`;
    if (args.session === undefined) return fullReply(0);
    const key = Symbol.for("bajutsu.scan");
    const store = globalThis as unknown as Record<
      symbol,
      { session: string; gen: number; rows: string[] }
    >;
    const last = store[key];
    // Generations only grow, from the host's view too: a navigation does not restart them.
    const gen = Math.max(last ? last.gen : 0, args.base ?? 0) + 1;
    store[key] = { session: args.session, gen, rows };
    if (!last || last.session !== args.session || last.gen !== args.base) return fullReply(gen);
    // Rows mostly repeat in place: compare with the aligned previous row first, and index the
    // previous rows only when that misses.
    let at: Map<string, number> | null = null;
    const items: string[] = [];
    let start = 0;
    let count = 0;
    for (const row of rows) {
      if (last.rows[start + count] === row) {
        count++;
        continue;
      }
      if (count > 0) items.push(`[${start},${count}]`);
      if (at === null) {
        at = new Map();
        for (let i = last.rows.length - 1; i >= 0; i--) at.set(last.rows[i], i);
      }
      const j = at.get(row);
      if (j === undefined) {
        items.push(row);
        // Most often the row was edited in place: expect the next one after the old one.
        start += count + 1;
        count = 0;
      } else {
        start = j;
        count = 1;
      }
    }
    if (count > 0) items.push(`[${start},${count}]`);
    return `{"gen":${gen},"full":false,"items":[${items.join(",")}]}`;
  }
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

/** A decoded scan: the rows (kept by the driver for the next delta) and their generation. */
export interface DecodedScan {
  gen: number;
  rows: ScanRow[];
}

/**
 * Decodes a scan reply against the rows of the scan its `base` named.
 *
 * @throws Error when a run points outside `previous` (host and page disagree: a bug, not input)
 */
export function decodeScanReply(json: string, previous: readonly ScanRow[]): DecodedScan {
  const reply = JSON.parse(json) as ScanReply;
  if (reply.full) return { gen: reply.gen, rows: reply.items as ScanRow[] };
  const rows: ScanRow[] = [];
  for (const item of reply.items) {
    if (item.length !== 2) {
      rows.push(item as ScanRow);
      continue;
    }
    const [start, count] = item;
    if (start < 0 || start + count > previous.length) {
      throw new Error(`scan reply copies rows ${start}+${count} of ${previous.length}`);
    }
    for (let i = start; i < start + count; i++) rows.push(previous[i]);
  }
  return { gen: reply.gen, rows };
}

/** Decodes a stateless (full) scan reply into the document-ordered element tree. */
export function decodeScan(json: string): Element[] {
  return decodeScanReply(json, []).rows.map(rowToElement);
}
