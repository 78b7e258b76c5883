/**
 * The `visual` assertion (docs/scenario-language.md#assertions): baseline comparison settings, with
 * engine-specific knobs rejected for the exact engine (E_VISUAL_ENGINE).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Assertion } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required } from "../../yaml/mapping.ts";
import { bool, nonEmptyStr, num, oneOf } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { describeNode } from "../../yaml/describe.ts";

type Visual = Extract<Assertion, { kind: "visual" }>;
type Exclusion = NonNullable<Visual["exclude"]>[number];

const VISUAL_KEYS: ReadonlySet<string> = new Set([
  "baseline",
  "element",
  "compare",
  "threshold",
  "colorTolerance",
  "antialiasing",
  "exclude",
]);
const RECT_KEYS: ReadonlySet<string> = new Set(["x", "y", "w", "h"]);
const SELECTOR_EXCLUSION_KEYS: ReadonlySet<string> = new Set(["selector"]);

/** The `visual` payload, defaults filled (threshold 0, colorTolerance 0.1, antialiasing true). */
export function visual(ctx: ValidationContext, node: PNode, path: string): Visual | undefined {
  const m = closedMap(ctx, node, path, VISUAL_KEYS, "a visual assertion");
  if (!m) return undefined;
  const out: Visual = {
    kind: "visual",
    baseline: "",
    threshold: 0,
    colorTolerance: 0.1,
    antialiasing: true,
  };
  const b = required(ctx, m, "baseline", path);
  if (b) out.baseline = nonEmptyStr(ctx, b, keyPath(path, "baseline")) ?? "";
  const el = field(m, "element");
  if (el) out.element = selector(ctx, el, keyPath(path, "element"));
  const cmp = field(m, "compare");
  if (cmp) out.compare = oneOf(ctx, cmp, keyPath(path, "compare"), ["exact", "pixelmatch"]);
  const th = field(m, "threshold");
  if (th) {
    const t = num(ctx, th, keyPath(path, "threshold"));
    if (t !== undefined) out.threshold = t;
  }
  const ct = field(m, "colorTolerance");
  if (ct) {
    const p = keyPath(path, "colorTolerance");
    const t = num(ctx, ct, p);
    if (t !== undefined) {
      if (t < 0 || t > 1) {
        report(ctx, ct.pos, "E_VISUAL_ENGINE", p, `colorTolerance must be within [0, 1], got ${t}`);
      }
      out.colorTolerance = t;
    }
  }
  const aa = field(m, "antialiasing");
  if (aa) {
    const a = bool(ctx, aa, keyPath(path, "antialiasing"));
    if (a !== undefined) out.antialiasing = a;
  }
  if (out.compare === "exact") {
    for (const e of m.entries) {
      if (e.key === "colorTolerance" || e.key === "antialiasing") {
        report(
          ctx,
          e.keyPos,
          "E_VISUAL_ENGINE",
          keyPath(path, e.key),
          `${e.key} applies only to the pixelmatch engine, not to compare: exact`,
        );
      }
    }
  }
  const ex = field(m, "exclude");
  if (ex) out.exclude = exclusions(ctx, ex, keyPath(path, "exclude"));
  return out;
}

/** `exclude: [{x, y, w, h} | {selector: Sel}]`. */
function exclusions(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Exclusion[] | undefined {
  if (node.kind !== "seq") {
    report(ctx, node.pos, "E_TYPE", path, `expected a list of regions, got ${describeNode(node)}`);
    return undefined;
  }
  const out: Exclusion[] = [];
  node.items.forEach((item, i) => {
    const p = indexPath(path, i);
    if (item.kind === "map" && field(item, "selector")) {
      const m = closedMap(ctx, item, p, SELECTOR_EXCLUSION_KEYS, "an excluded element");
      const s = m && selector(ctx, field(m, "selector")!, keyPath(p, "selector"));
      if (s) out.push({ selector: s });
      return;
    }
    const m = closedMap(ctx, item, p, RECT_KEYS, "an excluded region {x, y, w, h}");
    if (!m) return;
    const rect = { x: 0, y: 0, w: 0, h: 0 };
    for (const k of ["x", "y", "w", "h"] as const) {
      const v = required(ctx, m, k, p);
      const n = v && num(ctx, v, keyPath(p, k));
      if (n !== undefined) rect[k] = n;
    }
    out.push(rect);
  });
  return out;
}
