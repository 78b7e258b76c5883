/**
 * Assertions (docs/scenario-language.md#assertions): exactly one kind key plus an optional `from`.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Assertion, AssertionKind } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required, seqNode, unknownKey } from "../../yaml/mapping.ts";
import { anyMap, bool, nonEmptyStr, str } from "../../yaml/scalars.ts";
import { pattern } from "./pattern.ts";
import { selector, SELECTOR_FIELDS, selectorFields } from "./selector.ts";
import { countOp, stringOp } from "./operators.ts";
import { requestMatch } from "./request.ts";
import { visual } from "./visual.ts";

/** Assertion kinds in catalogue order. */
export const ASSERTION_KINDS: readonly AssertionKind[] = [
  "exists",
  "value",
  "label",
  "count",
  "enabled",
  "disabled",
  "selected",
  "request",
  "event",
  "requestSequence",
  "responseSchema",
  "visual",
  "clipboard",
  "golden",
];
const KIND_SET: ReadonlySet<string> = new Set(ASSERTION_KINDS);
const ASSERTION_KEYS: ReadonlySet<string> = new Set([...ASSERTION_KINDS, "from"]);
const EXISTS_INLINE_KEYS: ReadonlySet<string> = new Set([...SELECTOR_FIELDS, "negate"]);
const EXISTS_WRAPPED_KEYS: ReadonlySet<string> = new Set(["sel", "negate"]);
const SEL_STRING_KEYS: ReadonlySet<string> = new Set(["sel", "equals", "contains", "matches"]);
const SEL_COUNT_KEYS: ReadonlySet<string> = new Set(["sel", "equals", "atLeast", "atMost"]);
const EVENT_ENDPOINT = ["method", "url", "urlMatches", "path", "pathMatches"] as const;
const EVENT_KEYS: ReadonlySet<string> = new Set([...EVENT_ENDPOINT, "body", "count"]);
const COUNT_KEYS: ReadonlySet<string> = new Set(["equals", "atLeast", "atMost"]);
const SCHEMA_KEYS: ReadonlySet<string> = new Set(["request", "schema"]);
const CLIPBOARD_KEYS: ReadonlySet<string> = new Set(["equals", "matches"]);
const GOLDEN_KEYS: ReadonlySet<string> = new Set(["path"]);

