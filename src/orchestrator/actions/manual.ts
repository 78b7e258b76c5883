/**
 * `manual` (docs/scenario-language.md#manual): a human takeover recorded during authoring. It has
 * no deterministic run-time equivalent, so it always fails loudly instead of faking a pass.
 *
 * @module
 */
import { ManualStepRequired } from "../../drivers/driver.ts";
import type { StepBodies } from "../../scenario/types.ts";

/** The clause naming the bypass to wire, or that none exists. */
export function bypassHint(bypass: string | undefined): string {
  return bypass ? `wire a deterministic bypass: ${bypass}` : "no deterministic run-time equivalent";
}

/** Always throws `manual takeover step: <label> — <bypass hint>`. */
export function manual(body: StepBodies["manual"]): Promise<never> {
  return Promise.reject(
    new ManualStepRequired(`manual takeover step: ${body.label} — ${bypassHint(body.bypass)}`),
  );
}
