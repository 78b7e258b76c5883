/**
 * The alert guard armed inside a wait (docs/architecture.md#alert-guard). A wait that a system
 * alert blocks would otherwise sit out its whole timeout before the end-of-step retry; instead the
 * guard fires against the tree the wait already polled as soon as that tree looks collapsed.
 * Debounced (the collapse must be seen on consecutive polls), cooldown-limited and capped per wait,
 * so a screen that is merely mid-render does not trigger a storm of dismiss attempts.
 *
 * @module
 */
import type { Driver, Element } from "../drivers/driver.ts";
import type { Clock } from "../time/clock.ts";
import type { AlertGuard } from "./types.ts";

/** Consecutive collapsed polls before the guard fires (docs/architecture.md#alert-guard). */
export const GUARD_DEBOUNCE_POLLS = 3;
/** Minimum virtual seconds between two attempts of one wait. */
export const GUARD_COOLDOWN_S = 1;
/** Attempts allowed per wait. */
export const GUARD_MAX_ATTEMPTS = 2;

/** A tree that shows nothing identifiable: empty, or only anonymous elements. */
export function looksCollapsed(tree: readonly Element[]): boolean {
  for (const el of tree) if (el.identifier) return false;
  return true;
}

/** One wait's arming state. Create one per wait; it is not reused across waits. */
export class AlertWatch {
  readonly #guard: AlertGuard;
  readonly #driver: Driver;
  readonly #clock: Clock;
  readonly #onDismissed: (label: string) => void;
  #streak = 0;
  #attempts = 0;
  #lastAttemptAt: number | null = null;

  constructor(
    guard: AlertGuard,
    driver: Driver,
    clock: Clock,
    onDismissed: (label: string) => void,
  ) {
    this.#guard = guard;
    this.#driver = driver;
    this.#clock = clock;
    this.#onDismissed = onDismissed;
  }

  /** Attempts made so far. */
  get attempts(): number {
    return this.#attempts;
  }

  /**
   * Looks at one polled tree whose wait condition failed; fires the guard when the rules allow.
   * Returns true when the guard dismissed something (the tree is then stale).
   */
  async observe(tree: readonly Element[]): Promise<boolean> {
    if (!looksCollapsed(tree)) {
      this.#streak = 0;
      return false;
    }
    this.#streak++;
    if (this.#streak < GUARD_DEBOUNCE_POLLS || this.#attempts >= GUARD_MAX_ATTEMPTS) return false;
    const now = this.#clock.now();
    if (this.#lastAttemptAt !== null && now - this.#lastAttemptAt < GUARD_COOLDOWN_S - 1e-9) {
      return false;
    }
    this.#attempts++;
    this.#lastAttemptAt = now;
    this.#streak = 0;
    const label = await this.#guard(this.#driver, [...tree]);
    if (label === null) return false;
    this.#onDismissed(label);
    return true;
  }
}
