/**
 * W3C pointer actions read back as the touch gestures they make, for fake servers that act on a
 * fake app: a press that moved is a drag, one held at least `holdMs` is a long press, two quick
 * presses in one sequence are a double tap, else a tap.
 *
 * @module
 */

/** One action of a pointer input source, as sent. */
export interface PointerStep {
  type: string;
  duration?: number;
  x?: number;
  y?: number;
}

type Point = [number, number];

/** A gesture a pointer sequence makes. */
export type TouchGesture =
  | { kind: "tap"; at: Point }
  | { kind: "doubleTap"; at: Point }
  | { kind: "press"; at: Point; ms: number }
  | { kind: "drag"; from: Point; to: Point };

/**
 * The gestures of one pointer's actions, in order (a double tap is one gesture).
 *
 * @example
 * ```ts
 * touchGestures(body.actions[0].actions, 400); // [{ kind: "tap", at: [80, 42] }]
 * ```
 */
export function touchGestures(steps: PointerStep[], holdMs: number): TouchGesture[] {
  let at: Point = [0, 0];
  let downAt: Point | null = null;
  let held = 0;
  let moved = false;
  const out: TouchGesture[] = [];
  const taps: Point[] = [];
  for (const s of steps) {
    if (s.type === "pointerMove") {
      at = [Number(s.x), Number(s.y)];
      if (downAt) moved = true;
    } else if (s.type === "pointerDown") {
      downAt = at;
      held = 0;
      moved = false;
    } else if (s.type === "pause") {
      if (downAt) held += s.duration ?? 0;
    } else if (s.type === "pointerUp" && downAt) {
      if (moved) out.push({ kind: "drag", from: downAt, to: at });
      else if (held >= holdMs) out.push({ kind: "press", at: downAt, ms: held });
      else taps.push(downAt);
      downAt = null;
    }
  }
  if (taps.length >= 2) out.push({ kind: "doubleTap", at: taps[0] });
  else if (taps.length === 1) out.push({ kind: "tap", at: taps[0] });
  return out;
}
