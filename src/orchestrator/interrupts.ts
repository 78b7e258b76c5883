/**
 * `interrupts` (docs/scenario-language.md#interrupts): in-tree interstitials cleared by recovery
 * steps. One guard per leaf step: before a non-`wait` step acts it reads the tree and runs the
 * steps of every entry matching that snapshot, re-reading and re-checking until nothing fires;
 * during a `for`/`settled`/`screenChanged` wait it checks each poll after the wait's own condition
 * failed. An entry fires at most three consecutive times per step, then goes inert; a recovery
 * failure fails the step.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { evaluate, passed } from "../assertions/mod.ts";
import type { Assertion, Interrupt, Step } from "../scenario/types.ts";
import type { RunContext } from "./context.ts";
import { substituteAssertion } from "./substitution.ts";
import type { PollWatcher } from "./waits.ts";

/** Consecutive fires of one entry allowed within one step. */
export const INTERRUPT_MAX_FIRES = 3;

/** Runs recovery steps through the step runner; returns their failure text or null. */
export type RecoveryRunner = (steps: readonly Step[]) => Promise<string | null>;

/** The interrupt guard of one leaf step. */
export class InterruptGuard {
  readonly #ctx: RunContext;
  readonly #entries: readonly Interrupt[];
  readonly #conditions: Assertion[];
  readonly #fires: number[];
  readonly #runRecovery: RecoveryRunner;
  /** A recovery step's failure text; once set the step fails with it. */
  failure: string | null = null;

  /** Conditions are substituted once, with the bindings as the step starts. */
  constructor(ctx: RunContext, entries: readonly Interrupt[], runRecovery: RecoveryRunner) {
    this.#ctx = ctx;
    this.#entries = entries;
    this.#conditions = entries.map((e, i) =>
      substituteAssertion(ctx, e.condition, `interrupts[${i}].condition`)
    );
    this.#fires = entries.map(() => 0);
    this.#runRecovery = runRecovery;
  }

  /**
   * One pass over the entries against one snapshot: every entry whose condition holds on `tree`
   * runs its recovery, in order (each matching entry runs its steps, then the caller re-reads).
   * A recovery failure ends the pass. Returns true when any recovery ran (the tree is then stale).
   */
  async #firePass(tree: readonly Element[]): Promise<boolean> {
    const exchanges = this.#ctx.driver.exchanges?.() ?? [];
    let fired = false;
    for (let i = 0; i < this.#entries.length && this.failure === null; i++) {
      if (this.#fires[i] >= INTERRUPT_MAX_FIRES) continue;
      if (!passed(evaluate(tree, [this.#conditions[i]], exchanges))) {
        this.#fires[i] = 0;
        continue;
      }
      this.#fires[i]++;
      this.failure = await this.#runRecovery(this.#entries[i].steps);
      fired = true;
    }
    return fired;
  }

  /**
   * Before a non-wait step acts: clears every matching interstitial, re-reading after each pass
   * that fired, until a pass fires nothing (or a recovery failed). Returns the last tree read after
   * a recovery (the screen the step will act on), or null when nothing fired.
   */
  async clearBeforeAct(seed: Element[]): Promise<Element[] | null> {
    let cleared: Element[] | null = null;
    let tree = seed;
    while (await this.#firePass(tree) && this.failure === null) {
      tree = await this.#ctx.driver.query();
      cleared = tree;
    }
    return cleared;
  }

  /** The guard as a wait watcher: a recovery failure aborts the wait. */
  readonly watcher: PollWatcher = async (tree) => {
    const acted = this.failure === null && await this.#firePass(tree);
    return { acted, abort: this.failure };
  };
}
