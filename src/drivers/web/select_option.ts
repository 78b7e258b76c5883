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
 * In-page: finds the target's node (the scan's own node while that scan is current, else by
 * identifier and frame, open shadow roots included), selects the option whose `value` equals `value`, then dispatches
 * bubbling `input` and `change`. Setting `option.selected` (not `select.value`) keeps framework
 * value trackers honest.
 */
export function pageSelectOption(t: PageTarget & { value: string }): SelectStatus {
  const store = (globalThis as unknown as Record<symbol, { gen: number; nodes: Node[] }>)[
    Symbol.for("bajutsu.scan")
  ];
  let found: Node | null = store && store.gen === t.gen ? store.nodes[t.index] ?? null : null;
  if (found === null) {
    const f = t.frame;
    // Every select of the document and of its open shadow roots, however deeply nested.
    const selects: HTMLSelectElement[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        if (el instanceof HTMLSelectElement) selects.push(el);
        if (el.shadowRoot !== null) collect(el.shadowRoot);
      }
    };
    collect(document);
    for (const el of selects) {
      const r = el.getBoundingClientRect();
      const id = el.getAttribute(t.testId) || el.id || null;
      if (
        (t.id === null || id === t.id) && Math.abs(r.x - f[0]) < 0.5 &&
        Math.abs(r.y - f[1]) < 0.5 && Math.abs(r.width - f[2]) < 0.5 &&
        Math.abs(r.height - f[3]) < 0.5
      ) {
        found = el;
        break;
      }
    }
  }
  if (found === null || !found.isConnected) return "missing-element";
  if (!(found instanceof HTMLSelectElement)) return "not-select";
  const option = Array.from(found.options).find((o) => o.value === t.value);
  if (!option) return "missing-option";
  option.selected = true;
  found.dispatchEvent(new Event("input", { bubbles: true }));
  found.dispatchEvent(new Event("change", { bubbles: true }));
  return "ok";
}
