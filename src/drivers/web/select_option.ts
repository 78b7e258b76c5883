/**
 * `selectOption` on a web `<select>` (docs/architecture.md#the-driver-interface,
 * docs/backends.md#web): the option is chosen by its value the way a user's choice would be, so
 * framework-controlled selects (React) see the change.
 *
 * @module
 */
import type { PageTarget } from "./hit_probe.ts";

/** What the page did. */
export type SelectStatus = "ok" | "missing-element" | "not-select" | "missing-option";

/**
 * In-page: finds the target among the scanned nodes (test id + frame, else frame + label),
 * selects the option whose `value` equals `value`, then dispatches bubbling `input` and
 * `change`. Setting `option.selected` (not `select.value`) keeps framework value trackers honest.
 */
export function pageSelectOption(t: PageTarget & { value: string }): SelectStatus {
  const f = t.frame;
  const near = (el: Element) => {
    const r = el.getBoundingClientRect();
    return Math.abs(r.x - f[0]) < 0.5 && Math.abs(r.y - f[1]) < 0.5 &&
      Math.abs(r.width - f[2]) < 0.5 && Math.abs(r.height - f[3]) < 0.5;
  };
  const labelOf = (el: Element): string | null => {
    const aria = el.getAttribute("aria-label");
    if (aria && aria.trim()) return aria.trim();
    const full = el.textContent || "";
    let text = full.slice(0, 4 * t.maxLabel).replace(/\s+/g, " ").trim();
    if (text === "" && full.length > 4 * t.maxLabel) text = full.replace(/\s+/g, " ").trim();
    return text ? text.slice(0, t.maxLabel).trim() : null;
  };
  let found: Element | null = null;
  for (const el of document.querySelectorAll(t.selector)) {
    const ok = t.id !== null
      ? el.getAttribute("data-testid") === t.id && near(el)
      : near(el) && labelOf(el) === t.label;
    if (ok) {
      found = el;
      break;
    }
  }
  if (found === null) return "missing-element";
  if (!(found instanceof HTMLSelectElement)) return "not-select";
  const option = Array.from(found.options).find((o) => o.value === t.value);
  if (!option) return "missing-option";
  option.selected = true;
  found.dispatchEvent(new Event("input", { bubbles: true }));
  found.dispatchEvent(new Event("change", { bubbles: true }));
  return "ok";
}
