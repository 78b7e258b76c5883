/**
 * The state of one scenario validation pass: the YAML toolkit's read context (scenario grammar:
 * numbers and booleans may be written as text) plus what the pass learns about the file.
 *
 * @module
 */
import { newReadContext, type ReadContext } from "../../yaml/read_context.ts";
import type { PNode } from "../../yaml/pnode.ts";

/** A read context for scenario grammar. */
export interface ValidationContext extends ReadContext {
  /** Set when the raw pass saw a `use` step. */
  usesComponents: boolean;
}

/**
 * A fresh context for one pass (`raw`: before load-time templating).
 *
 * @example
 * ```ts
 * const ctx = newContext(true);
 * stepList(ctx, node, "steps");
 * if (ctx.deferred || ctx.usesComponents) { … } // a typed pass follows
 * ```
 */
export function newContext(raw: boolean): ValidationContext {
  return { ...newReadContext({ scalarsAsText: true, raw }), usesComponents: false };
}

/**
 * A scenario validator as a reader of another file's context (the config's `readyWhen`,
 * `interrupts`, `redact` and `systemAlertHandling` use scenario grammar): it reads exactly as in
 * a scenario (numbers and booleans may be written as text) and reports into `ctx`.
 *
 * @example
 * ```ts
 * const readyWhen = inScenarioGrammar(selector);
 * readyWhen(configCtx, node, "targets.app.readyWhen");
 * ```
 */
export function inScenarioGrammar<T>(
  validate: (ctx: ValidationContext, node: PNode, path: string) => T | undefined,
): (ctx: ReadContext, node: PNode, path: string) => T | undefined {
  return (ctx, node, path) =>
    validate({ ...ctx, scalarsAsText: true, raw: false, usesComponents: false }, node, path);
}
