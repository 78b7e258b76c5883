/**
 * Backend-crash recovery budgets (docs/architecture.md#backend-crash-recovery): a per-scenario
 * wall-clock ceiling on respawning, and a run-scoped one that, once it was the binding constraint,
 * latches so later scenarios fail before leasing.
 *
 * @module
 */
import type { Clock } from "../time/clock.ts";

/**
 * Per scenario. The clock starts at the first crash, so the first respawn is never blocked.
 *
 * @example
 * ```ts
 * const budget = new ScenarioCrashBudget(clock, 30);
 * budget.onCrash(); // true: the first crash starts the clock
 * ```
 */
export class ScenarioCrashBudget {
  #firstCrashAt: number | null = null;
  constructor(private readonly clock: Clock, readonly budgetS: number = Infinity) {}

  /** Records a crash; true while respawning is still within the budget. */
  onCrash(): boolean {
    const now = this.clock.now();
    if (this.#firstCrashAt === null) {
      this.#firstCrashAt = now;
      return true;
    }
    return now - this.#firstCrashAt <= this.budgetS;
  }
}

/**
 * Accumulated recovery time across the whole run (concurrent recoveries add up).
 *
 * @example
 * ```ts
 * const run = new RunCrashBudget(120);
 * run.bill(45); // a recovery took 45 s
 * run.exhausted(); // false
 * ```
 */
export class RunCrashBudget {
  #spentS = 0;
  #givenUp = false;
  constructor(readonly budgetS: number = Infinity) {}

  bill(seconds: number): void {
    if (seconds > 0) this.#spentS += seconds;
  }
  get spentS(): number {
    return this.#spentS;
  }
  exhausted(): boolean {
    return this.#spentS >= this.budgetS;
  }
  /** Latched once a scenario failed because this budget was binding. */
  giveUp(): void {
    this.#givenUp = true;
  }
  get givenUp(): boolean {
    return this.#givenUp;
  }
}

/**
 * `12s` / `1.5s`, as in the failure strings.
 *
 * @example
 * ```ts
 * formatSeconds(12); // "12s"
 * formatSeconds(1.5); // "1.5s"
 * ```
 */
export function formatSeconds(s: number): string {
  return `${Number.isInteger(s) ? s : Number(s.toFixed(3))}s`;
}
