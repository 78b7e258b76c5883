/**
 * What the report draws over a step's screenshot (docs/reports.md#element-frames): the frame of
 * the element the step resolved and the point a tap landed on; for a failure on ambiguity every
 * candidate; for a not-tappable target the element covering it. Frames stay in the driver's
 * units; the screenshot's pixels per unit travel with them, so the report maps one onto the other
 * without touching the PNG.
 *
 * @module
 */
import type { Actuation, Candidate, Element, Gesture } from "../drivers/driver.ts";
import { resolveUnique, screenSize } from "../selectors/mod.ts";
import type { Selector } from "../scenario/types.ts";
import type { OverlayBox, StepOverlay } from "./types.ts";

/** Gestures whose first point is where a finger (or the pointer) came down. */
const POINTED: ReadonlySet<Gesture> = new Set<Gesture>([
  "tap",
  "secondaryTap",
  "doubleTap",
  "longPress",
  "hover",
]);

/** What the overlay is built from. */
export interface OverlayInput {
  /** The step's DSL action. */
  action: string;
  /** What the driver did during the step. */
  actuations: readonly Actuation[];
  /** The selector the step acted on or waited for. */
  selector: Selector | null;
  /** The tree the step resolved on (before acting), and the tree after it. */
  before: readonly Element[] | null;
  after: readonly Element[];
  candidates?: readonly Candidate[];
  cover?: Candidate;
  /** The screenshot's size in pixels, when the sink knows it. */
  shotPixels: readonly [number, number] | null;
}

/**
 * The overlay of one step, or null when there is nothing to draw.
 *
 * @example
 * ```ts
 * stepOverlay({ action: "tap", actuations, selector: { id: "ok" }, before, after, shotPixels: [780, 1688] });
 * // { shot: "before", screen: [390, 844], scale: 2, boxes: [{ frame: [16, 600, 358, 44], role: "target", label: "ok" }], point: [195, 622] }
 * ```
 */
export function stepOverlay(input: OverlayInput): StepOverlay | null {
  const readOnly = input.action === "wait" || input.action === "assert";
  const shot = readOnly ? "after" : "before";
  const tree = readOnly ? input.after : input.before ?? input.after;
  const boxes: OverlayBox[] = [];
  let point: [number, number] | null = null;
  for (const c of input.candidates ?? []) boxes.push(box(c, "candidate"));
  const acted = input.actuations.find((a) => a.frame !== null);
  if (acted?.frame) {
    boxes.push({ frame: [...acted.frame], role: "target", label: acted.target });
  } else if (boxes.length === 0 && input.selector) {
    const el = resolved(tree, input.selector);
    if (el) boxes.push(box(el, "target"));
  }
  if (input.cover) boxes.push(box(input.cover, "cover"));
  const pointed = input.actuations.find((a) => POINTED.has(a.gesture) && a.points.length > 0);
  if (pointed) point = [pointed.points[0][0], pointed.points[0][1]];
  if (boxes.length === 0 && point === null) return null;
  const screen = screenSize(tree);
  const scale = input.shotPixels && screen[0] > 0 ? input.shotPixels[0] / screen[0] : null;
  return { shot, screen, scale, boxes, point };
}

function box(c: Candidate | Element, role: OverlayBox["role"]): OverlayBox {
  return { frame: [...c.frame], role, label: c.identifier ?? c.label };
}

/** The element `sel` resolves to on `tree`, or null (not found, ambiguous, bad pattern). */
function resolved(tree: readonly Element[], sel: Selector): Element | null {
  try {
    return resolveUnique(tree, sel);
  } catch {
    // Drawing is best effort: a selector that does not resolve here has nothing to frame.
    return null;
  }
}
