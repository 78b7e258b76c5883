/**
 * `generate` (scenario-dsl.md §5.2): exactly one of `random` / `datetime`, plus `into: {var}`.
 * Everything that could fail at run time (empty or unsupported format, unknown zone, min > max)
 * is a load error (E_GENERATE), so the step itself never fails.
 *
 * @module
 */
import type { PNode } from "../pnode.ts";
import type { GenerateSpec } from "../types.ts";
import { keyPath, report, type ValidationContext } from "./context.ts";
import { closedMap, field, type MapNode, presentKeys } from "./mapping.ts";
import { hasToken, int, num, oneOf, str } from "./scalars.ts";
import { varTarget } from "./producers.ts";
import { strftimeProblem } from "./strftime.ts";

type Random = Extract<GenerateSpec, { random: unknown }>["random"];
type Datetime = Extract<GenerateSpec, { datetime: unknown }>["datetime"];

const GENERATE_KEYS: ReadonlySet<string> = new Set(["random", "datetime", "into"]);
const RANDOM_FORMS = ["string", "int", "float", "uuid"] as const;
const RANDOM_KEYS: ReadonlySet<string> = new Set(RANDOM_FORMS);
const STRING_KEYS: ReadonlySet<string> = new Set(["length", "charset"]);
const INT_KEYS: ReadonlySet<string> = new Set(["min", "max"]);
const FLOAT_KEYS: ReadonlySet<string> = new Set(["min", "max", "precision"]);
const NO_KEYS: ReadonlySet<string> = new Set();
const CHARSETS = ["alnum", "alpha", "numeric", "hex"] as const;
const OFFSETS = ["offsetSeconds", "offsetMinutes", "offsetHours", "offsetDays"] as const;
const DATETIME_KEYS: ReadonlySet<string> = new Set(["format", ...OFFSETS, "timezone"]);

/** The `generate` payload. */
export function generate(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): GenerateSpec | undefined {
  const m = closedMap(ctx, node, path, GENERATE_KEYS, "a generate payload");
  if (!m) return undefined;
  const into = varTarget(ctx, m, path);
  const forms = presentKeys(m, ["random", "datetime"]);
  if (forms.length !== 1) {
    const got = forms.length === 0 ? "neither" : "both";
    report(
      ctx,
      m.pos,
      "E_GENERATE",
      path,
      `generate needs exactly one of random, datetime; got ${got}`,
    );
    return undefined;
  }
  if (forms[0] === "random") {
    const random = randomOf(ctx, field(m, "random")!, keyPath(path, "random"));
    return random && into && { random, into };
  }
  const datetime = datetimeOf(ctx, field(m, "datetime")!, keyPath(path, "datetime"));
  return datetime && into && { datetime, into };
}

function randomOf(ctx: ValidationContext, node: PNode, path: string): Random | undefined {
  const m = closedMap(ctx, node, path, RANDOM_KEYS, "a random generator");
  if (!m) return undefined;
  const forms = presentKeys(m, RANDOM_FORMS);
  if (forms.length !== 1) {
    report(
      ctx,
      m.pos,
      "E_GENERATE",
      path,
      `random needs exactly one of ${RANDOM_FORMS.join(", ")}; got ${forms.join(", ") || "none"}`,
    );
    return undefined;
  }
  const kind = forms[0];
  const v = field(m, kind)!;
  const p = keyPath(path, kind);
  switch (kind) {
    case "string": {
      const sm = closedMap(ctx, v, p, STRING_KEYS, "a random string spec");
      if (!sm) return undefined;
      const l = field(sm, "length");
      if (!l) {
        report(ctx, sm.pos, "E_REQUIRED", p, 'missing required key "length"');
        return undefined;
      }
      const length = int(ctx, l, keyPath(p, "length"));
      if (length !== undefined && length <= 0) {
        report(ctx, l.pos, "E_GENERATE", keyPath(p, "length"), `length must be > 0, got ${length}`);
        return undefined;
      }
      let charset: (typeof CHARSETS)[number] | undefined = "alnum";
      const c = field(sm, "charset");
      if (c) charset = oneOf(ctx, c, keyPath(p, "charset"), CHARSETS, "E_GENERATE");
      return length !== undefined && charset ? { string: { length, charset } } : undefined;
    }
    case "int": {
      const r = range(ctx, v, p, INT_KEYS, true);
      return r && { int: { min: r.min, max: r.max } };
    }
    case "float": {
      const r = range(ctx, v, p, FLOAT_KEYS, false);
      if (!r) return undefined;
      const pr = field(r.map, "precision");
      if (!pr) return { float: { min: r.min, max: r.max } };
      const pp = keyPath(p, "precision");
      const precision = int(ctx, pr, pp);
      if (precision === undefined) return undefined;
      if (precision < 0) {
        report(ctx, pr.pos, "E_GENERATE", pp, `precision must be >= 0, got ${precision}`);
        return undefined;
      }
      return { float: { min: r.min, max: r.max, precision } };
    }
    case "uuid":
      return closedMap(ctx, v, p, NO_KEYS, "an empty mapping {}") ? { uuid: {} } : undefined;
  }
}

/** `{min, max}` with min ≤ max (integers when `integral`). */
function range(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  keys: ReadonlySet<string>,
  integral: boolean,
): { min: number; max: number; map: MapNode } | undefined {
  const m = closedMap(ctx, node, path, keys, "a {min, max} range");
  if (!m) return undefined;
  const read = integral ? int : num;
  const bound = (k: "min" | "max") => {
    const v = field(m, k);
    if (!v) {
      report(ctx, m.pos, "E_REQUIRED", path, `missing required key "${k}"`);
      return undefined;
    }
    return read(ctx, v, keyPath(path, k));
  };
  const min = bound("min");
  const max = bound("max");
  if (min === undefined || max === undefined) return undefined;
  if (min > max) {
    report(ctx, m.pos, "E_GENERATE", path, `min (${min}) must be <= max (${max})`);
    return undefined;
  }
  return { min, max, map: m };
}

function datetimeOf(ctx: ValidationContext, node: PNode, path: string): Datetime | undefined {
  const m = closedMap(ctx, node, path, DATETIME_KEYS, "a datetime generator");
  if (!m) return undefined;
  const out: Datetime = {};
  let ok = true;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    if (e.key === "format") {
      const f = str(ctx, e.value, p);
      if (f === undefined) ok = false;
      else {
        const problem = strftimeProblem(f);
        if (problem) {
          report(ctx, e.value.pos, "E_GENERATE", p, problem);
          ok = false;
        }
        out.format = f;
      }
    } else if (e.key === "timezone") {
      const tz = str(ctx, e.value, p);
      if (tz === undefined) ok = false;
      else if (ctx.raw && hasToken(tz)) ctx.deferred = true;
      else if (!isTimeZone(tz)) {
        report(ctx, e.value.pos, "E_GENERATE", p, `unknown IANA time zone ${JSON.stringify(tz)}`);
        ok = false;
      } else out.timezone = tz;
    } else {
      const n = num(ctx, e.value, p);
      if (n === undefined) ok = false;
      else out[e.key as (typeof OFFSETS)[number]] = n;
    }
  }
  return ok ? out : undefined;
}

/** True when `Intl` knows the zone. */
function isTimeZone(tz: string): boolean {
  if (tz.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
