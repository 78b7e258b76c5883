/**
 * The call budget in `bench/call_budget.json` (docs/backends.md#page-calls-per-step,
 * docs/backends.md#wire-calls-per-step): per backend, the most device calls one step of each kind
 * may make. Read and checked here for the web and fake guard (bench/call_counts.ts) and the remote
 * guard (tests/support/wire_calls.ts) alike.
 *
 * @module
 */

/** One backend's budget: calls per step kind (`firstStepExtra`: see the remote guard). */
export type CallBudget = Record<string, number>;

export const BUDGET_FILE = new URL("./call_budget.json", import.meta.url);

/** The budget of `backend` (`fake`, `web`, `remote`). */
export async function loadBudget(backend: string): Promise<CallBudget> {
  const all = JSON.parse(await Deno.readTextFile(BUDGET_FILE));
  const budget = all[backend];
  if (budget === null || typeof budget !== "object") {
    throw new Error(`bench/call_budget.json has no "${backend}" budget`);
  }
  return budget as CallBudget;
}

/**
 * The breaches of `budget`: one line per step kind whose most calls in one step is over its
 * budget, or that has no budget at all (a new kind must be given one on purpose).
 */
export function overBudget(
  backend: string,
  maxByKind: Record<string, number>,
  budget: CallBudget,
): string[] {
  const out: string[] = [];
  for (const [kind, max] of Object.entries(maxByKind)) {
    const cap = budget[kind];
    if (typeof cap !== "number") {
      out.push(`${backend} ${kind}: ${max} calls in one step, and no budget for ${kind}`);
    } else if (max > cap) {
      out.push(`${backend} ${kind}: ${max} calls in one step, over its budget of ${cap}`);
    }
  }
  return out;
}
