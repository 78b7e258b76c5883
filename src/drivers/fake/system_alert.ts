/**
 * How a system alert renders: a full-screen `alert` element (the scrim, so it covers every app
 * element under the document-order cover check) followed by its buttons, stacked in the middle.
 *
 * @module
 */
import type { Element } from "../driver.ts";
import type { ElementRef } from "./live_screen.ts";
import type { FakeAlertSpec } from "./types.ts";

const BUTTON_HEIGHT = 44;
const BUTTON_GAP = 8;

/** The alert's elements and refs, to append after (on top of) the app tree. */
export function renderAlert(
  alert: FakeAlertSpec,
  size: [number, number],
): { tree: Element[]; refs: ElementRef[] } {
  const [w, h] = size;
  const tree: Element[] = [{
    identifier: null,
    label: alert.title,
    value: alert.message,
    traits: ["alert"],
    frame: [0, 0, w, h],
    nativeZ: null,
  }];
  const refs: ElementRef[] = [{ kind: "alert" }];
  const stack = alert.buttons.length * (BUTTON_HEIGHT + BUTTON_GAP) - BUTTON_GAP;
  const top = Math.max(0, (h - stack) / 2);
  alert.buttons.forEach((b, index) => {
    tree.push({
      identifier: b.identifier,
      label: b.label,
      value: null,
      traits: ["button"],
      frame: [w * 0.1, top + index * (BUTTON_HEIGHT + BUTTON_GAP), w * 0.8, BUTTON_HEIGHT],
      nativeZ: null,
    });
    refs.push({ kind: "alertButton", index });
  });
  return { tree, refs };
}
