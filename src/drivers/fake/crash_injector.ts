/**
 * Crash injection for recovery tests: throws `BackendCrashError` at the Nth counted driver call.
 * One injector may be shared by several drivers (one per lease) so "crash once, then recover"
 * holds across a respawn.
 *
 * @module
 */
import { BackendCrashError } from "../driver.ts";
import type { FakeCrashSpec } from "./types.ts";

/** The Driver methods a crash rule may count (the async ones: each is a call to the backend). */
export const DRIVER_METHODS = [
  "query",
  "tap",
  "doubleTap",
  "longPress",
  "isTappable",
  "tapPoint",
  "swipe",
  "scroll",
  "back",
  "pinch",
  "rotate",
  "typeText",
  "deleteText",
  "selectAll",
  "copySelection",
  "selectOption",
  "setPickerValue",
  "handleSystemAlert",
  "systemAlertLabels",
  "waitFor",
  "screenshot",
  "screenshotBytes",
  "viewport",
  "close",
] as const;

interface Rule {
  spec: FakeCrashSpec;
  count: number;
  fired: number;
}

/** Counts calls per rule; a rule fires from its `atCall`-th call on, `times` times at most. */
export class CrashInjector {
  #rules: Rule[];

  constructor(specs: readonly FakeCrashSpec[]) {
    this.#rules = specs.map((spec) => ({ spec, count: 0, fired: 0 }));
  }

  /** Counts a call of `method` for every rule, then throws if one of them is due. */
  onCall(method: string): void {
    let due: Rule | null = null;
    for (const rule of this.#rules) {
      if (rule.spec.method !== null && rule.spec.method !== method) continue;
      rule.count++;
      if (due === null && rule.count >= rule.spec.atCall && rule.fired < rule.spec.times) {
        due = rule;
      }
    }
    if (due === null) return;
    due.fired++;
    const scope = due.spec.method === null ? "driver call" : `${due.spec.method} call`;
    throw new BackendCrashError(
      `fake backend crashed during ${method} (${scope} #${due.count}, injected)`,
    );
  }

  /** How many crashes have been thrown so far. */
  get crashes(): number {
    return this.#rules.reduce((n, r) => n + r.fired, 0);
  }
}
