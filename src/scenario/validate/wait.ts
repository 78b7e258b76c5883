/**
 * `wait` (docs/scenario-language.md#wait): exactly one of `for`/`until` (E_WAIT_FORM), `timeout`
 * required.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Until, WaitSpec } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, presentKeys, required, seqNode } from "../../yaml/mapping.ts";
import { hasToken, num } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { requestMatch } from "./request.ts";
import { assertionList } from "./assertion.ts";
import { describeNode } from "../../yaml/describe.ts";
import { quoteInput } from "../../yaml/bounded_text.ts";

const WAIT_KEYS: ReadonlySet<string> = new Set(["for", "until", "timeout"]);
const UNTIL_FORMS =
  "screenChanged, settled, {gone: <selector>}, {request: <matcher>} or {assert: [<assertion>…]}";

/** The `wait` payload. */
export function wait(ctx: ValidationContext, node: PNode, path: string): WaitSpec | undefined {
  const m = closedMap(ctx, node, path, WAIT_KEYS, "a wait payload");
  if (!m) return undefined;
  const forms = presentKeys(m, ["for", "until"]);
  const t = required(ctx, m, "timeout", path);
  const timeout = t && num(ctx, t, keyPath(path, "timeout"));
  if (forms.length !== 1) {
    const got = forms.length === 0 ? "neither" : "both";
    report(ctx, m.pos, "E_WAIT_FORM", path, `wait needs exactly one of for, until; got ${got}`);
    return undefined;
  }
  if (forms[0] === "for") {
    const sel = selector(ctx, field(m, "for")!, keyPath(path, "for"));
    return sel && timeout !== undefined ? { for: sel, timeout } : undefined;
  }
  const until = untilOf(ctx, field(m, "until")!, keyPath(path, "until"));
  return until && timeout !== undefined ? { until, timeout } : undefined;
}

function untilOf(ctx: ValidationContext, node: PNode, path: string): Until | undefined {
  if (node.kind === "scalar" && typeof node.value === "string") {
    const word = node.value;
    if (word === "screenChanged" || word === "settled") return { kind: word };
    if (ctx.raw && hasToken(word)) {
      ctx.deferred = true;
      return undefined;
    }
    report(
      ctx,
      node.pos,
      "E_WAIT_FORM",
      path,
      `unknown until condition ${quoteInput(word)}; expected ${UNTIL_FORMS}`,
    );
    return undefined;
  }
  if (node.kind === "map" && node.entries.length === 1) {
    const e = node.entries[0];
    if (e.key === "gone") {
      const sel = selector(ctx, e.value, keyPath(path, "gone"));
      return sel && { kind: "gone", sel };
    }
    if (e.key === "request") {
      const match = requestMatch(ctx, e.value, keyPath(path, "request"));
      return match && { kind: "request", match };
    }
    if (e.key === "assert") {
      const p = keyPath(path, "assert");
      const s = seqNode(ctx, e.value, p, "a list of assertions");
      if (!s) return undefined;
      if (s.items.length === 0) {
        report(ctx, s.pos, "E_REQUIRED", p, "until: assert needs at least one assertion");
        return undefined;
      }
      const assertions = assertionList(ctx, s, p);
      return assertions && { kind: "assert", assertions };
    }
  }
  report(
    ctx,
    node.pos,
    "E_WAIT_FORM",
    path,
    `until must be ${UNTIL_FORMS}; got ${describeNode(node)}` +
      (node.kind === "map"
        ? ` with keys ${node.entries.map((e) => e.key).join(", ") || "none"}`
        : ""),
  );
  return undefined;
}
