/**
 * Steps that produce runtime variables (docs/scenario-language.md#producers-http-totp-generate):
 * http, totp, email. (`generate` has its own module.)
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { StepBodies } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, type MapNode, required } from "../../yaml/mapping.ts";
import { int, nonEmptyStr, num, str, strMap } from "../../yaml/scalars.ts";
import { pattern } from "./pattern.ts";

const HTTP_KEYS: ReadonlySet<string> = new Set([
  "url",
  "method",
  "headers",
  "body",
  "status",
  "saveBody",
]);
const TOTP_KEYS: ReadonlySet<string> = new Set(["secret", "into"]);
const VAR_KEYS: ReadonlySet<string> = new Set(["var"]);
const EMAIL_KEYS: ReadonlySet<string> = new Set(["match", "extract", "timeout"]);
const EMAIL_MATCH_KEYS: ReadonlySet<string> = new Set(["to", "subject", "subjectMatches"]);
const EMAIL_EXTRACT_KEYS: ReadonlySet<string> = new Set(["var", "bodyMatches"]);

/** `http: {url, method?=GET, headers?, body?, status?, saveBody?}`. */
export function http(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["http"] | undefined {
  const m = closedMap(ctx, node, path, HTTP_KEYS, "an http payload");
  if (!m) return undefined;
  const u = required(ctx, m, "url", path);
  const url = u && nonEmptyStr(ctx, u, keyPath(path, "url"));
  const out: StepBodies["http"] = { url: url ?? "", method: "GET" };
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "method":
        out.method = str(ctx, e.value, p) ?? "GET";
        break;
      case "headers":
        out.headers = strMap(ctx, e.value, p);
        break;
      case "body":
        out.body = str(ctx, e.value, p);
        break;
      case "status":
        out.status = int(ctx, e.value, p);
        break;
      case "saveBody":
        out.saveBody = nonEmptyStr(ctx, e.value, p);
        break;
    }
  }
  return url === undefined ? undefined : out;
}

/** `into: {var}` — the variable a producer writes. */
export function varTarget(
  ctx: ValidationContext,
  m: MapNode,
  path: string,
): { var: string } | undefined {
  const n = required(ctx, m, "into", path);
  if (!n) return undefined;
  const p = keyPath(path, "into");
  const im = closedMap(ctx, n, p, VAR_KEYS, "a variable target {var}");
  const v = im && required(ctx, im, "var", p);
  const name = v && nonEmptyStr(ctx, v, keyPath(p, "var"));
  return name === undefined ? undefined : { var: name };
}

/** `totp: {secret, into: {var}}`. */
export function totp(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["totp"] | undefined {
  const m = closedMap(ctx, node, path, TOTP_KEYS, "a totp payload");
  if (!m) return undefined;
  const s = required(ctx, m, "secret", path);
  const secret = s && nonEmptyStr(ctx, s, keyPath(path, "secret"));
  const into = varTarget(ctx, m, path);
  return secret !== undefined && into ? { secret, into } : undefined;
}

/** `email: {match (≥1 field), extract: {var, bodyMatches}, timeout > 0}`. */
export function email(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["email"] | undefined {
  const m = closedMap(ctx, node, path, EMAIL_KEYS, "an email payload");
  if (!m) return undefined;
  let ok = true;
  const match: StepBodies["email"]["match"] = {};
  const mn = required(ctx, m, "match", path);
  const mp = keyPath(path, "match");
  const mm = mn && closedMap(ctx, mn, mp, EMAIL_MATCH_KEYS, "an email match");
  if (mm) {
    for (const e of mm.entries) {
      const p = keyPath(mp, e.key);
      const v = e.key === "subjectMatches" ? pattern(ctx, e.value, p) : str(ctx, e.value, p);
      if (v === undefined) ok = false;
      else match[e.key as keyof typeof match] = v;
    }
    if (mm.entries.length === 0) {
      report(
        ctx,
        mm.pos,
        "E_REQUIRED",
        mp,
        "email.match needs at least one of to, subject, subjectMatches",
      );
      ok = false;
    }
  } else ok = false;
  const en = required(ctx, m, "extract", path);
  const ep = keyPath(path, "extract");
  const em = en && closedMap(ctx, en, ep, EMAIL_EXTRACT_KEYS, "an email extract");
  const vn = em && required(ctx, em, "var", ep);
  const varName = vn && nonEmptyStr(ctx, vn, keyPath(ep, "var"));
  const bn = em && required(ctx, em, "bodyMatches", ep);
  const bodyMatches = bn && pattern(ctx, bn, keyPath(ep, "bodyMatches"));
  const t = required(ctx, m, "timeout", path);
  const tp = keyPath(path, "timeout");
  const timeout = t && num(ctx, t, tp);
  if (timeout !== undefined && timeout <= 0) {
    report(ctx, t!.pos, "E_COUNT_POSITIVE", tp, `email timeout must be > 0, got ${timeout}`);
    ok = false;
  }
  if (!ok || varName === undefined || bodyMatches === undefined || timeout === undefined) {
    return undefined;
  }
  return { match, extract: { var: varName, bodyMatches }, timeout };
}
