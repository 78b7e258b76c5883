/**
 * Actuation records: what a driver actually sent, as steps and reports keep them.
 *
 * @module
 */
import type { Frame, Point } from "./geometry.ts";

/**
 * What an actuation record says was sent.
 *
 * @example
 * ```ts
 * const gesture: Gesture = "longPress";
 * ```
 */
export type Gesture =
  | "tap"
  | "secondaryTap"
  | "hover"
  | "press"
  | "doubleTap"
  | "longPress"
  | "swipe"
  | "scroll"
  | "pinch"
  | "rotate"
  | "typeText"
  | "deleteText"
  | "selectAll"
  | "copy"
  | "selectOption"
  | "setPickerValue"
  | "systemAlert"
  | "back";

/**
 * What the driver actually sent (docs/architecture.md#actuation-records). Never holds typed text or
 * labels.
 *
 * @example
 * ```ts
 * const { actuations } = driver.drainActuations?.() ?? { actuations: [] };
 * actuations[0]; // { gesture: "tap", via: "coordinate", points: [[195, 622]], target: "login.submit", accepted: true, … }
 * ```
 */
export interface Actuation {
  gesture: Gesture;
  via: "coordinate" | "handle" | "identity" | "bridge" | "focused" | "key" | "history";
  unit: "point" | "pixel" | "cssPixel";
  points: Point[];
  frame: Frame | null;
  /** The resolved identifier only. */
  target: string | null;
  accepted: boolean;
  durationS: number | null;
  scale: number | null;
  radians: number | null;
  substitution: string | null;
}

/**
 * The records since the previous drain, and how many were past the cap.
 *
 * @example
 * ```ts
 * const { actuations, dropped } = driver.drainActuations?.() ?? { actuations: [], dropped: 0 };
 * ```
 */
export interface ActuationDrain {
  actuations: Actuation[];
  dropped: number;
}
