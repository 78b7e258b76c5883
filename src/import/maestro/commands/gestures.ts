/**
 * Gestures: `scroll`, `scrollUntilVisible`, `swipe` (docs/import-maestro.md#gestures). bajutsu
 * gestures act on an element or on device points; Maestro's screen-wide and percentage swipes
 * have no bajutsu form.
 *
 * @module
 */
import { Untranslatable } from "../findings.ts";
import type { Handler } from "../translator.ts";
import { child, scalarText } from "../values.ts";

const DIRECTIONS = ["up", "down", "left", "right"] as const;

/** How far an element swipe goes (a fraction of the screen): Maestro swipes to near the edge. */
const ELEMENT_SWIPE_AMOUNT = 0.5;

function direction(text: string | undefined, fallback?: string): string {
  const d = (text ?? fallback ?? "").toLowerCase();
  if ((DIRECTIONS as readonly string[]).includes(d)) return d;
  throw new Untranslatable(
    "OPTION",
    `direction ${JSON.stringify(text)} is not up, down, left or right`,
    "fix the direction",
  );
}

const scroll: Handler = () => {
  throw new Untranslatable(
    "NO_EQUIVALENT",
    "bajutsu scrolls until an element is on screen, not by a fixed amount",
    "`scroll: {to: <the element the flow scrolls for>}`",
  );
};

/** Both name the content direction: DOWN reveals what is below. */
const scrollUntilVisible: Handler = (cmd, t) => {
  const sel = t.selector(cmd, child(cmd.value, "element"));
  const dir = direction(scalarText(child(cmd.value, "direction")), "down");
  return [t.step(cmd, { scroll: dir === "down" ? { to: sel } : { to: sel, direction: dir } })];
};

const swipe: Handler = (cmd, t) => {
  const v = cmd.value;
  const start = scalarText(child(v, "start"));
  const end = scalarText(child(v, "end"));
  if (start !== undefined || end !== undefined) {
    const from = devicePoint(start);
    const to = devicePoint(end);
    if (!from || !to) {
      throw new Untranslatable(
        "POINT",
        "a swipe between percentages of the screen: bajutsu's point swipe takes device units",
        "`swipe: {on: <an element>, direction: …}`, or the points in device units",
      );
    }
    return [t.step(cmd, { swipe: { from, to } })];
  }
  const from = child(v, "from");
  const dir = direction(scalarText(child(v, "direction")));
  if (!from) {
    throw new Untranslatable(
      "NO_EQUIVALENT",
      "a screen-wide swipe: bajutsu swipes on an element",
      `\`swipe: {on: <the element to swipe>, direction: ${dir}}\``,
    );
  }
  const on = t.selector(cmd, from);
  return [t.step(cmd, { swipe: { on, direction: dir, amount: ELEMENT_SWIPE_AMOUNT } })];
};

/** `"x, y"` in device units, else null (a percentage or anything else). */
function devicePoint(text: string | undefined): [number, number] | null {
  const m = text && /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The gesture family. */
export const GESTURE_COMMANDS: Record<string, Handler> = { scroll, scrollUntilVisible, swipe };
