/**
 * The tap family's reachability check on a real page (docs/backends.md#web): the element the
 * browser would hit at the target's centre must be the target or inside it. A centre outside the
 * viewport counts as a hit: we never scroll implicitly.
 *
 * @module
 */
import type { Candidate, Element as UiElement, Frame } from "../driver.ts";
import { frameCenter } from "../../selectors/mod.ts";
import { MAX_LABEL, SCAN_SELECTOR } from "./dom_scan.ts";

/** What the page needs to recognise the target among the hit element's ancestors. */
export interface PageTarget {
  id: string | null;
  label: string | null;
  frame: Frame;
  selector: string;
  maxLabel: number;
}

/** The cover as `[id, label, x, y, w, h]`, or null when the target is reached. */
export type HitResult = [string | null, string | null, number, number, number, number] | null;

/** The page-side description of a resolved element. */
export function pageTarget(el: UiElement): PageTarget {
  return {
    id: el.identifier,
    label: el.label,
    frame: el.frame,
    selector: SCAN_SELECTOR,
    maxLabel: MAX_LABEL,
  };
}

/**
 * In-page: walks from `elementFromPoint(centre)` up through ancestors (across shadow roots). The
 * target is recognised by its test id, else by its frame and label (the same label rule as the
 * scan). The cover is named by its nearest scanned ancestor, which is what a user can select.
 */
export function pageHitTest(t: PageTarget & { x: number; y: number }): HitResult {
  if (t.x < 0 || t.y < 0 || t.x >= innerWidth || t.y >= innerHeight) return null;
  const hit = document.elementFromPoint(t.x, t.y);
  if (!hit) return null;
  const labelOf = (el: Element): string | null => {
    const aria = el.getAttribute("aria-label");
    if (aria && aria.trim()) return aria.trim();
    const full = el.textContent || "";
    let text = full.slice(0, 4 * t.maxLabel).replace(/\s+/g, " ").trim();
    if (text === "" && full.length > 4 * t.maxLabel) text = full.replace(/\s+/g, " ").trim();
    return text ? text.slice(0, t.maxLabel).trim() : null;
  };
  const f = t.frame;
  const same = (el: Element): boolean => {
    if (t.id !== null) return el.getAttribute("data-testid") === t.id;
    const r = el.getBoundingClientRect();
    return Math.abs(r.x - f[0]) < 0.5 && Math.abs(r.y - f[1]) < 0.5 &&
      Math.abs(r.width - f[2]) < 0.5 && Math.abs(r.height - f[3]) < 0.5 && labelOf(el) === t.label;
  };
  const up = (el: Element): Element | null => {
    if (el.parentElement) return el.parentElement;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? root.host : null;
  };
  for (let el: Element | null = hit; el; el = up(el)) if (same(el)) return null;
  const cover = hit.closest(t.selector) || hit;
  const r = cover.getBoundingClientRect();
  return [cover.getAttribute("data-testid") || null, labelOf(cover), r.x, r.y, r.width, r.height];
}

/** The hit-test arguments for a resolved element (its centre). */
export function hitTestArgs(el: UiElement): PageTarget & { x: number; y: number } {
  const [x, y] = frameCenter(el.frame);
  return { ...pageTarget(el), x, y };
}

/** The cover of a hit result as a candidate, or null when reached. */
export function coverCandidate(result: HitResult): Candidate | null {
  if (result === null) return null;
  const [identifier, label, x, y, w, h] = result;
  return { identifier, label, frame: [x, y, w, h] };
}
