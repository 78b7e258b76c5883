/**
 * The viewport scroll model (docs/backends.md#fake): content lives in content coordinates; a drag
 * moves the offset by `from − to`, clamped to the content; frames on screen are translated by it.
 * Non-inertial: the content stops where the gesture ends.
 *
 * @module
 */
import type { Frame, Point } from "../driver.ts";

export type Offset = [x: number, y: number];

/** The content's extent: `(max(x+w), max(y+h))` over the content frames. */
export function contentExtent(frames: readonly Frame[]): [w: number, h: number] {
  let w = 0;
  let h = 0;
  for (const [x, y, fw, fh] of frames) {
    w = Math.max(w, x + fw);
    h = Math.max(h, y + fh);
  }
  return [w, h];
}

/** Keeps the offset within `[0, extent − viewport]` on each axis. */
export function clampOffset(offset: Offset, viewport: Frame, extent: [number, number]): Offset {
  const maxX = Math.max(0, extent[0] - viewport[2]);
  const maxY = Math.max(0, extent[1] - viewport[3]);
  return [Math.min(Math.max(offset[0], 0), maxX), Math.min(Math.max(offset[1], 0), maxY)];
}

/** The offset after dragging the content from `from` to `to` (drag up = scroll down). */
export function dragOffset(
  offset: Offset,
  from: Point,
  to: Point,
  viewport: Frame,
  extent: [number, number],
): Offset {
  const moved: Offset = [offset[0] + from[0] - to[0], offset[1] + from[1] - to[1]];
  return clampOffset(moved, viewport, extent);
}

/** A content frame in screen coordinates. */
export function toScreenFrame(frame: Frame, viewport: Frame, offset: Offset): Frame {
  return [
    viewport[0] + frame[0] - offset[0],
    viewport[1] + frame[1] - offset[1],
    frame[2],
    frame[3],
  ];
}

/** Whether two frames overlap with a positive area (touching edges do not count). */
export function framesIntersect(a: Frame, b: Frame): boolean {
  return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
}
