/**
 * The DSL action names (docs/scenario-language.md#steps), shared by the step validator and capture
 * rules.
 *
 * @module
 */
import type { ActionName } from "../types.ts";

/** Every action a loaded step can carry, in catalogue order. */
export const ACTION_NAMES: readonly ActionName[] = [
  "tap",
  "press",
  "hover",
  "doubleTap",
  "longPress",
  "tapPoint",
  "type",
  "clear",
  "delete",
  "select",
  "copy",
  "selectOption",
  "setPickerValue",
  "swipe",
  "drag",
  "scroll",
  "back",
  "pinch",
  "rotate",
  "wait",
  "assert",
  "relaunch",
  "setLocation",
  "push",
  "http",
  "totp",
  "email",
  "generate",
  "background",
  "foreground",
  "clearKeychain",
  "clearClipboard",
  "setClipboard",
  "overrideStatusBar",
  "clearStatusBar",
  "handleSystemAlert",
  "manual",
  "if",
  "forEach",
  "web",
];

/** Control-flow containers: no evidence of their own, no capture/extract. */
export const CONTROL_FLOW: ReadonlySet<string> = new Set(["if", "forEach", "web"]);

/** Leaf actions (those a capture rule's `on.action` may name). */
export const LEAF_ACTIONS: readonly ActionName[] = ACTION_NAMES.filter(
  (a) => !CONTROL_FLOW.has(a),
);
