/**
 * Network matchers and stubs (docs/scenario-language.md#network-matching): `RequestMatch` and
 * `Mock`.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Mock, RequestMatch } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required } from "../../yaml/mapping.ts";
import { int, num, str, strMap } from "../../yaml/scalars.ts";
import { pattern } from "./pattern.ts";

/** The fields that make a request matcher non-empty (`count` does not). */
const MATCH_FIELDS = [
  "method",
  "url",
  "urlMatches",
  "path",
  "pathMatches",
  "status",
  "bodyMatches",
] as const;
const REQUEST_KEYS: ReadonlySet<string> = new Set([...MATCH_FIELDS, "count"]);
const MOCK_KEYS: ReadonlySet<string> = new Set(["match", "respond"]);
const RESPOND_KEYS: ReadonlySet<string> = new Set(["status", "headers", "body", "delayMs"]);

/** A `RequestMatch`: at least one match field (E_REQUEST_EMPTY); regex fields compiled. */
export function requestMatch(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): RequestMatch | undefined {
  const m = closedMap(ctx, node, path, REQUEST_KEYS, "a request matcher");
  if (!m) return undefined;
  const out: RequestMatch = {};
  let matchFields = 0;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "method":
      case "url":
      case "path": {
        matchFields++;
        const s = str(ctx, e.value, p);
        if (s !== undefined) out[e.key] = s;
        break;
      }
      case "urlMatches":
      case "pathMatches":
      case "bodyMatches": {
        matchFields++;
        const s = pattern(ctx, e.value, p);
        if (s !== undefined) out[e.key] = s;
        break;
      }
      case "status": {
        matchFields++;
        const n = int(ctx, e.value, p);
        if (n !== undefined) out.status = n;
        break;
      }
      case "count": {
        const n = int(ctx, e.value, p);
        if (n !== undefined) out.count = n;
        break;
      }
    }
  }
  if (matchFields === 0) {
    report(
      ctx,
      m.pos,
      "E_REQUEST_EMPTY",
      path,
      `request matcher needs at least one of ${
        MATCH_FIELDS.join(", ")
      } (count alone matches nothing)`,
    );
  }
  return out;
}

/** A `Mock`: `match` required; `respond` defaults to `{status: 200, headers: {}}`. */
export function mock(ctx: ValidationContext, node: PNode, path: string): Mock | undefined {
  const m = closedMap(ctx, node, path, MOCK_KEYS, "a mock");
  if (!m) return undefined;
  const matchNode = required(ctx, m, "match", path);
  const match = matchNode && requestMatch(ctx, matchNode, keyPath(path, "match"));
  const respond: Mock["respond"] = { status: 200, headers: {} };
  const r = field(m, "respond");
  if (r) {
    const rp = keyPath(path, "respond");
    const rm = closedMap(ctx, r, rp, RESPOND_KEYS, "a mock response");
    if (rm) {
      for (const e of rm.entries) {
        const p = keyPath(rp, e.key);
        if (e.key === "status") {
          const n = int(ctx, e.value, p);
          if (n !== undefined) respond.status = n;
        } else if (e.key === "headers") {
          const h = strMap(ctx, e.value, p);
          if (h !== undefined) respond.headers = h;
        } else if (e.key === "body") {
          const s = str(ctx, e.value, p);
          if (s !== undefined) respond.body = s;
        } else if (e.key === "delayMs") {
          const n = num(ctx, e.value, p);
          if (n !== undefined) respond.delayMs = n;
        }
      }
    }
  }
  return match ? { match, respond } : undefined;
}
