/**
 * The input steps people use on real apps (docs/scenario-language.md#taps): `tap` with its
 * options (`{sel, button?, at?}`, or a bare selector), `press: {key, into?}` and `hover: Sel`.
 *
 * @module
 */
import { parseKeyChord } from "../../model/key_chord.ts";
import type { PNode } from "../../yaml/pnode.ts";
import type { StepBodies, TapSpec } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required } from "../../yaml/mapping.ts";
import { hasToken, nonEmptyStr, oneOf } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { unitPoint } from "./unit_point.ts";

const TAP_KEYS: ReadonlySet<string> = new Set(["sel", "button", "at"]);
const PRESS_KEYS: ReadonlySet<string> = new Set(["key", "into"]);
const BUTTONS = ["primary", "secondary"] as const;

/**
 * `tap: <selector>` or `tap: {sel, button?: primary|secondary, at?: {x, y}}` — a mapping with a
 * `sel` key is the long form; `at` is the point inside the element as fractions of its frame.
 */
export function tap(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["tap"] | undefined {
  if (node.kind !== "map" || !node.entries.some((e) => e.key === "sel")) {
    return selector(ctx, node, path);
  }
  const m = closedMap(ctx, node, path, TAP_KEYS, "a tap payload {sel, button?, at?}");
  if (!m) return undefined;
  const s = required(ctx, m, "sel", path);
  const sel = s && selector(ctx, s, keyPath(path, "sel"));
  const out: TapSpec = { sel: sel ?? {} };
  let ok = sel !== undefined;
  const b = field(m, "button");
  if (b) {
    const button = oneOf(ctx, b, keyPath(path, "button"), BUTTONS);
    if (button === undefined) ok = false;
    else out.button = button;
  }
  const a = field(m, "at");
  if (a) {
    const at = unitPoint(ctx, a, keyPath(path, "at"), {
      expected: "a point {x, y} as fractions of the element",
      coordinate: (key) => `tap at.${key}`,
    });
    if (at === undefined) ok = false;
    else out.at = at;
  }
  return ok ? out : undefined;
}

/** `{x, y}`, each a fraction in [0, 1] (E_TAPPOINT_RANGE otherwise). */
/**
 * `press: {key, into?}`: `key` is a chord (`Enter`, `Shift+Tab`, `Control+A`; src/model/key_chord.ts),
 * checked at load unless it holds a token (then after substitution).
 */
export function press(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["press"] | undefined {
  const m = closedMap(ctx, node, path, PRESS_KEYS, "a press payload {key, into?}");
  if (!m) return undefined;
  const k = required(ctx, m, "key", path);
  const key = k && nonEmptyStr(ctx, k, keyPath(path, "key"));
  if (key !== undefined && !hasToken(key)) {
    const chord = parseKeyChord(key);
    if ("error" in chord) {
      report(ctx, k!.pos, "E_KEY", keyPath(path, "key"), chord.error);
      return undefined;
    }
  }
  const out: StepBodies["press"] = { key: key ?? "" };
  const into = field(m, "into");
  if (into) {
    const sel = selector(ctx, into, keyPath(path, "into"));
    if (sel === undefined) return undefined;
    out.into = sel;
  }
  return key === undefined ? undefined : out;
}

/** `hover: <selector>`. */
export function hover(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["hover"] | undefined {
  return selector(ctx, node, path);
}
