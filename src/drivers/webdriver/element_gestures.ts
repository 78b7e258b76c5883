/**
 * Two-finger gestures on a resolved element as W3C pointer actions, with the actuation record
 * that goes with them: both fingers about the element's gesture anchor (its centre, a quarter of
 * its shorter side out). Shared by every driver that sends `POST actions` (iOS, remote).
 *
 * @module
 */
import type { Element } from "../driver.ts";
import type { ActuationInput } from "../actuation_log.ts";
import { atCentre } from "../host_side.ts";
import { gestureAnchor } from "../../selectors/mod.ts";
import { pinchActions, rotateActions, type TwoFingerBody } from "./pointer_actions.ts";

/** A gesture to send: its record and the actions body. */
export interface ElementGesture {
  record: ActuationInput;
  body: TwoFingerBody;
}

/**
 * A pinch on `el` (scale > 1 zooms in).
 *
 * @example
 * ```ts
 * const { record, body } = pinchOn(map, 2);
 * await log.act(record, () => session.post("/actions", body));
 * ```
 */
export function pinchOn(el: Element, scale: number): ElementGesture {
  const [cx, cy, half] = gestureAnchor(el.frame);
  return { record: atCentre("pinch", el, { scale }), body: pinchActions([cx, cy], half, scale) };
}

/**
 * A rotation on `el` (radians > 0 clockwise).
 *
 * @example
 * ```ts
 * const { record, body } = rotateOn(dial, Math.PI / 2);
 * ```
 */
export function rotateOn(el: Element, radians: number): ElementGesture {
  const [cx, cy, half] = gestureAnchor(el.frame);
  return {
    record: atCentre("rotate", el, { radians }),
    body: rotateActions([cx, cy], half, radians),
  };
}
