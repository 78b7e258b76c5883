/**
 * A step failure raised by the loop's own action handlers (an `http` status mismatch, `copy`
 * without a selection…). Like the driver's step-level errors, the step body turns it into a
 * failed step; it never escapes the run.
 *
 * @module
 */

/** The step fails with `message` as its reason. */
export class StepFailed extends Error {
  readonly code = "E_STEP_FAILED";
  constructor(message: string) {
    super(message);
    this.name = "StepFailed";
  }
}
