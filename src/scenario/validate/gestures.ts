/**
 * Gesture step bodies (docs/scenario-language.md#taps, docs/scenario-language.md#gestures): taps,
 * swipe/drag/scroll, pinch/rotate.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Direction, Selector, StepBodies } from "../types.ts";
import type { Point } from "../../model/geometry.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, type MapNode, required } from "../../yaml/mapping.ts";
import { int, num, oneOf } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { unitPoint } from "./unit_point.ts";
import { describeNode } from "../../yaml/describe.ts";

/** Finger directions. */
export const DIRECTIONS: readonly Direction[] = ["up", "down", "left", "right"];
/** Default fraction of the screen a directional swipe/drag travels. */
export const DEFAULT_AMOUNT = 0.125;

const LONG_PRESS_KEYS: ReadonlySet<string> = new Set(["sel", "duration"]);
const SWIPE_KEYS: ReadonlySet<string> = new Set(["on", "direction", "amount", "from", "to"]);
const DRAG_KEYS: ReadonlySet<string> = new Set(["on", "direction", "amount"]);
const SCROLL_KEYS: ReadonlySet<string> = new Set(["to", "direction", "within", "maxScrolls"]);
const PINCH_KEYS: ReadonlySet<string> = new Set(["sel", "scale"]);
const ROTATE_KEYS: ReadonlySet<string> = new Set(["sel", "radians"]);

