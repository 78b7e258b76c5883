/**
 * The fake app's launch cycle (docs/backends.md#fake): an app whose screen at launch cycles
 * through a list, one entry per launch of each scenario, counted per scenario name in a JSON state
 * file beside the app file. It makes a scenario deterministically pass and fail on alternate
 * attempts (a flaky app) whatever order the attempts run in, across leases and across runs, so
 * `run --repeat`, `run --retries` and the history's flip rate are testable.
 *
 * ```yaml
 * launchCycle:
 *   counter: launches.json       # state file, relative to the app file; absent = no launches
 *   initial: [home, broken]      # a scenario's launch k (0-based) shows initial[k % length]
 * ```
 *
 * @module
 */
import { dirname, isAbsolute, join } from "node:path";
import type { ReadContext } from "../../yaml/read_context.ts";
import type { PNode } from "../../yaml/pnode.ts";
import { closedEntries } from "../../yaml/mapping.ts";
import { nonEmptyStr, strList } from "../../yaml/scalars.ts";
import { report } from "../../yaml/read_context.ts";
import type { RefChecker } from "./app_file_refs.ts";

/**
 * A launch cycle as read from the app file, the counter path made absolute.
 *
 * @example
 * ```ts
 * const cycle: FakeLaunchCycle = { counterFile: "/tmp/app/launches.json", initial: ["home", "broken"] };
 * ```
 */
export interface FakeLaunchCycle {
  counterFile: string;
  initial: string[];
}

/** Reads `launchCycle` of the app file `file`; undefined after reporting a problem. */
export function readLaunchCycle(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  file: string,
): FakeLaunchCycle | undefined {
  const f = closedEntries(ctx, node, "launchCycle", ["counter", "initial"], [
    "counter",
    "initial",
  ]);
  const counterNode = f?.get("counter")?.value;
  const initialNode = f?.get("initial")?.value;
  if (!counterNode || !initialNode) return undefined;
  const counter = nonEmptyStr(ctx, counterNode, "launchCycle.counter");
  const initial = strList(ctx, initialNode, "launchCycle.initial");
  if (counter === undefined || initial === undefined) return undefined;
  if (initial.length === 0) {
    return report(
      ctx,
      initialNode.pos,
      "E_CONFIG",
      "launchCycle.initial",
      "list at least one screen",
    );
  }
  let ok = true;
  if (initialNode.kind === "seq") {
    initial.forEach((name, i) => {
      ok = refs.screen(name, initialNode.items[i], `launchCycle.initial[${i}]`) && ok;
    });
  }
  if (!ok) return undefined;
  const counterFile = isAbsolute(counter) ? counter : join(dirname(file), counter);
  return { counterFile, initial };
}

/**
 * The screen this launch of `scenario` shows, counting it in the state file (synchronously, so
 * two leases started together in one process never read the same count). A missing or unreadable
 * state file counts as no launches.
 *
 * @example
 * ```ts
 * nextLaunchScreen({ counterFile, initial: ["home", "broken"] }, "log in"); // "home", then "broken"
 * ```
 */
export function nextLaunchScreen(cycle: FakeLaunchCycle, scenario: string): string {
  let counts: Record<string, number> = {};
  try {
    const parsed = JSON.parse(Deno.readTextFileSync(cycle.counterFile));
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) counts = parsed;
  } catch { /* no launch counted yet */ }
  const n = counts[scenario];
  const launches = Number.isSafeInteger(n) && n >= 0 ? n : 0;
  counts[scenario] = launches + 1;
  Deno.writeTextFileSync(cycle.counterFile, JSON.stringify(counts) + "\n");
  return cycle.initial[launches % cycle.initial.length];
}
