/**
 * capturePolicy firing and the per-step capture list
 * (docs/scenario-language.md#capturepolicy-rules). Pure functions: the leaf-step flow supplies the
 * facts, the sink does the writing.
 *
 * @module
 */
import { globMatch } from "../selectors/mod.ts";
import type { ActionName, CaptureRule, CaptureToken } from "../scenario/types.ts";

/** Kinds recorded over a step's duration rather than at one instant. */
export const INTERVAL_KINDS: ReadonlySet<string> = new Set(["video", "deviceLog", "appTrace"]);

/** What a rule is decided on, once the step (and its retry) finished. */
export interface FiringFacts {
  /** DSL action name. */
  action: ActionName;
  /** The primary target's id after substitution (entry 0 of an id list); null when none. */
  primaryId: string | null;
  ok: boolean;
  /** The post-step tree differs from the pre-step tree (false when no pre tree was read). */
  screenChanged: boolean;
}

/** The kind of a token: `screenshot.after` → `screenshot`. */
export function tokenKind(token: CaptureToken): string {
  const dot = token.indexOf(".");
  return dot < 0 ? token : token.slice(0, dot);
}

/** `screenshot` → `screenshot.after`; `elements.*` → `elements`; others unchanged. */
export function normalizeToken(token: CaptureToken): CaptureToken {
  if (token === "screenshot") return "screenshot.after";
  if (token.startsWith("elements.")) return "elements";
  return token;
}

/** An `action` trigger: same action and, with `idMatches`, a primary id that glob-matches. */
export function actionRuleFires(rule: CaptureRule, action: ActionName, primaryId: string | null) {
  const on = rule.on;
  if (!("action" in on) || on.action !== action) return false;
  if (on.idMatches === undefined) return true;
  return primaryId !== null && globMatch(on.idMatches, primaryId);
}

/** Whether one rule fires for a finished step. */
export function ruleFires(rule: CaptureRule, facts: FiringFacts): boolean {
  const on = rule.on;
  if ("action" in on) return actionRuleFires(rule, facts.action, facts.primaryId);
  if ("event" in on) return facts.screenChanged;
  return !facts.ok;
}

/** Indices of the firing rules, in declaration order. */
export function firedRules(policy: readonly CaptureRule[], facts: FiringFacts): number[] {
  const out: number[] = [];
  for (let i = 0; i < policy.length; i++) if (ruleFires(policy[i], facts)) out.push(i);
  return out;
}

/**
 * The instant tokens a step captures after acting: `["elements", …inline, …fired rules'
 * captures, …baseline]`, normalized, deduplicated in first-seen order, without interval kinds
 * and without the screenshots the always-on pair already covers (`.around`/`.onError` are
 * no-ops too).
 *
 * @example
 * ```ts
 * collectCaptures(["screenshot", "video"], [], [], ["elements", "actionLog"]);
 * // ["elements", "actionLog"]
 * ```
 */
export function collectCaptures(
  inline: readonly CaptureToken[] | undefined,
  policy: readonly CaptureRule[],
  fired: readonly number[],
  baseline: readonly CaptureToken[],
): CaptureToken[] {
  const out: CaptureToken[] = ["elements"];
  if (!inline && fired.length === 0 && baseline.length === 0) return out;
  const add = (tokens: readonly CaptureToken[]) => {
    for (const raw of tokens) {
      const token = normalizeToken(raw);
      const kind = tokenKind(token);
      if (kind === "screenshot" || INTERVAL_KINDS.has(kind) || out.includes(token)) continue;
      out.push(token);
    }
  };
  if (inline) add(inline);
  for (const i of fired) add(policy[i].capture);
  add(baseline);
  return out;
}

/**
 * Interval kinds to start before a step acts: only triggers the step itself determines
 * (inline capture, firing `action` rules, the baseline); `event`/`result` rules come too late.
 * `appTrace` is scenario-wide and never started per step.
 */
export function intervalKinds(
  inline: readonly CaptureToken[] | undefined,
  policy: readonly CaptureRule[],
  action: ActionName,
  primaryId: string | null,
  baseline: readonly CaptureToken[],
): string[] {
  if (!inline && policy.length === 0 && baseline.length === 0) return [];
  const out: string[] = [];
  const add = (tokens: readonly CaptureToken[]) => {
    for (const token of tokens) {
      const kind = tokenKind(token);
      if ((kind === "video" || kind === "deviceLog") && !out.includes(kind)) out.push(kind);
    }
  };
  if (inline) add(inline);
  for (const rule of policy) if (actionRuleFires(rule, action, primaryId)) add(rule.capture);
  add(baseline);
  return out;
}