/** `longPress: {sel, duration}`. */
export function longPress(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["longPress"] | undefined {
  const m = closedMap(ctx, node, path, LONG_PRESS_KEYS, "a longPress payload");
  if (!m) return undefined;
  const sel = selectorAt(ctx, m, "sel", path);
  const d = required(ctx, m, "duration", path);
  const duration = d && num(ctx, d, keyPath(path, "duration"));
  return sel && duration !== undefined ? { sel, duration } : undefined;
}

/** `tapPoint: {x, y}`, both within [0, 1] (E_TAPPOINT_RANGE). */
export function tapPoint(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["tapPoint"] | undefined {
  return unitPoint(ctx, node, path, {
    expected: "a tapPoint payload",
    coordinate: (key) => `tapPoint ${key}`,
  });
}

/**
 * `swipe`: exactly one complete form, `{on, direction, amount?}` or `{from: [x,y], to: [x,y]}`
 * (E_SWIPE_FORM); `amount` in (0, 1] (E_AMOUNT).
 */
export function swipe(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["swipe"] | undefined {
  const m = closedMap(ctx, node, path, SWIPE_KEYS, "a swipe payload");
  if (!m) return undefined;
  const has = (k: string) => field(m, k) !== undefined;
  const directional = has("on") || has("direction");
  const points = has("from") || has("to");
  const form = (msg: string) => {
    report(ctx, m.pos, "E_SWIPE_FORM", path, `${msg}; use {on, direction, amount?} or {from, to}`);
    return undefined;
  };
  if (directional && points) return form("swipe mixes the directional and the point form");
  if (points) {
    if (has("amount")) return form("amount applies only to the directional form");
    if (!has("from") || !has("to")) return form("the point form needs both from and to");
    const from = point(ctx, field(m, "from")!, keyPath(path, "from"));
    const to = point(ctx, field(m, "to")!, keyPath(path, "to"));
    return from && to ? { from, to } : undefined;
  }
  if (!has("on") || !has("direction")) {
    return form(directional ? "the directional form needs both on and direction" : "empty swipe");
  }
  return directionalBody(ctx, m, path);
}

/** `drag: {on, direction, amount?}`. */
export function drag(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["drag"] | undefined {
  const m = closedMap(ctx, node, path, DRAG_KEYS, "a drag payload");
  if (!m) return undefined;
  const okOn = required(ctx, m, "on", path);
  const okDir = required(ctx, m, "direction", path);
  const body = directionalBody(ctx, m, path);
  return okOn && okDir ? body : undefined;
}

/** `{on, direction, amount?}` with `amount` defaulted; the caller checked presence. */
function directionalBody(
  ctx: ValidationContext,
  m: MapNode,
  path: string,
): { on: Selector; direction: Direction; amount: number } | undefined {
  const onNode = field(m, "on");
  const on = onNode && selector(ctx, onNode, keyPath(path, "on"));
  const dirNode = field(m, "direction");
  const direction = dirNode && oneOf(ctx, dirNode, keyPath(path, "direction"), DIRECTIONS);
  let amount = DEFAULT_AMOUNT;
  const a = field(m, "amount");
  if (a) {
    const p = keyPath(path, "amount");
    const n = num(ctx, a, p);
    if (n !== undefined) {
      if (n <= 0 || n > 1) {
        report(ctx, a.pos, "E_AMOUNT", p, `amount must be within (0, 1], got ${n}`);
      }
      amount = n;
    }
  }
  return on && direction ? { on, direction, amount } : undefined;
}

/** `[x, y]`, two numbers in device units. */
function point(ctx: ValidationContext, node: PNode, path: string): Point | undefined {
  if (node.kind !== "seq" || node.items.length !== 2) {
    report(ctx, node.pos, "E_TYPE", path, `expected a point [x, y], got ${describeNode(node)}`);
    return undefined;
  }
  const x = num(ctx, node.items[0], `${path}[0]`);
  const y = num(ctx, node.items[1], `${path}[1]`);
  return x !== undefined && y !== undefined ? [x, y] : undefined;
}

/** `scroll: {to, direction?=down, within?, maxScrolls?=15 (> 0)}`. */
export function scroll(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["scroll"] | undefined {
  const m = closedMap(ctx, node, path, SCROLL_KEYS, "a scroll payload");
  if (!m) return undefined;
  const to = selectorAt(ctx, m, "to", path);
  const out: StepBodies["scroll"] = { to: to ?? {}, direction: "down", maxScrolls: 15 };
  const d = field(m, "direction");
  if (d) out.direction = oneOf(ctx, d, keyPath(path, "direction"), DIRECTIONS) ?? "down";
  const w = field(m, "within");
  if (w) out.within = selector(ctx, w, keyPath(path, "within"));
  const ms = field(m, "maxScrolls");
  if (ms) {
    const n = positiveInt(ctx, ms, keyPath(path, "maxScrolls"));
    if (n !== undefined) out.maxScrolls = n;
  }
  return to ? out : undefined;
}

/** `pinch: {sel, scale > 0}` (E_PINCH_SCALE). */
export function pinch(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["pinch"] | undefined {
  const m = closedMap(ctx, node, path, PINCH_KEYS, "a pinch payload");
  if (!m) return undefined;
  const sel = selectorAt(ctx, m, "sel", path);
  const s = required(ctx, m, "scale", path);
  const p = keyPath(path, "scale");
  const scale = s && num(ctx, s, p);
  if (scale !== undefined && scale <= 0) {
    report(ctx, s!.pos, "E_PINCH_SCALE", p, `pinch scale must be > 0, got ${scale}`);
    return undefined;
  }
  return sel && scale !== undefined ? { sel, scale } : undefined;
}

/** `rotate: {sel, radians}`. */
export function rotate(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["rotate"] | undefined {
  const m = closedMap(ctx, node, path, ROTATE_KEYS, "a rotate payload");
  if (!m) return undefined;
  const sel = selectorAt(ctx, m, "sel", path);
  const r = required(ctx, m, "radians", path);
  const radians = r && num(ctx, r, keyPath(path, "radians"));
  return sel && radians !== undefined ? { sel, radians } : undefined;
}

/** A required selector field of a payload mapping. */
export function selectorAt(
  ctx: ValidationContext,
  m: MapNode,
  key: string,
  path: string,
): Selector | undefined {
  const v = required(ctx, m, key, path);
  return v && selector(ctx, v, keyPath(path, key));
}

/** An integer > 0 (E_COUNT_POSITIVE). */
export function positiveInt(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): number | undefined {
  const n = int(ctx, node, path);
  if (n !== undefined && n <= 0) {
    report(ctx, node.pos, "E_COUNT_POSITIVE", path, `must be > 0, got ${n}`);
    return undefined;
  }
  return n;
}
