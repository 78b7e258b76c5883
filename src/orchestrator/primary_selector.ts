/**
 * A step's primary target selector (docs/scenario-language.md#capturepolicy-rules): what
 * `idMatches` triggers match against and what reports show as the step's selector.
 *
 * @module
 */
import { tapSpec } from "../scenario/tap_spec.ts";
import type { Selector, Step } from "../scenario/types.ts";

/**
 * tap, doubleTap → the selector itself; longPress/pinch/rotate/selectOption/setPickerValue →
 * `sel`; type/clear/delete/select → `into`; swipe/drag → `on`; scroll → `to`;
 * handleSystemAlert → `sel`; otherwise null.
 *
 * @example
 * ```ts
 * primarySelector({ action: "type", body: { text: "x", into: { id: "f" }, submit: false } });
 * // { id: "f" }
 * ```
 */
export function primarySelector(step: Step): Selector | null {
  switch (step.action) {
    case "tap":
      return tapSpec(step.body).sel;
    case "doubleTap":
    case "hover":
      return step.body;
    case "press":
      return step.body.into ?? null;
    case "longPress":
    case "pinch":
    case "rotate":
    case "selectOption":
    case "setPickerValue":
      return step.body.sel;
    case "type":
      return step.body.into ?? null;
    case "clear":
    case "delete":
    case "select":
      return step.body.into;
    case "swipe":
      return "on" in step.body ? step.body.on : null;
    case "drag":
      return step.body.on;
    case "scroll":
      return step.body.to;
    case "handleSystemAlert":
      return "sel" in step.body ? step.body.sel : null;
    default:
      return null;
  }
}
