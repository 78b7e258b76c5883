/**
 * Where step lists live (docs/scenario-language.md#a-scenario,
 * docs/scenario-language.md#lifecycle-before-and-after, docs/scenario-language.md#control-flow,
 * docs/scenario-language.md#interrupts), so a stage that rewrites steps (component expansion)
 * reaches every one of them: the scenario's `steps`, `before`, `after[].steps`,
 * `interrupts[].steps`, and inside a step `if.then`, `if.else`, `forEach.steps`, `web.steps`.
 *
 * @module
 */
import type { PEntry, PNode } from "../../yaml/pnode.ts";
import { indexPath, keyPath } from "./load_error.ts";

/** Rewrites one step list (a `seq` node); `path` is the YAML path of that list. */
export type StepListRewriter = (list: PNode, path: string) => Promise<PNode>;

/** Step lists held directly by a scenario mapping. */
const SCENARIO_LISTS = ["before", "steps"] as const;
/** Scenario keys holding a list of `{steps}` mappings. */
const SCENARIO_RULE_LISTS = ["after", "interrupts"] as const;
/** Step lists inside a control-flow step's payload, by action. */
const NESTED_LISTS: Record<string, readonly string[]> = {
  if: ["then", "else"],
  forEach: ["steps"],
  web: ["steps"],
};

/** Applies `f` to every step list of a scenario; shapes it does not expect are left as they are. */
export async function mapScenarioStepLists(
  scenario: PNode,
  path: string,
  f: StepListRewriter,
): Promise<PNode> {
  if (scenario.kind !== "map") return scenario;
  const entries: PEntry[] = [];
  for (const e of scenario.entries) {
    const p = keyPath(path, e.key);
    if ((SCENARIO_LISTS as readonly string[]).includes(e.key) && e.value.kind === "seq") {
      entries.push({ ...e, value: await f(e.value, p) });
    } else if (
      (SCENARIO_RULE_LISTS as readonly string[]).includes(e.key) && e.value.kind === "seq"
    ) {
      const items: PNode[] = [];
      for (const [i, rule] of e.value.items.entries()) {
        items.push(await mapKeys(rule, ["steps"], indexPath(p, i), f));
      }
      entries.push({ ...e, value: { ...e.value, items } });
    } else {
      entries.push(e);
    }
  }
  return { ...scenario, entries };
}

/** Applies `f` to the step lists nested in one step (`if`, `forEach`, `web`). */
export async function mapNestedStepLists(
  step: PNode,
  path: string,
  f: StepListRewriter,
): Promise<PNode> {
  if (step.kind !== "map") return step;
  const entries: PEntry[] = [];
  for (const e of step.entries) {
    const keys = Object.hasOwn(NESTED_LISTS, e.key) ? NESTED_LISTS[e.key] : undefined;
    entries.push(keys ? { ...e, value: await mapKeys(e.value, keys, keyPath(path, e.key), f) } : e);
  }
  return { ...step, entries };
}

async function mapKeys(
  node: PNode,
  keys: readonly string[],
  path: string,
  f: StepListRewriter,
): Promise<PNode> {
  if (node.kind !== "map") return node;
  const entries: PEntry[] = [];
  for (const e of node.entries) {
    entries.push(
      keys.includes(e.key) && e.value.kind === "seq"
        ? { ...e, value: await f(e.value, keyPath(path, e.key)) }
        : e,
    );
  }
  return { ...node, entries };
}
