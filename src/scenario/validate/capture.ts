/**
 * Evidence configuration (docs/scenario-language.md#capture-tokens,
 * docs/scenario-language.md#capturepolicy-rules): capture tokens and `capturePolicy` rules.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { CaptureRule, CaptureToken, Trigger } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, presentKeys, required, seqNode } from "../../yaml/mapping.ts";
import { str } from "../../yaml/scalars.ts";
import { LEAF_ACTIONS } from "./actions.ts";
import { quoteInput } from "../../yaml/bounded_text.ts";

/** Capture kinds. */
export const CAPTURE_KINDS = [
  "screenshot",
  "elements",
  "actionLog",
  "deviceLog",
  "network",
  "video",
  "appTrace",
  "rawTree",
] as const;
/** Capture modifiers. */
export const CAPTURE_MODIFIERS = ["before", "after", "around", "onError"] as const;

const KINDS: ReadonlySet<string> = new Set(CAPTURE_KINDS);
const MODIFIERS: ReadonlySet<string> = new Set(CAPTURE_MODIFIERS);
const LEAF: ReadonlySet<string> = new Set(LEAF_ACTIONS);
const RULE_KEYS: ReadonlySet<string> = new Set(["on", "capture", "from"]);
const TRIGGER_KEYS: ReadonlySet<string> = new Set(["action", "idMatches", "event", "result"]);
const TRIGGER_FORMS = ["action", "event", "result"] as const;

/** A list of `<kind>[.<modifier>]` tokens (E_CAPTURE_TOKEN). */
export function captureTokens(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): CaptureToken[] | undefined {
  const s = seqNode(ctx, node, path, "a list of capture tokens");
  if (!s) return undefined;
  const out: CaptureToken[] = [];
  s.items.forEach((item, i) => {
    const p = indexPath(path, i);
    const t = str(ctx, item, p);
    if (t === undefined) return;
    const dot = t.indexOf(".");
    const kind = dot < 0 ? t : t.slice(0, dot);
    const modifier = dot < 0 ? undefined : t.slice(dot + 1);
    if (!KINDS.has(kind) || (modifier !== undefined && !MODIFIERS.has(modifier))) {
      report(
        ctx,
        item.pos,
        "E_CAPTURE_TOKEN",
        p,
        `invalid capture token ${quoteInput(t)}: expected <kind>[.<modifier>] with kind one ` +
          `of ${CAPTURE_KINDS.join(", ")} and modifier one of ${CAPTURE_MODIFIERS.join(", ")}`,
      );
      return;
    }
    out.push(t);
  });
  return out;
}

/** `capturePolicy` entries. */
export function captureRules(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): CaptureRule[] {
  const s = seqNode(ctx, node, path, "a list of capture rules");
  if (!s) return [];
  const out: CaptureRule[] = [];
  s.items.forEach((item, i) => {
    const r = captureRule(ctx, item, indexPath(path, i));
    if (r) out.push(r);
  });
  return out;
}

function captureRule(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): CaptureRule | undefined {
  const m = closedMap(ctx, node, path, RULE_KEYS, "a capture rule");
  if (!m) return undefined;
  const on = required(ctx, m, "on", path);
  const trigger = on && triggerOf(ctx, on, keyPath(path, "on"));
  const c = required(ctx, m, "capture", path);
  const capture = c && captureTokens(ctx, c, keyPath(path, "capture"));
  const f = field(m, "from");
  const from = f && str(ctx, f, keyPath(path, "from"));
  if (!trigger || !capture) return undefined;
  return from === undefined ? { on: trigger, capture } : { on: trigger, capture, from };
}

/** `{action, idMatches?} | {event: screenChanged} | {result: error}` (E_TRIGGER). */
function triggerOf(ctx: ValidationContext, node: PNode, path: string): Trigger | undefined {
  const m = closedMap(ctx, node, path, TRIGGER_KEYS, "a trigger");
  if (!m) return undefined;
  const forms = presentKeys(m, TRIGGER_FORMS);
  if (forms.length !== 1) {
    const got = forms.length === 0 ? "none" : forms.join(", ");
    report(
      ctx,
      m.pos,
      "E_TRIGGER",
      path,
      `a trigger needs exactly one of action, event, result; got ${got}`,
    );
    return undefined;
  }
  const form = forms[0];
  const idm = field(m, "idMatches");
  if (idm && form !== "action") {
    const e = m.entries.find((x) => x.key === "idMatches")!;
    report(ctx, e.keyPos, "E_TRIGGER", keyPath(path, "idMatches"), "idMatches needs action");
    return undefined;
  }
  const v = field(m, form)!;
  const p = keyPath(path, form);
  const s = str(ctx, v, p);
  if (s === undefined) return undefined;
  if (form === "action") {
    if (!LEAF.has(s)) {
      report(
        ctx,
        v.pos,
        "E_TRIGGER",
        p,
        `unknown action ${quoteInput(s)}: a capture rule names a leaf step action ` +
          `(${LEAF_ACTIONS.join(", ")})`,
      );
      return undefined;
    }
    const glob = idm && str(ctx, idm, keyPath(path, "idMatches"));
    return glob === undefined ? { action: s } : { action: s, idMatches: glob };
  }
  if (form === "event") {
    if (s === "screenChanged") return { event: "screenChanged" };
    report(
      ctx,
      v.pos,
      "E_TRIGGER",
      p,
      `unknown event ${quoteInput(s)}; expected screenChanged`,
    );
    return undefined;
  }
  if (s === "error") return { result: "error" };
  report(ctx, v.pos, "E_TRIGGER", p, `unknown result ${quoteInput(s)}; expected error`);
  return undefined;
}
