/**
 * The network assertion kinds (docs/scenario-language.md#network-matching): `request`, `event` and
 * `requestSequence`. Pure functions over the exchanges observed so far, in timeline order.
 *
 * @module
 */
import type { Exchange } from "../model/exchange.ts";
import type { Assertion, CountOp, RequestMatch } from "../model/assertion.ts";
import type { AssertionResult } from "../model/assertion_result.ts";
import { assignDistinct } from "./assign.ts";
import { compileRequestMatch, type ExchangePredicate, requestLabel } from "./request_match.ts";
import { failure, namedReason } from "./result.ts";

/** The `event` assertion's payload. */
export type EventAssertion = Extract<Assertion, { kind: "event" }>;

/**
 * A `request` assertion on its own: with `count`, exactly `count` exchanges match; without, at
 * least one does.
 */
export function evaluateRequest(
  exchanges: readonly Exchange[],
  match: RequestMatch,
): AssertionResult {
  const target = requestLabel(match);
  const detail = `request ${target}`;
  let n: number;
  try {
    n = exchanges.filter(compileRequestMatch(match)).length;
  } catch (e) {
    return failure("request", detail, target, e);
  }
  const ok = match.count !== undefined ? n === match.count : n >= 1;
  if (ok) return { ok, kind: "request", detail, reason: "" };
  const text = match.count !== undefined
    ? `expected count=${match.count} but matched ${n}`
    : `no matching exchange (observed ${exchanges.length})`;
  return { ok, kind: "request", detail, reason: namedReason("request", target, text) };
}

/**
 * Count-less `request` assertions of one block, each needing its own exchange. Results are
 * aligned with `matches`; an unassigned matcher fails with `request <label>: no matching exchange
 * (observed N)`, or with `…: matching exchange already taken by another request` when it did
 * match something.
 */
export function evaluateRequestsOneToOne(
  exchanges: readonly Exchange[],
  matches: readonly RequestMatch[],
): AssertionResult[] {
  const compiled: (ExchangePredicate | string)[] = matches.map((m) => {
    try {
      return compileRequestMatch(m);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  });
  const adjacency = compiled.map((test) =>
    typeof test === "string" ? [] : exchanges.flatMap((ex, j) => test(ex) ? [j] : [])
  );
  const assigned = assignDistinct(adjacency, exchanges.length);
  return matches.map((m, i): AssertionResult => {
    const target = requestLabel(m);
    const detail = `request ${target}`;
    const compileError = compiled[i];
    if (typeof compileError === "string") {
      return failure("request", detail, target, compileError);
    }
    if (assigned[i] !== -1) return { ok: true, kind: "request", detail, reason: "" };
    const text = adjacency[i].length > 0
      ? "matching exchange already taken by another request"
      : `no matching exchange (observed ${exchanges.length})`;
    return { ok: false, kind: "request", detail, reason: namedReason("request", target, text) };
  });
}

/** Text form of a JSON value for comparing an event body field: JSON spelling for non-strings. */
function jsonText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "null";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Whether the JSON-object request body carries every wanted field with equal text. */
function bodyHasFields(ex: Exchange, body: Record<string, unknown>): boolean {
  const keys = Object.keys(body);
  if (keys.length === 0) return true;
  if (ex.requestBody === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ex.requestBody);
  } catch {
    return false;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return false;
  const obj = parsed as Record<string, unknown>;
  return keys.every((k) => Object.hasOwn(obj, k) && jsonText(obj[k]) === jsonText(body[k]));
}

/** `==K`, `>=K` or `<=K`. */
function countOpLabel(op: CountOp): string {
  if ("equals" in op) return `==${op.equals}`;
  if ("atLeast" in op) return `>=${op.atLeast}`;
  return `<=${op.atMost}`;
}

function countSatisfied(n: number, op: CountOp | undefined): boolean {
  if (op === undefined) return n >= 1;
  if ("equals" in op) return n === op.equals;
  if ("atLeast" in op) return n >= op.atLeast;
  return n <= op.atMost;
}

function eventLabel(a: EventAssertion): string {
  const parts: string[] = [];
  if (a.method !== undefined) parts.push(a.method.toUpperCase());
  if (a.url !== undefined) parts.push(a.url);
  if (a.urlMatches !== undefined) parts.push(`url~${a.urlMatches}`);
  if (a.path !== undefined) parts.push(a.path);
  if (a.pathMatches !== undefined) parts.push(`~${a.pathMatches}`);
  if (a.body !== undefined && Object.keys(a.body).length > 0) {
    parts.push(`body=${JSON.stringify(a.body)}`);
  }
  if (a.count !== undefined) parts.push(`count${countOpLabel(a.count)}`);
  return parts.join(" ");
}

/**
 * An analytics/telemetry `event`: filter by endpoint, then by request-body fields, and compare
 * the survivors' count (default: at least one).
 */
export function evaluateEvent(exchanges: readonly Exchange[], a: EventAssertion): AssertionResult {
  const target = eventLabel(a);
  const detail = `event ${target}`;
  let endpoint: ExchangePredicate;
  try {
    endpoint = compileRequestMatch({
      method: a.method,
      url: a.url,
      urlMatches: a.urlMatches,
      path: a.path,
      pathMatches: a.pathMatches,
    });
  } catch (e) {
    return failure("event", detail, target, e);
  }
  const body = a.body ?? {};
  const n = exchanges.filter((ex) => endpoint(ex) && bodyHasFields(ex, body)).length;
  if (countSatisfied(n, a.count)) return { ok: true, kind: "event", detail, reason: "" };
  const want = a.count !== undefined ? `count${countOpLabel(a.count)}` : "at least one";
  return {
    ok: false,
    kind: "event",
    detail,
    reason: namedReason(
      "event",
      target,
      `expected ${want}, matched ${n} (observed ${exchanges.length} exchanges)`,
    ),
  };
}

/**
 * `requestSequence`: the matchers appear as an ordered subsequence of the timeline (unrelated
 * traffic may interleave). Greedy: each matcher takes the first unconsumed later exchange, which
 * is optimal for an order-preserving subsequence. Per-matcher `count` is ignored.
 */
export function evaluateRequestSequence(
  exchanges: readonly Exchange[],
  seq: readonly RequestMatch[],
): AssertionResult {
  const target = seq.map((m) => requestLabel(m, false)).join(" → ");
  const detail = `requestSequence ${target}`;
  let tests: ExchangePredicate[];
  try {
    tests = seq.map(compileRequestMatch);
  } catch (e) {
    return failure("requestSequence", detail, target, e);
  }
  let next = 0;
  for (let p = 0; p < seq.length; p++) {
    while (next < exchanges.length && !tests[p](exchanges[next])) next++;
    if (next >= exchanges.length) {
      const text = `step ${p} (${requestLabel(seq[p], false)}) not observed in order ` +
        `(matched ${p} of ${seq.length} so far; observed ${exchanges.length} exchanges)`;
      const reason = namedReason("requestSequence", target, text);
      return { ok: false, kind: "requestSequence", detail, reason };
    }
    next++;
  }
  return { ok: true, kind: "requestSequence", detail, reason: "" };
}
