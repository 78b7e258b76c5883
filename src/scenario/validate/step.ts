/**
 * Steps (docs/scenario-language.md#step-shape): exactly one action key plus the modifiers
 * `capture`, `extract`, `name`, `from`; control-flow containers recurse into nested step lists.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { ExtractSpec, Step, StepBodies, StepCommon } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import {
  closedMap,
  field,
  type MapNode,
  required,
  seqNode,
  unknownKey,
} from "../../yaml/mapping.ts";
import { nonEmptyStr, oneOf, str, strMap } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { assertion } from "./assertion.ts";
import { captureTokens } from "./capture.ts";
import { ACTION_NAMES, CONTROL_FLOW } from "./actions.ts";
import { LEAF_BODIES } from "./step_bodies.ts";
import type { BodyValidator } from "./body.ts";
import { quoteInput } from "../../yaml/bounded_text.ts";

const MODIFIERS = ["capture", "extract", "name", "from"] as const;
const MODIFIER_SET: ReadonlySet<string> = new Set(MODIFIERS);
const ACTION_SET: ReadonlySet<string> = new Set([...ACTION_NAMES, "use"]);
const STEP_KEYS: readonly string[] = [...ACTION_NAMES, "use", ...MODIFIERS];
const EXTRACT_KEYS: ReadonlySet<string> = new Set(["sel", "prop"]);
const EXTRACT_PROPS = ["value", "label", "identifier"] as const;
const IF_KEYS: ReadonlySet<string> = new Set(["condition", "then", "else"]);
const FOR_EACH_KEYS: ReadonlySet<string> = new Set(["sel", "as", "steps"]);
const WEB_KEYS: ReadonlySet<string> = new Set(["within", "steps"]);
const USE_KEYS: ReadonlySet<string> = new Set(["component", "with"]);

/** A list of steps (`steps`, `before`, `then`, …). `use` steps vanish from the output. */
export function stepList(ctx: ValidationContext, node: PNode, path: string): Step[] {
  const s = seqNode(ctx, node, path, "a list of steps");
  if (!s) return [];
  const out: Step[] = [];
  const items = s.items;
  for (let i = 0; i < items.length; i++) {
    const st = step(ctx, items[i], indexPath(path, i));
    if (st) out.push(st);
  }
  return out;
}

/** One step. */
export function step(ctx: ValidationContext, node: PNode, path: string): Step | undefined {
  if (node.kind !== "map") {
    closedMap(ctx, node, path, ACTION_SET, "a step");
    return undefined;
  }
  const actions: string[] = [];
  let unknown = 0;
  for (const e of node.entries) {
    if (ACTION_SET.has(e.key)) actions.push(e.key);
    else if (!MODIFIER_SET.has(e.key)) {
      unknown++;
      unknownKey(ctx, e.key, e.keyPos, path, STEP_KEYS);
    }
  }
  const common = modifiers(ctx, node, path);
  if (actions.length !== 1) {
    // With no action, an unknown key is most likely the misspelt action: that error is enough.
    if (actions.length === 0 && unknown > 0) return undefined;
    const keys = node.entries.map((e) => e.key).join(", ") || "none";
    const got = actions.length === 0 ? "none" : `${actions.length} (${actions.join(", ")})`;
    report(
      ctx,
      node.pos,
      "E_STEP_ACTIONS",
      path,
      `exactly one action required, got ${got}; keys seen: ${keys}`,
    );
    return undefined;
  }
  const action = actions[0];
  const value = field(node, action)!;
  const p = keyPath(path, action);
  if (CONTROL_FLOW.has(action) || action === "use") {
    for (const e of node.entries) {
      if (e.key === "capture" || e.key === "extract") {
        report(
          ctx,
          e.keyPos,
          "E_CONTROL_FLOW_MODIFIER",
          keyPath(path, e.key),
          `${action} steps cannot carry ${e.key} (only leaf steps capture evidence or extract)`,
        );
      }
    }
  }
  let body: unknown;
  switch (action) {
    case "use":
      useStep(ctx, value, p);
      return undefined;
    case "if":
      body = ifBody(ctx, value, p);
      break;
    case "forEach":
      body = forEachBody(ctx, value, p);
      break;
    case "web":
      body = webBody(ctx, value, p);
      break;
    default: {
      const validate = LEAF_BODIES[action as keyof StepBodies] as BodyValidator<unknown>;
      body = validate(ctx, value, p);
    }
  }
  if (body === undefined) return undefined;
  return { ...common, action, body } as Step;
}

