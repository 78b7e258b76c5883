/**
 * The pace of a pointer drag on the web (docs/backends.md#web): a page that reorders on drag
 * (HTML5 drag and drop, a sortable list) acts on the moves it sees between two rendered frames,
 * so a drag sent faster than the page renders skips the places it passed. Each move is followed
 * by the page's next frames, the way a person's hand is slower than the screen.
 *
 * @module
 */
import type { Point } from "../driver.ts";

/** Fewest intermediate moves of a drag. */
const MIN_MOVES = 5;
/** Most intermediate moves (a long drag costs one frame pair per move). */
const MAX_MOVES = 30;
/** Distance covered by one move, in CSS pixels. */
const PIXELS_PER_MOVE = 20;

/**
 * Intermediate moves for a drag from `from` to `to`: one per {@link PIXELS_PER_MOVE} pixels,
 * between {@link MIN_MOVES} and {@link MAX_MOVES}.
 *
 * @example
 * ```ts
 * dragMoves([0, 0], [0, 400]); // 20
 * ```
 */
export function dragMoves(from: Point, to: Point): number {
  const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return Math.min(MAX_MOVES, Math.max(MIN_MOVES, Math.ceil(distance / PIXELS_PER_MOVE)));
}

/** How long the page may take to render a frame before the drag goes on without it. */
export const FRAME_FALLBACK_MS = 100;

/**
 * In-page: resolves once two animation frames have been rendered (the page has handled the
 * move), or after `fallbackMs` when frames are not coming (a hidden page throttles them).
 */
export function pageNextFrames(a: { fallbackMs: number }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, a.fallbackMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      })
    );
  });
}