/** A list of assertions (`expect`, `assert`). */
export function assertionList(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Assertion[] {
  const s = seqNode(ctx, node, path, "a list of assertions");
  if (!s) return [];
  const out: Assertion[] = [];
  s.items.forEach((item, i) => {
    const a = assertion(ctx, item, indexPath(path, i));
    if (a) out.push(a);
  });
  return out;
}

/** One assertion. */
export function assertion(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Assertion | undefined {
  if (node.kind !== "map") {
    closedMap(ctx, node, path, ASSERTION_KEYS, "an assertion");
    return undefined;
  }
  const kinds: string[] = [];
  let unknown = 0;
  for (const e of node.entries) {
    if (KIND_SET.has(e.key)) kinds.push(e.key);
    else if (e.key !== "from") {
      unknown++;
      unknownKey(ctx, e.key, e.keyPos, path, ASSERTION_KEYS);
    }
  }
  let from: string | undefined;
  const f = field(node, "from");
  if (f) from = str(ctx, f, keyPath(path, "from"));
  if (kinds.length !== 1) {
    // An unknown key is most likely a misspelt kind: that error is enough.
    if (kinds.length === 0 && unknown > 0) return undefined;
    const got = kinds.length === 0 ? "none" : kinds.join(", ");
    report(
      ctx,
      node.pos,
      "E_ASSERTION_KIND",
      path,
      `an assertion needs exactly one kind (${ASSERTION_KINDS.join(", ")}), got ${got}`,
    );
    return undefined;
  }
  const kind = kinds[0] as AssertionKind;
  const a = assertionBody(ctx, kind, field(node, kind)!, keyPath(path, kind));
  if (a && from !== undefined) a.from = from;
  return a;
}

function assertionBody(
  ctx: ValidationContext,
  kind: AssertionKind,
  v: PNode,
  path: string,
): Assertion | undefined {
  switch (kind) {
    case "exists":
      return exists(ctx, v, path);
    case "enabled":
    case "disabled":
    case "selected": {
      const sel = selector(ctx, v, path);
      return sel && { kind, sel };
    }
    case "value":
    case "label": {
      const m = closedMap(ctx, v, path, SEL_STRING_KEYS, `a ${kind} assertion`);
      if (!m) return undefined;
      const s = required(ctx, m, "sel", path);
      const sel = s && selector(ctx, s, keyPath(path, "sel"));
      const op = stringOp(ctx, m, path);
      return sel && op && { kind, sel, op };
    }
    case "count": {
      const m = closedMap(ctx, v, path, SEL_COUNT_KEYS, "a count assertion");
      if (!m) return undefined;
      const s = required(ctx, m, "sel", path);
      const sel = s && selector(ctx, s, keyPath(path, "sel"), "count");
      const op = countOp(ctx, m, path);
      return sel && op && { kind, sel, op };
    }
    case "request": {
      const match = requestMatch(ctx, v, path);
      return match && { kind, match };
    }
    case "event":
      return event(ctx, v, path);
    case "requestSequence": {
      const s = seqNode(ctx, v, path, "a list of request matchers");
      if (!s) return undefined;
      if (s.items.length === 0) {
        report(ctx, s.pos, "E_REQUIRED", path, "requestSequence needs at least one matcher");
        return undefined;
      }
      const matches = s.items.map((item, i) => requestMatch(ctx, item, indexPath(path, i)));
      return matches.every((x) => x !== undefined)
        ? { kind, matches: matches as NonNullable<(typeof matches)[number]>[] }
        : undefined;
    }
    case "responseSchema": {
      const m = closedMap(ctx, v, path, SCHEMA_KEYS, "a responseSchema assertion");
      if (!m) return undefined;
      const r = required(ctx, m, "request", path);
      const request = r && requestMatch(ctx, r, keyPath(path, "request"));
      const sc = required(ctx, m, "schema", path);
      const schema = sc && nonEmptyStr(ctx, sc, keyPath(path, "schema"));
      return request && schema !== undefined ? { kind, request, schema } : undefined;
    }
    case "visual":
      return visual(ctx, v, path);
    case "clipboard": {
      const m = closedMap(ctx, v, path, CLIPBOARD_KEYS, "a clipboard assertion");
      const op = m && stringOp(ctx, m, path, ["equals", "matches"]);
      return op && { kind, op: op as { equals: string } | { matches: string } };
    }
    case "golden": {
      const m = closedMap(ctx, v, path, GOLDEN_KEYS, "a golden assertion");
      const p = m && required(ctx, m, "path", path);
      const gp = p && nonEmptyStr(ctx, p, keyPath(path, "path"));
      return gp ? { kind, path: gp } : undefined;
    }
  }
}

/** `exists: <Sel + negate?>` or `exists: {sel, negate?}`. */
function exists(ctx: ValidationContext, v: PNode, path: string): Assertion | undefined {
  const wrapped = v.kind === "map" && field(v, "sel") !== undefined;
  const keys = wrapped ? EXISTS_WRAPPED_KEYS : EXISTS_INLINE_KEYS;
  const m = closedMap(ctx, v, path, keys, "an exists assertion");
  if (!m) return undefined;
  let negate = false;
  const n = field(m, "negate");
  if (n) negate = bool(ctx, n, keyPath(path, "negate")) ?? false;
  if (wrapped) {
    const sel = selector(ctx, field(m, "sel")!, keyPath(path, "sel"));
    return sel && { kind: "exists", sel, negate };
  }
  return { kind: "exists", sel: selectorFields(ctx, m, path), negate };
}

/** `event: {endpoint fields…, body?, count?}`; at least an endpoint field or a non-empty body. */
function event(ctx: ValidationContext, v: PNode, path: string): Assertion | undefined {
  const m = closedMap(ctx, v, path, EVENT_KEYS, "an event assertion");
  if (!m) return undefined;
  const out: Extract<Assertion, { kind: "event" }> = { kind: "event" };
  let endpoint = 0;
  let bodyKeys = 0;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "method":
      case "url":
      case "path": {
        endpoint++;
        const s = str(ctx, e.value, p);
        if (s !== undefined) out[e.key] = s;
        break;
      }
      case "urlMatches":
      case "pathMatches": {
        endpoint++;
        const s = pattern(ctx, e.value, p);
        if (s !== undefined) out[e.key] = s;
        break;
      }
      case "body": {
        const b = anyMap(ctx, e.value, p);
        if (b !== undefined) {
          out.body = b;
          bodyKeys = Object.keys(b).length;
        }
        break;
      }
      case "count": {
        const cm = closedMap(ctx, e.value, p, COUNT_KEYS, "a count comparison");
        const c = cm && countOp(ctx, cm, p);
        if (c) out.count = c;
        break;
      }
    }
  }
  if (endpoint === 0 && bodyKeys === 0 && field(m, "body")?.kind !== "scalar") {
    report(
      ctx,
      m.pos,
      "E_EVENT_EMPTY",
      path,
      `event needs an endpoint field (${EVENT_ENDPOINT.join(", ")}) or a non-empty body`,
    );
  }
  return out;
}