/** Reads the modifiers into a fresh `StepCommon` (only present keys are set). */
function modifiers(ctx: ValidationContext, node: MapNode, path: string): StepCommon {
  const common: StepCommon = { pos: node.pos };
  for (const e of node.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "name": {
        const n = str(ctx, e.value, p);
        if (n === undefined || n === "") break;
        if (n === "." || n === ".." || n.includes("/") || n.includes("\\")) {
          report(
            ctx,
            e.value.pos,
            "E_STEP_NAME",
            p,
            `step name ${quoteInput(n)} names an evidence folder: no / or \\, not . or ..`,
          );
          break;
        }
        common.name = n;
        break;
      }
      case "from": {
        const f = str(ctx, e.value, p);
        if (f !== undefined) common.from = f;
        break;
      }
      case "capture": {
        const c = captureTokens(ctx, e.value, p);
        if (c) common.capture = c;
        break;
      }
      case "extract": {
        const x = extractMap(ctx, e.value, p);
        if (x) common.extract = x;
        break;
      }
    }
  }
  return common;
}

/** `extract: {<var>: {sel, prop?=value}}`. */
function extractMap(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Record<string, ExtractSpec> | undefined {
  if (node.kind !== "map") {
    closedMap(ctx, node, path, EXTRACT_KEYS, "an extract map {<var>: {sel, prop?}}");
    return undefined;
  }
  const out: Record<string, ExtractSpec> = {};
  for (const e of node.entries) {
    const p = keyPath(path, e.key);
    const m = closedMap(ctx, e.value, p, EXTRACT_KEYS, "an extract entry {sel, prop?}");
    if (!m) continue;
    const s = required(ctx, m, "sel", p);
    const sel = s && selector(ctx, s, keyPath(p, "sel"));
    let prop: ExtractSpec["prop"] | undefined = "value";
    const pr = field(m, "prop");
    if (pr) prop = oneOf(ctx, pr, keyPath(p, "prop"), EXTRACT_PROPS);
    if (sel && prop) out[e.key] = { sel, prop };
  }
  return out;
}

/** `if: {condition, then?=[], else?}`. */
function ifBody(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["if"] | undefined {
  const m = closedMap(ctx, node, path, IF_KEYS, "an if payload");
  if (!m) return undefined;
  const c = required(ctx, m, "condition", path);
  const condition = c && assertion(ctx, c, keyPath(path, "condition"));
  const t = field(m, "then");
  const then = t ? stepList(ctx, t, keyPath(path, "then")) : [];
  const e = field(m, "else");
  const out: StepBodies["if"] = { condition: condition!, then };
  if (e) out.else = stepList(ctx, e, keyPath(path, "else"));
  return condition ? out : undefined;
}

/** `forEach: {sel, as, steps?=[]}`. */
function forEachBody(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["forEach"] | undefined {
  const m = closedMap(ctx, node, path, FOR_EACH_KEYS, "a forEach payload");
  if (!m) return undefined;
  const s = required(ctx, m, "sel", path);
  const sel = s && selector(ctx, s, keyPath(path, "sel"), "forEach");
  const a = required(ctx, m, "as", path);
  const as = a && nonEmptyStr(ctx, a, keyPath(path, "as"));
  const st = field(m, "steps");
  const steps = st ? stepList(ctx, st, keyPath(path, "steps")) : [];
  return sel && as !== undefined ? { sel, as, steps } : undefined;
}

/** `web: {within, steps}`. */
function webBody(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["web"] | undefined {
  const m = closedMap(ctx, node, path, WEB_KEYS, "a web payload");
  if (!m) return undefined;
  const w = required(ctx, m, "within", path);
  const within = w && selector(ctx, w, keyPath(path, "within"));
  const st = required(ctx, m, "steps", path);
  const steps = st ? stepList(ctx, st, keyPath(path, "steps")) : [];
  return within && st ? { within, steps } : undefined;
}

/**
 * `use: {component, with?}` — valid only in the raw pass; component expansion replaces it
 * before the typed pass.
 */
function useStep(ctx: ValidationContext, node: PNode, path: string): void {
  const m = closedMap(ctx, node, path, USE_KEYS, "a use payload {component, with?}");
  if (m) {
    const c = required(ctx, m, "component", path);
    if (c) nonEmptyStr(ctx, c, keyPath(path, "component"));
    const w = field(m, "with");
    if (w) strMap(ctx, w, keyPath(path, "with"));
  }
  if (ctx.raw) {
    ctx.usesComponents = true;
    return;
  }
  report(ctx, node.pos, "E_COMPONENT", path, "use step was not expanded");
}
