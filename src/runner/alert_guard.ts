/**
 * The runner's alert guard (docs/architecture.md#alert-guard, native path): when a step fails or a
 * wait sees a collapsed tree, read the system alert's buttons from the driver and tap a dismissive
 * one. The loop retries the step once when this returns what it dismissed. Backends without system
 * alerts answer `[]`, so the guard is a no-op there. The vision fallback is out of scope.
 *
 * @module
 */
import type { DialogPolicy } from "../drivers/driver.ts";
import type { AlertGuard } from "../orchestrator/types.ts";
import type { SystemAlertHandling } from "../scenario/types.ts";

/**
 * Built-in dismissive labels, in preference order (both apostrophes of "Don't Allow").
 *
 * @example
 * ```ts
 * DISMISSIVE_LABELS.includes("Not Now"); // true
 * ```
 */
export const DISMISSIVE_LABELS: readonly string[] = [
  "Don't Allow",
  "Don\u2019t Allow",
  "Ask App Not to Track",
  "Not Now",
  "No Thanks",
  "Cancel",
  "Close",
  "Dismiss",
];

/**
 * Enabled unless the flag, the scenario or the target (in that order) turns it off.
 *
 * @example
 * ```ts
 * alertHandlingEnabled(undefined, false, undefined); // false: the scenario turns it off
 * alertHandlingEnabled(true, false, false); // true: --system-alert-handling wins
 * ```
 */
export function alertHandlingEnabled(
  flag: boolean | undefined,
  scenario: SystemAlertHandling | undefined,
  target: SystemAlertHandling | undefined,
): boolean {
  const on = (v: SystemAlertHandling | undefined) =>
    v === undefined ? undefined : typeof v === "boolean" ? v : v.enabled;
  return flag ?? on(scenario) ?? on(target) ?? true;
}

/** Dialog kinds a rule may name (a web page's JavaScript dialogs). */
const DIALOG_KINDS: ReadonlySet<string> = new Set(["alert", "confirm", "prompt", "beforeunload"]);

/**
 * How a web page's JavaScript dialogs are answered (docs/scenario-language.md#dialogs): with
 * handling off, a dialog is dismissed and fails its step; on, it is dismissed unless a rule
 * (`{prompt: confirm, choice: grant}`) accepts its kind. The scenario's rules win over the
 * target's, kind by kind.
 *
 * @example
 * ```ts
 * dialogPolicy(undefined, { enabled: true, rules: [{ prompt: "confirm", choice: "grant" }] }, undefined);
 * // { default: "dismiss", byKind: { confirm: "accept" } }
 * dialogPolicy(false, undefined, undefined); // { default: "fail", byKind: {} }
 * ```
 */
export function dialogPolicy(
  flag: boolean | undefined,
  scenario: SystemAlertHandling | undefined,
  target: SystemAlertHandling | undefined,
): DialogPolicy {
  if (!alertHandlingEnabled(flag, scenario, target)) return { default: "fail", byKind: {} };
  const byKind: Record<string, "accept" | "dismiss"> = {};
  for (const v of [target, scenario]) {
    if (typeof v !== "object") continue;
    for (const rule of v.rules ?? []) {
      if (DIALOG_KINDS.has(rule.prompt)) {
        byKind[rule.prompt] = rule.choice === "grant" ? "accept" : "dismiss";
      }
    }
  }
  return { default: "dismiss", byKind };
}

/**
 * The dismiss labels to prefer: the scenario's `labels`, else the target's, else built-in.
 *
 * @example
 * ```ts
 * guardLabels({ enabled: true, labels: ["Later"] }, undefined); // ["Later"]
 * guardLabels(undefined, undefined); // DISMISSIVE_LABELS
 * ```
 */
export function guardLabels(
  scenario: SystemAlertHandling | undefined,
  target: SystemAlertHandling | undefined,
): readonly string[] {
  const labels = (v: SystemAlertHandling | undefined) =>
    typeof v === "object" && v.labels && v.labels.length > 0 ? v.labels : undefined;
  return labels(scenario) ?? labels(target) ?? DISMISSIVE_LABELS;
}

/**
 * A guard that taps the first preferred label the current alert offers.
 *
 * @example
 * ```ts
 * const guard = nativeAlertGuard(["Not Now", "Cancel"]);
 * await runScenario(driver, scenario, { alertGuard: guard });
 * ```
 */
export function nativeAlertGuard(labels: readonly string[] = DISMISSIVE_LABELS): AlertGuard {
  return async (driver) => {
    const shown = await driver.systemAlertLabels();
    if (shown.length === 0) return null;
    const pick = labels.find((l) => shown.includes(l));
    if (pick === undefined) return null;
    await driver.handleSystemAlert({ label: pick }, 0);
    return pick;
  };
}
