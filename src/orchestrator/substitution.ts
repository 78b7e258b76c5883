/**
 * Runtime substitution (docs/scenario-language.md#variables-and-substitution): `${vars.*}` and
 * `${secrets.*}` are replaced per step with the bindings as they stand when the step starts, then
 * the step is re-validated (`revalidate.ts`). Unbound tokens stay literal and are warned about
 * once. Secret values are masked out of every text the run records.
 *
 * @module
 */
import { REDACTED } from "../evidence/placeholder.ts";
import { interpolateValue, type Lookup, namespaceLookup } from "../scenario/interpolate.ts";
import type { Assertion, Selector, Step } from "../scenario/types.ts";
import type { RunContext } from "./context.ts";
import type { AssertionResult } from "./types.ts";
import { revalidateAssertion, revalidateStep, revalidateValue } from "./revalidate.ts";

/** The placeholder a secret value is replaced by in recorded texts. */
export const MASK = REDACTED;

/** A step that became invalid once its tokens were substituted. */
export class InvalidAfterSubstitution extends Error {
  readonly code = "E_INVALID_AFTER_SUBSTITUTION";
  constructor(detail: string) {
    super(`invalid step after substitution: ${detail}`);
    this.name = "InvalidAfterSubstitution";
  }
}

/** The run's lookup: reads the live `vars` map, so later bindings are seen by later steps. */
export function runLookup(ctx: RunContext): Lookup {
  return namespaceLookup({ vars: ctx.vars, secrets: ctx.secrets as Record<string, string> });
}

/** Whether any string inside `value` holds a `${` token (cached per object for the run). */
export function holdsToken(ctx: RunContext, value: object): boolean {
  const known = ctx.tokenCache.get(value);
  if (known !== undefined) return known;
  const found = scanForToken(value);
  ctx.tokenCache.set(value, found);
  return found;
}

function scanForToken(v: unknown): boolean {
  if (typeof v === "string") return v.includes("${");
  if (Array.isArray(v)) return v.some(scanForToken);
  if (v !== null && typeof v === "object") return Object.values(v).some(scanForToken);
  return false;
}

/** Substitutes through `value` (a fresh copy when it held tokens; the same object otherwise). */
export function substitute<T extends object>(ctx: RunContext, value: T): T {
  if (!holdsToken(ctx, value)) return value;
  const { value: out, unbound } = interpolateValue(value, runLookup(ctx));
  for (const token of unbound) {
    if (ctx.warnedTokens.has(token)) continue;
    ctx.warnedTokens.add(token);
    ctx.options.warn?.(`unbound \${${token}} left as written`);
  }
  return out;
}

/**
 * The step a leaf runs: body and `extract` substituted, then re-validated. Throws
 * `InvalidAfterSubstitution`. Containers substitute only their own fields (`if`, `forEach`).
 */
export function substituteStep(ctx: RunContext, step: Step): Step {
  if (!holdsToken(ctx, step)) return step;
  const body = substitute(ctx, step.body as object);
  const extract = step.extract === undefined ? undefined : substitute(ctx, step.extract);
  const out = { ...step, body, extract } as Step;
  const problem = revalidateStep(out);
  if (problem !== null) throw new InvalidAfterSubstitution(problem);
  return out;
}

/** Substitutes an assertion (`if` condition, `expect`, interrupt condition), re-validated. */
export function substituteAssertion(ctx: RunContext, a: Assertion, path: string): Assertion {
  if (!holdsToken(ctx, a)) return a;
  const out = substitute(ctx, a);
  const problem = revalidateAssertion(out, path);
  if (problem !== null) throw new InvalidAfterSubstitution(problem);
  return out;
}

/** Substitutes a selector (`forEach.sel`), re-validated. */
export function substituteSelector(ctx: RunContext, sel: Selector, path: string): Selector {
  if (!holdsToken(ctx, sel)) return sel;
  const out = substitute(ctx, sel);
  const problem = revalidateValue(out, path);
  if (problem !== null) throw new InvalidAfterSubstitution(problem);
  return out;
}

/**
 * Replaces every secret value in `text` by {@link MASK}, in every encoded form: failure texts
 * quote values JSON-escaped (`label="…"`), so the raw value alone is not enough.
 */
export function maskSecrets(ctx: RunContext, text: string): string {
  if (ctx.secretMasker.empty || text === "") return text;
  return ctx.secretMasker.mask(text);
}

/** Masks secret values inside a JSON-like value (selectors recorded on outcomes). */
export function maskValue<T>(ctx: RunContext, value: T): T {
  if (ctx.secretMasker.empty) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return maskSecrets(ctx, v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Masks secret values in assertion details and reasons. */
export function maskResults(ctx: RunContext, results: AssertionResult[]): AssertionResult[] {
  if (ctx.secretMasker.empty) return results;
  return results.map((r) => ({
    ...r,
    detail: maskSecrets(ctx, r.detail),
    reason: maskSecrets(ctx, r.reason),
  }));
}
