/**
 * Touch input through the Chrome DevTools Protocol (docs/backends.md#web): one-finger drags for
 * touch contexts and two-finger pinch/rotate. Chromium only; Playwright has no multi-touch API.
 *
 * @module
 */
import type { CDPSession } from "playwright-core";
import type { Point } from "../driver.ts";
import { dragMoves } from "./drag_pace.ts";

/** Intermediate moves of a drag or a two-finger gesture. */
export const TOUCH_STEPS = 5;

/** Points from `a` to `b` in `steps` equal moves (excluding `a`). */
export function interpolate(a: Point, b: Point, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    out.push([a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps]);
  }
  return out;
}

/**
 * One finger: down at `from`, moves paced by `rendered` (the page's next frames, see
 * docs/backends.md#web), up at `to` (a literal drag; may fling).
 */
export async function touchDrag(
  cdp: CDPSession,
  from: Point,
  to: Point,
  rendered: () => Promise<void>,
): Promise<void> {
  const finger = (p: Point) => [{ x: p[0], y: p[1], id: 0 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: finger(from) });
  for (const p of interpolate(from, to, dragMoves(from, to))) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: finger(p) });
    await rendered();
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** How long the finger rests at the end of a scroll so the browser sees no fling velocity. */
export const SCROLL_REST_S = 0.1;

/**
 * A non-inertial one-finger scroll: the finger moves `from → to`, rests there, then lifts, so
 * the browser's velocity tracker sees a finger at rest and starts no fling (measured: without
 * the rest a 200 px drag flings ~1,300 px further; `Input.synthesizeScrollGesture` with a touch
 * source does not scroll at all in headless Chromium).
 */
export async function touchScroll(
  cdp: CDPSession,
  from: Point,
  to: Point,
  sleep: (seconds: number) => Promise<void>,
): Promise<void> {
  const finger = (p: Point) => [{ x: p[0], y: p[1], id: 0 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: finger(from) });
  for (const p of interpolate(from, to, TOUCH_STEPS)) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: finger(p) });
  }
  await sleep(SCROLL_REST_S);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: finger(to) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Two fingers from `start` to `end` positions in {@link TOUCH_STEPS} moves. */
export async function twoFingers(
  cdp: CDPSession,
  start: [Point, Point],
  end: [Point, Point],
): Promise<void> {
  const points = (a: Point, b: Point) => [{ x: a[0], y: a[1], id: 0 }, { x: b[0], y: b[1], id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: points(start[0], start[1]),
  });
  const a = interpolate(start[0], end[0], TOUCH_STEPS);
  const b = interpolate(start[1], end[1], TOUCH_STEPS);
  for (let i = 0; i < TOUCH_STEPS; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: points(a[i], b[i]),
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/**
 * Finger positions of a pinch around `[cx, cy]`: the fingers start `half` from the centre and
 * end `half × scale` from it, so scale > 1 spreads them (zoom in) and < 1 brings them together.
 */
export function pinchPoints(
  anchor: [cx: number, cy: number, half: number],
  scale: number,
): { start: [Point, Point]; end: [Point, Point] } {
  const [cx, cy, half] = anchor;
  const to = half * scale;
  return {
    start: [[cx - half, cy], [cx + half, cy]],
    end: [[cx - to, cy], [cx + to, cy]],
  };
}

/**
 * Finger positions of a rotation by `radians` around the anchor (positive = clockwise on screen,
 * whose y axis points down).
 */
export function rotatePoints(
  anchor: [cx: number, cy: number, half: number],
  radians: number,
): { start: [Point, Point]; end: [Point, Point] } {
  const [cx, cy, half] = anchor;
  const at = (angle: number): [Point, Point] => {
    const dx = half * Math.cos(angle);
    const dy = half * Math.sin(angle);
    return [[cx - dx, cy - dy], [cx + dx, cy + dy]];
  };
  return { start: at(0), end: at(radians) };
}
