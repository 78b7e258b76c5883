/**
 * The order parallel lanes take scenarios in (docs/architecture.md#runall): with one lane,
 * declaration order; with several, the longest first by a static estimate, so the last scenarios
 * to start are short ones and the lanes finish together instead of one lane running a long
 * scenario alone at the end. Reports keep declaration order whatever the dispatch order.
 *
 * @module
 */
import type { Scenario, Step } from "../scenario/types.ts";

/**
 * A scenario's estimated cost: its steps, `before` and every `after` rule's steps, container
 * bodies included (counted once: a `forEach` cannot be sized before the run).
 *
 * @example
 * ```ts
 * estimatedSteps({ ...scenario, before: [tap], steps: [tap, { action: "if", body: { then: [tap] } }] });
 * // 4
 * ```
 */
export function estimatedSteps(s: Pick<Scenario, "before" | "steps" | "after">): number {
  return count(s.before) + count(s.steps) + s.after.reduce((n, rule) => n + count(rule.steps), 0);
}

function count(steps: readonly Step[]): number {
  let n = 0;
  for (const step of steps) {
    n++;
    switch (step.action) {
      case "if":
        n += count(step.body.then) + count(step.body.else ?? []);
        break;
      case "forEach":
      case "web":
        n += count(step.body.steps);
        break;
    }
  }
  return n;
}

/**
 * Indices of `scenarios` in the order lanes take them: declaration order for one lane; else by
 * estimated cost, largest first, declaration order among equals.
 *
 * @example
 * ```ts
 * dispatchOrder([short, long, medium], 2); // [1, 2, 0]
 * dispatchOrder([short, long, medium], 1); // [0, 1, 2]
 * ```
 */
export function dispatchOrder(
  scenarios: readonly Pick<Scenario, "before" | "steps" | "after">[],
  lanes: number,
): number[] {
  const order = scenarios.map((_, i) => i);
  if (lanes <= 1) return order;
  const cost = scenarios.map(estimatedSteps);
  return order.sort((a, b) => cost[b] - cost[a] || a - b);
}
