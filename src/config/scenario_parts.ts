/**
 * Config keys whose values use scenario grammar: `readyWhen` (a Selector), `interrupts`
 * (`{condition: Assertion, steps: Step[]}`), `redact` and `systemAlertHandling`. They are checked by the scenario validator itself
 * (typed pass), so a config and a scenario accept exactly the same selectors and steps.
 *
 * @module
 */
import type { Interrupt, Redact, Selector, SystemAlertHandling } from "../scenario/types.ts";
import { newContext, type ValidationContext } from "../scenario/validate/context.ts";
import { selector } from "../scenario/validate/selector.ts";
import { assertion } from "../scenario/validate/assertion.ts";
import { stepList } from "../scenario/validate/step.ts";
import { closedMap, field, required } from "../scenario/validate/mapping.ts";
import {
  redact as scenarioRedact,
  systemAlertHandling as scenarioAlertHandling,
} from "../scenario/validate/policies.ts";
import type { ReadCtx, Reader } from "./readers.ts";

const INTERRUPT_KEYS: ReadonlySet<string> = new Set(["condition", "steps"]);

/** Runs a scenario validator and moves its findings into the config's read context. */
function viaScenarioValidator<T>(
  run: (v: ValidationContext) => T | undefined,
): (ctx: ReadCtx) => T | undefined {
  return (ctx) => {
    const v = newContext(false);
    const out = run(v);
    ctx.errors.push(...v.errors);
    ctx.warnings.push(...v.warnings);
    return v.errors.length === 0 ? out : undefined;
  };
}

/** `readyWhen`: a selector, validated like a scenario selector. */
export const readyWhenSelector: Reader<Selector> = (node, path, ctx) =>
  viaScenarioValidator((v) => selector(v, node, path))(ctx);

/** `interrupts`: `[{condition: Assertion, steps?: Step[]}]`, validated like a scenario's. */
export const configInterrupts: Reader<Interrupt[]> = (node, path, ctx) =>
  viaScenarioValidator<Interrupt[]>((v) => {
    if (node.kind !== "seq") {
      closedMap(v, node, path, INTERRUPT_KEYS, "a list of interrupts");
      return undefined;
    }
    const out: Interrupt[] = [];
    node.items.forEach((item, i) => {
      const p = `${path}[${i}]`;
      const m = closedMap(v, item, p, INTERRUPT_KEYS, "an interrupt {condition, steps?}");
      if (!m) return;
      const c = required(v, m, "condition", p);
      const condition = c && assertion(v, c, `${p}.condition`);
      const st = field(m, "steps");
      const steps = st ? stepList(v, st, `${p}.steps`) : [];
      if (condition) out.push({ condition, steps });
    });
    return out;
  })(ctx);

/** `redact` (evidence.md §8), the same block a scenario may carry. */
export const redactBlock: Reader<Redact> = (node, path, ctx) =>
  viaScenarioValidator((v) => scenarioRedact(v, node, path))(ctx);

/** `systemAlertHandling`: a boolean or `{enabled, rules, instruction, pollInterval}`. */
export const alertHandling: Reader<SystemAlertHandling> = (node, path, ctx) =>
  viaScenarioValidator((v) => scenarioAlertHandling(v, node, path))(ctx);
