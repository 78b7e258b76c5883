/**
 * W3C pointer-action bodies for `POST /session/{id}/actions`: one touch pointer (`finger1`),
 * viewport coordinates rounded to whole units (W3C wants integers; iOS points, Android pixels as
 * the backend uses), durations in whole milliseconds. The key order matches the wire examples of
 * docs/backends.md so bodies compare equal as text too.
 *
 * @module
 */
import type { Point } from "../driver.ts";

/** One W3C pointer action. */
export type PointerAction =
  | { type: "pointerMove"; duration: number; origin: "viewport"; x: number; y: number }
  | { type: "pointerDown"; button: 0 }
  | { type: "pause"; duration: number }
  | { type: "pointerUp"; button: 0 };

/** The body of `POST …/actions` with one touch pointer. */
export interface ActionsBody {
  actions: [{
    type: "pointer";
    id: string;
    parameters: { pointerType: "touch" };
    actions: PointerAction[];
  }];
}

/** How long a tap holds the finger down, ms. */
export const TAP_PRESS_MS = 80;
/** Finger up between the two taps of a double tap, ms. */
export const DOUBLE_TAP_GAP_MS = 100;
/** Shortest travel of a non-inertial scroll, ms: slow enough that no fling starts. */
export const SCROLL_MIN_MOVE_MS = 300;
/** Hold at the end of a scroll before lifting, ms: lets the velocity decay to zero. */
export const SCROLL_HOLD_MS = 200;

/**
 * A tap at `p`: move, down, pause, up.
 *
 * @example
 * ```ts
 * await session.post("/actions", tapActions([196, 785]));
 * ```
 */
export function tapActions(p: Point, pressMs = TAP_PRESS_MS): ActionsBody {
  return touch([moveTo(p, 0), down(), pause(pressMs), up()]);
}

/**
 * Two taps at `p`, `DOUBLE_TAP_GAP_MS` apart.
 *
 * @example
 * ```ts
 * await session.post("/actions", doubleTapActions([196, 785]));
 * ```
 */
export function doubleTapActions(p: Point, pressMs = TAP_PRESS_MS): ActionsBody {
  return touch([
    moveTo(p, 0),
    down(),
    pause(pressMs),
    up(),
    pause(DOUBLE_TAP_GAP_MS),
    down(),
    pause(pressMs),
    up(),
  ]);
}

/**
 * A long press at `p` held for `seconds`.
 *
 * @example
 * ```ts
 * await session.post("/actions", longPressActions([196, 785], 1.0));
 * ```
 */
export function longPressActions(p: Point, seconds: number): ActionsBody {
  return touch([moveTo(p, 0), down(), pause(seconds * 1000), up()]);
}

/**
 * A literal drag from `from` to `to` over `seconds`, lifting at once where it ends (a pan, a drag
 * handle). `pressS` holds the finger before moving, for handles that need a press to pick up.
 *
 * @example
 * ```ts
 * await session.post("/actions", dragActions([100, 600], [100, 200], 0.5));
 * ```
 */
export function dragActions(from: Point, to: Point, seconds: number, pressS = 0): ActionsBody {
  const steps: PointerAction[] = [moveTo(from, 0), down()];
  if (pressS > 0) steps.push(pause(pressS * 1000));
  steps.push(moveTo(to, seconds * 1000), up());
  return touch(steps);
}

/**
 * A non-inertial scroll: move, down, travel to `to` over at least 300 ms, hold ~200 ms so the
 * content's velocity decays, then up. Content stops where the finger stopped.
 *
 * @example
 * ```ts
 * await session.post("/actions", scrollActions([196, 700], [196, 300]));
 * ```
 */
export function scrollActions(from: Point, to: Point, moveMs = SCROLL_MIN_MOVE_MS): ActionsBody {
  return touch([
    moveTo(from, 0),
    down(),
    moveTo(to, Math.max(SCROLL_MIN_MOVE_MS, moveMs)),
    pause(SCROLL_HOLD_MS),
    up(),
  ]);
}

/** The body of `POST …/actions` with two touch pointers (`finger1`, `finger2`). */
export interface TwoFingerBody {
  actions: [PointerSource, PointerSource];
}

/** One touch pointer source of an actions body. */
export interface PointerSource {
  type: "pointer";
  id: string;
  parameters: { pointerType: "touch" };
  actions: PointerAction[];
}

/** How long a two-finger gesture takes, ms. */
export const TWO_FINGER_MS = 500;

/**
 * A pinch about `centre`: two fingers on a horizontal line, `startRadius` from the centre, move
 * to `startRadius × scale` (scale > 1 spreads them: zoom in) over `ms`.
 *
 * @example
 * ```ts
 * await session.post("/actions", pinchActions([196, 400], 40, 2)); // zoom in ×2
 * ```
 */
export function pinchActions(
  centre: Point,
  startRadius: number,
  scale: number,
  ms = TWO_FINGER_MS,
): TwoFingerBody {
  const [cx, cy] = centre;
  const end = startRadius * scale;
  return twoFingers(
    [[cx - startRadius, cy], [cx - end, cy]],
    [[cx + startRadius, cy], [cx + end, cy]],
    ms,
  );
}

/**
 * A rotation about `centre`: two fingers opposite each other at `radius` turn by `radians`
 * (positive = clockwise on screen, y pointing down) over `ms`.
 *
 * @example
 * ```ts
 * await session.post("/actions", rotateActions([196, 400], 40, Math.PI / 2));
 * ```
 */
export function rotateActions(
  centre: Point,
  radius: number,
  radians: number,
  ms = TWO_FINGER_MS,
): TwoFingerBody {
  const [cx, cy] = centre;
  const at = (
    angle: number,
  ): Point => [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  return twoFingers([at(Math.PI), at(Math.PI + radians)], [at(0), at(radians)], ms);
}

function twoFingers(a: [Point, Point], b: [Point, Point], ms: number): TwoFingerBody {
  const finger = (id: string, [from, to]: [Point, Point]): PointerSource => ({
    type: "pointer",
    id,
    parameters: { pointerType: "touch" },
    actions: [moveTo(from, 0), down(), moveTo(to, ms), up()],
  });
  return { actions: [finger("finger1", a), finger("finger2", b)] };
}

function touch(actions: PointerAction[]): ActionsBody {
  return {
    actions: [{ type: "pointer", id: "finger1", parameters: { pointerType: "touch" }, actions }],
  };
}

function moveTo([x, y]: Point, ms: number): PointerAction {
  return {
    type: "pointerMove",
    duration: wholeMs(ms),
    origin: "viewport",
    x: Math.round(x),
    y: Math.round(y),
  };
}

function down(): PointerAction {
  return { type: "pointerDown", button: 0 };
}

function up(): PointerAction {
  return { type: "pointerUp", button: 0 };
}

function pause(ms: number): PointerAction {
  return { type: "pause", duration: wholeMs(ms) };
}

function wholeMs(ms: number): number {
  return Math.max(0, Math.round(ms));
}
