/**
 * Re-validation after runtime substitution (docs/scenario-language.md#variables-and-substitution):
 * the loader could not check a field that held a `${…}` token, so once the token is replaced the
 * parts that matter are checked again — regexes compile, number slots hold numbers in range,
 * booleans are booleans. Number and boolean spellings are coerced in place on the substituted copy.
 *
 * @module
 */
import { compileRegex, InvalidRegex } from "../selectors/mod.ts";
import type { Assertion, Step } from "../scenario/types.ts";
import { parseKeyChord } from "../model/key_chord.ts";

/** Keys whose string value is a regex pattern anywhere in a step body. */
const REGEX_KEYS: ReadonlySet<string> = new Set([
  "labelMatches",
  "urlMatches",
  "pathMatches",
  "bodyMatches",
  "subjectMatches",
  "matches",
]);

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

interface NumberRule {
  int?: boolean;
  min?: number;
  /** The minimum itself is excluded. */
  above?: number;
  max?: number;
}

type Obj = Record<string, unknown>;

/** The first problem of a substituted step as `<path>: <what>`, or null. */
export function revalidateStep(step: Step): string | null {
  return regexProblem(step.body, step.action) ??
    (step.extract ? regexProblem(step.extract, "extract") : null) ??
    scalarProblem(step);
}

/** The first regex problem inside any substituted value (a `forEach.sel`…), or null. */
export function revalidateValue(value: unknown, path: string): string | null {
  return regexProblem(value, path);
}

/** The first problem of a substituted assertion, or null. */
export function revalidateAssertion(a: Assertion, path: string): string | null {
  return regexProblem(a, path) ?? assertionScalars(a as unknown as Obj, path);
}

function regexProblem(v: unknown, path: string): string | null {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = regexProblem(v[i], `${path}[${i}]`);
      if (p !== null) return p;
    }
    return null;
  }
  if (v === null || typeof v !== "object") return null;
  for (const [key, x] of Object.entries(v)) {
    const here = `${path}.${key}`;
    if (typeof x === "string" && REGEX_KEYS.has(key)) {
      try {
        compileRegex(x);
      } catch (e) {
        if (e instanceof InvalidRegex) return `${here}: ${e.message}`;
        throw e;
      }
    } else if (key === "index" && typeof x !== "number") {
      const p = coerceNumber(v as Obj, key, here, { int: true });
      if (p !== null) return p;
    } else {
      const p = regexProblem(x, here);
      if (p !== null) return p;
    }
  }
  return null;
}

function scalarProblem(step: Step): string | null {
  const b = step.body as unknown as Obj;
  const at = (key: string) => `${step.action}.${key}`;
  switch (step.action) {
    case "longPress":
      return coerceNumber(b, "duration", at("duration"), { min: 0 });
    case "tapPoint":
      return coerceNumber(b, "x", at("x"), { min: 0, max: 1 }) ??
        coerceNumber(b, "y", at("y"), { min: 0, max: 1 });
    case "swipe":
    case "drag":
      return "amount" in b ? coerceNumber(b, "amount", at("amount"), { above: 0, max: 1 }) : null;
    case "delete":
      return coerceNumber(b, "count", at("count"), { int: true, above: 0 });
    case "scroll":
      return coerceNumber(b, "maxScrolls", at("maxScrolls"), { int: true, above: 0 });
    case "pinch":
      return coerceNumber(b, "scale", at("scale"), { above: 0 });
    case "rotate":
      return coerceNumber(b, "radians", at("radians"), {});
    case "wait": {
      const until = b.until as Obj | undefined;
      if (until && until.kind === "assert") {
        const list = until.assertions as Obj[];
        for (let i = 0; i < list.length; i++) {
          const p = assertionScalars(list[i], `wait.until.assert[${i}]`);
          if (p !== null) return p;
        }
      }
      return coerceNumber(b, "timeout", at("timeout"), { min: 0 });
    }
    case "tap": {
      const point = b.at as Obj | undefined;
      if (!point) return null;
      return coerceNumber(point, "x", at("at.x"), { min: 0, max: 1 }) ??
        coerceNumber(point, "y", at("at.y"), { min: 0, max: 1 });
    }
    case "press": {
      const chord = parseKeyChord(String(b.key));
      return "error" in chord ? `${at("key")}: ${chord.error}` : null;
    }
    case "type":
      return coerceBoolean(b, "submit", at("submit"));
    case "http":
      return "status" in b ? coerceNumber(b, "status", at("status"), { int: true }) : null;
    case "assert": {
      const list = step.body as unknown as Obj[];
      for (let i = 0; i < list.length; i++) {
        const p = assertionScalars(list[i], `assert[${i}]`);
        if (p !== null) return p;
      }
      return null;
    }
    default:
      return null;
  }
}

function assertionScalars(a: Obj, path: string): string | null {
  if (a.kind === "exists") return coerceBoolean(a, "negate", `${path}.negate`);
  if (a.kind === "count" && a.op && typeof a.op === "object") {
    const op = a.op as Obj;
    const key = Object.keys(op)[0];
    return coerceNumber(op, key, `${path}.${key}`, { int: true });
  }
  return null;
}

function coerceNumber(o: Obj, key: string, path: string, rule: NumberRule): string | null {
  let v = o[key];
  if (v === undefined) return null;
  if (typeof v === "string") {
    const ok = rule.int ? INTEGER.test(v) : DECIMAL.test(v);
    if (!ok) {
      return `${path}: expected ${rule.int ? "an integer" : "a number"}, got ${JSON.stringify(v)}`;
    }
    v = Number(v);
    o[key] = v;
  }
  if (typeof v !== "number" || !Number.isFinite(v)) {
    return `${path}: expected a number, got ${JSON.stringify(v)}`;
  }
  if (rule.int && !Number.isInteger(v)) return `${path}: expected an integer, got ${v}`;
  if (rule.min !== undefined && v < rule.min) return `${path}: must be ≥ ${rule.min}, got ${v}`;
  if (rule.above !== undefined && v <= rule.above) {
    return `${path}: must be > ${rule.above}, got ${v}`;
  }
  if (rule.max !== undefined && v > rule.max) return `${path}: must be ≤ ${rule.max}, got ${v}`;
  return null;
}

function coerceBoolean(o: Obj, key: string, path: string): string | null {
  const v = o[key];
  if (v === undefined || typeof v === "boolean") return null;
  if (v === "true" || v === "false") {
    o[key] = v === "true";
    return null;
  }
  return `${path}: expected true or false, got ${JSON.stringify(v)}`;
}
