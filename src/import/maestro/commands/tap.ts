/**
 * Tap commands: `tapOn`, `doubleTapOn`, `longPressOn` (docs/import-maestro.md#taps). A selector
 * tap becomes `tap`/`doubleTap`/`longPress`; `point: "x%,y%"` becomes `tapPoint`; `repeat: n`
 * repeats the tap; `optional: true` taps only if the element is there (`if exists`).
 *
 * @module
 */
import { Untranslatable } from "../findings.ts";
import type { OutItem, StepObject } from "../out_items.ts";
import type { ImportedSelector } from "../selector.ts";
import { type Command, type Handler, nested, type Translator } from "../translator.ts";
import { boolOf, child, numberOf } from "../values.ts";
import { LONG_PRESS_S, LOOKUP_TIMEOUT_S } from "./timing.ts";

type TapKind = "tap" | "doubleTap" | "longPress";

/** Most taps a `repeat` is unrolled into. */
const MAX_REPEAT = 20;

function tapCommand(kind: TapKind): Handler {
  return (cmd, t) => {
    const v = cmd.value?.kind === "map" ? cmd.value : null;
    const point = t.text(cmd, child(v, "point"));
    if (point !== undefined) return pointTap(kind, cmd, t, point);
    const sel = t.selector(cmd);
    const times = kind === "tap" ? repeatCount(cmd) : 1;
    const items: OutItem[] = [];
    if (boolOf(child(v, "waitUntilVisible")) === true) {
      items.push(t.step(cmd, { wait: { for: sel, timeout: LOOKUP_TIMEOUT_S } }));
    }
    for (let i = 0; i < times; i++) items.push(t.step(cmd, tapBody(kind, sel)));
    t.focus = sel;
    if (boolOf(child(v, "optional")) !== true) return items;
    return [t.step(cmd, { if: { condition: { exists: sel }, then: nested(items) } })];
  };
}

function tapBody(kind: TapKind, sel: ImportedSelector): StepObject {
  if (kind === "longPress") return { longPress: { sel, duration: LONG_PRESS_S } };
  return { [kind]: sel };
}

function repeatCount(cmd: Command): number {
  const n = numberOf(child(cmd.value, "repeat"), cmd.scope, "repeat");
  if (n === undefined) return 1;
  if (!Number.isInteger(n) || n > MAX_REPEAT) {
    throw new Untranslatable(
      "LOOP",
      `repeat ${n}: more taps than this import unrolls (${MAX_REPEAT})`,
      "write the taps out, or loop over elements with `forEach`",
    );
  }
  return Math.max(1, n);
}

/** `point: "50%,50%"` → `tapPoint`; a point in pixels has no bajutsu form. */
function pointTap(kind: TapKind, cmd: Command, t: Translator, point: string): OutItem[] {
  const m = /^\s*(\d+(?:\.\d+)?)%\s*,\s*(\d+(?:\.\d+)?)%\s*$/.exec(point);
  if (!m && point.includes("${")) {
    throw new Untranslatable(
      "OPTION",
      `point ${JSON.stringify(point)} is not known when importing`,
      "write the point as percentages (50%,50%)",
    );
  }
  if (!m) {
    throw new Untranslatable(
      "POINT",
      `point ${JSON.stringify(point)} is in pixels: tapPoint takes fractions of the screen`,
      "write the point as percentages (50%,50%), or tap the element by its selector",
    );
  }
  if (kind !== "tap") {
    throw new Untranslatable(
      "POINT",
      `a ${kind} at a screen point: bajutsu taps points only once`,
      `${kind} the element by its selector`,
    );
  }
  const body = { tapPoint: { x: Number(m[1]) / 100, y: Number(m[2]) / 100 } };
  const times = repeatCount(cmd);
  return Array.from({ length: times }, () => t.step(cmd, body));
}

/** The tap family. */
export const TAP_COMMANDS: Record<string, Handler> = {
  tapOn: tapCommand("tap"),
  doubleTapOn: tapCommand("doubleTap"),
  longPressOn: tapCommand("longPress"),
};
