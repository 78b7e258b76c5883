/**
 * `email` is LATER: it needs a configured mailbox reader, which this build does not have.
 *
 * @module
 */
import { StepFailed } from "../step_failed.ts";

/** Always fails: no mailbox is configured. */
export function email(): Promise<never> {
  return Promise.reject(
    new StepFailed("email: no mailbox configured (set targets.<name>.mailbox)"),
  );
}
