/**
 * The leaf-action validator table: one entry per DSL action except the control-flow containers
 * (validated in step.ts, which recurses into step lists).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Assertion } from "../types.ts";
import { report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { type BodyTable, emptyBody } from "./body.ts";
import { selector } from "./selector.ts";
import { drag, longPress, pinch, rotate, scroll, swipe, tapPoint } from "./gestures.ts";
import {
  clear,
  deleteText,
  selectOption,
  selectText,
  setPickerValue,
  typeText,
} from "./text_entry.ts";
import { wait } from "./wait.ts";
import { assertionList } from "./assertion.ts";
import {
  handleSystemAlert,
  manual,
  overrideStatusBar,
  push,
  relaunch,
  setClipboard,
  setLocation,
} from "./device_control.ts";
import { email, http, totp } from "./producers.ts";
import { generate } from "./generate.ts";
import { hover, press, tap } from "./inputs.ts";
import { seqNode } from "../../yaml/mapping.ts";

/** `assert: [Assertion, …]` — at least one. */
function assertBody(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Assertion[] | undefined {
  const s = seqNode(ctx, node, path, "a list of assertions");
  if (!s) return undefined;
  if (s.items.length === 0) {
    report(ctx, s.pos, "E_REQUIRED", path, "assert needs at least one assertion");
    return undefined;
  }
  return assertionList(ctx, s, path);
}

/** Leaf action → payload validator. */
export const LEAF_BODIES: BodyTable = {
  tap,
  press,
  hover,
  doubleTap: selector,
  longPress,
  tapPoint,
  type: typeText,
  clear,
  delete: deleteText,
  select: selectText,
  copy: emptyBody,
  selectOption,
  setPickerValue,
  swipe,
  drag,
  scroll,
  back: emptyBody,
  pinch,
  rotate,
  wait,
  assert: assertBody,
  relaunch,
  setLocation,
  push,
  http,
  totp,
  email,
  generate,
  background: emptyBody,
  foreground: emptyBody,
  clearKeychain: emptyBody,
  clearClipboard: emptyBody,
  setClipboard,
  overrideStatusBar,
  clearStatusBar: emptyBody,
  handleSystemAlert,
  manual,
};
