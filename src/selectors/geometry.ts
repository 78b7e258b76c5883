/**
 * Plain geometry over the flat element tree: centres, containment, the screen extent, the
 * document-order cover proxy (docs/scenario-language.md#reachability-and-recovery) and directional
 * gesture endpoints (docs/scenario-language.md#directional-gesture-geometry).
 *
 * @module
 */
import { type Element, ElementNotTappable, type Frame, type Point } from "../drivers/driver.ts";
import type { Direction } from "../model/step.ts";
import { renderCandidate, toCandidate } from "./render.ts";

/** Default travel of a directional gesture, as a fraction of the screen axis. */
export const DEFAULT_GESTURE_AMOUNT = 0.125;
/** Both gesture endpoints stay this far inside the screen edges. */
export const GESTURE_MARGIN = 4;

/** The centre of a frame. */
export function frameCenter(frame: Frame): Point {
  const [x, y, w, h] = frame;
  return [x + w / 2, y + h / 2];
}

/**
 * The type trait of a root element: a tree whose first element carries it (the web page, framed
 * by the viewport) measures the screen by that element.
 */
export const ROOT_TRAIT = "window";

/**
 * Screen size: the root element's size when the tree starts with one (docs/backends.md#web),
 * else the tree's max extents `(max(x+w), max(y+h))`; `[0, 0]` for an empty tree. With a root,
 * elements below the fold do not stretch the screen, so `tapPoint` fractions and directional
 * swipes are fractions of what is visible.
 */
export function screenSize(tree: readonly Element[]): [w: number, h: number] {
  const root = tree[0];
  if (root !== undefined && root.traits[0] === ROOT_TRAIT) return [root.frame[2], root.frame[3]];
  let w = 0;
  let h = 0;
  for (const el of tree) {
    const [x, y, fw, fh] = el.frame;
    w = Math.max(w, x + fw);
    h = Math.max(h, y + fh);
  }
  return [w, h];
}

/** Whether `inner` lies inside `outer`, edges inclusive (an equal frame is inside). */
export function frameInside(inner: Frame, outer: Frame): boolean {
  const [ix, iy, iw, ih] = inner;
  const [ox, oy, ow, oh] = outer;
  return ix >= ox && iy >= oy && ix + iw <= ox + ow && iy + ih <= oy + oh;
}

/** Whether the point lies in the frame, edges inclusive. */
export function frameContainsPoint(frame: Frame, pt: Point): boolean {
  const [x, y, w, h] = frame;
  const [px, py] = pt;
  return px >= x && px <= x + w && py >= y && py <= y + h;
}

/**
 * The element drawn on top of `pt` above `target`, or null. Document order is the paint-order
 * proxy: only elements after `target` (found by identity) count, and those inside the target's
 * own frame are its descendants, so they do not cover it.
 */
export function topmostAtPoint(
  tree: readonly Element[],
  pt: Point,
  target: Element,
): Element | null {
  const at = tree.indexOf(target);
  if (at < 0) return null;
  for (let i = tree.length - 1; i > at; i--) {
    const el = tree[i];
    if (frameContainsPoint(el.frame, pt) && !frameInside(el.frame, target.frame)) return el;
  }
  return null;
}

/** The element covering the target's centre, or null when the target is reachable. */
export function coverOf(tree: readonly Element[], target: Element): Element | null {
  return topmostAtPoint(tree, frameCenter(target.frame), target);
}

/**
 * Throws `ElementNotTappable` (`not tappable: covered by <cover>`) when something covers the
 * target's centre.
 */
export function assertReachable(tree: readonly Element[], target: Element): void {
  const cover = coverOf(tree, target);
  if (cover === null) return;
  const candidate = toCandidate(cover);
  throw new ElementNotTappable(`not tappable: covered by ${renderCandidate(candidate)}`, candidate);
}

/**
 * Later, contained, identified elements: where a refused tap on a container may be redirected
 * (docs/architecture.md#the-element-tree). Document order.
 */
export function redirectCandidates(tree: readonly Element[], target: Element): Element[] {
  const at = tree.indexOf(target);
  if (at < 0) return [];
  return tree.slice(at + 1).filter((el) => el.identifier && frameInside(el.frame, target.frame));
}

/** Two-finger gesture anchor: the centre and a finger half-distance of `min(w, h) / 4`. */
export function gestureAnchor(frame: Frame): [cx: number, cy: number, half: number] {
  const [cx, cy] = frameCenter(frame);
  return [cx, cy, Math.min(frame[2], frame[3]) / 4];
}

/**
 * The centre of the part of `frame` inside the screen (margins kept), so a gesture on an element
 * taller or wider than the screen, or partly scrolled out of it, starts where it can be touched.
 * A frame wholly outside the screen gives its centre clamped into the screen.
 */
export function visibleCenter(frame: Frame, screen: readonly [number, number]): Point {
  const m = GESTURE_MARGIN;
  const [x, y, w, h] = frame;
  const axis = (start: number, size: number, dim: number): number => {
    if (dim <= 2 * m) return start + size / 2;
    const lo = Math.max(start, m);
    const hi = Math.min(start + size, dim - m);
    return lo <= hi ? (lo + hi) / 2 : Math.min(Math.max(start + size / 2, m), dim - m);
  };
  return [axis(x, w, screen[0]), axis(y, h, screen[1])];
}

/**
 * Start and end points of a directional swipe/drag on `frame`
 * (docs/scenario-language.md#directional-gesture-geometry). The direction names the finger motion;
 * the gesture begins on the element's centre when there is room and slides back inside the margin
 * otherwise, keeping its length.
 */
export function directionalEndpoints(
  frame: Frame,
  screen: readonly [number, number],
  direction: Direction,
  amount: number = DEFAULT_GESTURE_AMOUNT,
): [from: Point, to: Point] {
  const [cx, cy] = visibleCenter(frame, screen);
  const vertical = direction === "up" || direction === "down";
  const dim = vertical ? screen[1] : screen[0];
  const m = GESTURE_MARGIN;
  const span = Math.min(amount * dim, Math.max(0, dim - 2 * m));
  let start = Math.min(Math.max(vertical ? cy : cx, m), dim - m);
  let end = direction === "up" || direction === "left" ? start - span : start + span;
  if (end < m) {
    start += m - end;
    end = m;
  } else if (end > dim - m) {
    start -= end - (dim - m);
    end = dim - m;
  }
  return vertical ? [[cx, start], [cx, end]] : [[start, cy], [end, cy]];
}
