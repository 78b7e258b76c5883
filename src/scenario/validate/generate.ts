/**
 * `generate` (docs/scenario-language.md#producers-http-totp-generate): exactly one of `random` /
 * `datetime`, plus `into: {var}`. Everything that could fail at run time (empty or unsupported
 * format, unknown zone, min > max, a value out of the bounds of docs/input-limits.md: a huge
 * string, a range whose width overflows to Infinity, a date shifted off the calendar) is a load
 * error (E_GENERATE), so the step itself never fails.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { GenerateSpec } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, type MapNode, presentKeys } from "../../yaml/mapping.ts";
import { hasToken, int, num, oneOf, str } from "../../yaml/scalars.ts";
import { varTarget } from "./producers.ts";
import { strftimeProblem } from "./strftime.ts";
import {
  MAX_DATETIME_SHIFT_S,
  MAX_FLOAT_PRECISION,
  MAX_GENERATED_STRING,
} from "../input_limits.ts";
import { quoteInput } from "../../yaml/bounded_text.ts";

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
      if (length !== undefined && (length <= 0 || length > MAX_GENERATED_STRING)) {
        const why = `length must be between 1 and ${MAX_GENERATED_STRING}, got ${length}`;
        report(ctx, l.pos, "E_GENERATE", keyPath(p, "length"), why);
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
      if (precision < 0 || precision > MAX_FLOAT_PRECISION) {
        const why = `precision must be between 0 and ${MAX_FLOAT_PRECISION}, got ${precision}`;
        report(ctx, pr.pos, "E_GENERATE", pp, why);
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
  const problem = integral ? intRangeProblem(min, max) : floatRangeProblem(min, max);
  if (problem) {
    report(ctx, m.pos, "E_GENERATE", path, problem);
    return undefined;
  }
  return { min, max, map: m };
}

/**
 * Integers are drawn exactly only within the safe range (±2^53 − 1), and only when the range
 * width is too: beyond it the result rounds, or overflows to Infinity.
 */
function intRangeProblem(min: number, max: number): string | null {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    return `min and max must be within ±${Number.MAX_SAFE_INTEGER} (got ${min}, ${max})`;
  }
  if (max - min > Number.MAX_SAFE_INTEGER) {
    return `the range ${min}..${max} is wider than ${Number.MAX_SAFE_INTEGER}`;
  }
  return null;
}

/** A float range whose width overflows (e.g. -1e308..1e308) would produce Infinity. */
function floatRangeProblem(min: number, max: number): string | null {
  return Number.isFinite(max - min)
    ? null
    : `the range ${min}..${max} is too wide: its width overflows to Infinity`;
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
        report(ctx, e.value.pos, "E_GENERATE", p, `unknown IANA time zone ${quoteInput(tz)}`);
        ok = false;
      } else out.timezone = tz;
    } else {
      const n = num(ctx, e.value, p);
      if (n === undefined) ok = false;
      else out[e.key as (typeof OFFSETS)[number]] = n;
    }
  }
  if (!ok) return undefined;
  const shiftS = (out.offsetSeconds ?? 0) + 60 * (out.offsetMinutes ?? 0) +
    3600 * (out.offsetHours ?? 0) + 86400 * (out.offsetDays ?? 0);
  if (!(Math.abs(shiftS) <= MAX_DATETIME_SHIFT_S)) {
    const why = `the offsets add up to ${shiftS} seconds; at most ${MAX_DATETIME_SHIFT_S} ` +
      "(10,000 years) either way";
    report(ctx, m.pos, "E_GENERATE", path, why);
    return undefined;
  }
  return out;
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
