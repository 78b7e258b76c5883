/**
 * The tap family's reachability check on a real page (docs/backends.md#web): the element the
 * browser would hit at the target's point must be the target or inside it. A point outside the
 * viewport is not reachable: a pointer event there reaches nothing, so the step would pass
 * having done nothing. The driver never scrolls by itself; the orchestrator's bounded recovery
 * scroll brings the element in (docs/scenario-language.md#reachability-and-recovery).
 *
 * @module
 */
import type { Candidate, Frame, Point } from "../driver.ts";
import type { ScanRow } from "./dom_scan.ts";

/**
 * How a page function finds the DOM node of a row in its own document (a child frame's rows are
 * found in that frame, with their frames in its viewport: docs/backends.md#frames): the scan that
 * produced the row (`gen`) keeps every row's node, so while no newer scan replaced it the node is
 * `index`. Otherwise (a navigation, a newer read) the node is looked up by identifier and frame,
 * else by frame.
 */
export interface PageTarget {
  gen: number;
  index: number;
  id: string | null;
  frame: Frame;
  testId: string;
}

/**
 * The hit test's answer: `null` reached; `"offscreen"` the point is outside the viewport; else
 * the cover: the index of its row in the scan `gen` names (-1 when it is not a row), its
 * identifier, and its frame.
 */
export type HitResult =
  | null
  | "offscreen"
  | [row: number, id: string | null, x: number, y: number, w: number, h: number];

/**
 * In-page: finds the node the browser hits at the point, descending through open shadow roots
 * (`elementFromPoint` on the document answers with the outermost shadow host), then walks up its
 * composed ancestors (a slotted node's slot, a shadow root's host); the target is reached when its
 * node is among them. The cover is named by its nearest ancestor that is a row of the same scan
 * (what a user can select), else by the hit node itself.
 */
export function pageHitTest(t: PageTarget & { x: number; y: number }): HitResult {
  if (t.x < 0 || t.y < 0 || t.x >= innerWidth || t.y >= innerHeight) return "offscreen";
  const store = (globalThis as unknown as Record<symbol, { gen: number; nodes: Node[] }>)[
    Symbol.for("bajutsu.scan")
  ];
  const rows = store && store.gen === t.gen ? store.nodes : null;
  const near = (el: Element) => {
    const r = el.getBoundingClientRect();
    const f = t.frame;
    return Math.abs(r.x - f[0]) < 0.5 && Math.abs(r.y - f[1]) < 0.5 &&
      Math.abs(r.width - f[2]) < 0.5 && Math.abs(r.height - f[3]) < 0.5;
  };
  const idOf = (el: Element) => el.getAttribute(t.testId) || el.id || null;
  const same = rows !== null
    ? (el: Element) => el === rows[t.index]
    : (el: Element) => (t.id === null || idOf(el) === t.id) && near(el);
  let hit = document.elementFromPoint(t.x, t.y);
  if (!hit) return null;
  for (let shadow = hit.shadowRoot; shadow !== null; shadow = hit.shadowRoot) {
    let inner: Element | null = shadow.elementFromPoint(t.x, t.y);
    if (inner === hit) {
      // The host's own text, rendered through a slot, answers as the host: the topmost element
      // of the shadow tree under the point is what the pointer event reaches.
      const under: Element | undefined = shadow.elementsFromPoint(t.x, t.y)[0];
      inner = under !== undefined && under.getRootNode() === shadow ? under : null;
    }
    if (inner === null || inner === hit) break;
    hit = inner;
  }
  const up = (el: Element): Element | null => {
    if (el.assignedSlot) return el.assignedSlot;
    if (el.parentElement) return el.parentElement;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? root.host : null;
  };
  for (let el: Element | null = hit; el; el = up(el)) if (same(el)) return null;
  let cover: Element = hit;
  let row = -1;
  if (rows !== null) {
    for (let el: Element | null = hit; el; el = up(el)) {
      const i = rows.indexOf(el);
      if (i > 0) {
        cover = el;
        row = i;
        break;
      }
    }
  }
  const r = cover.getBoundingClientRect();
  return [row, idOf(cover), r.x, r.y, r.width, r.height];
}

/** The hit-test arguments for a row at `point` (default: its frame's centre). */
export function hitTestArgs(target: PageTarget, point: Point): PageTarget & {
  x: number;
  y: number;
} {
  return { ...target, x: point[0], y: point[1] };
}

/**
 * The cover of a hit result as a candidate, or null when reached (or off-screen). A cover that is
 * a row of `rows` (the tree of the same scan) is named as the tree names it.
 */
export function coverCandidate(result: HitResult, rows: readonly ScanRow[]): Candidate | null {
  if (result === null || result === "offscreen") return null;
  const [row, identifier, x, y, w, h] = result;
  const known = row > 0 ? rows[row] : undefined;
  return {
    identifier: known ? known[0] : identifier,
    label: known ? known[2] : null,
    frame: [x, y, w, h],
  };
}
