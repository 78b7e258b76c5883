/**
 * Errors of the evidence layer. Capture failures never become errors (they are logged and the
 * artifact is dropped); only misuse of the sink does.
 *
 * @module
 */

/** Base of the evidence errors. */
export class EvidenceError extends Error {
  readonly code: string = "E_EVIDENCE";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A sink method was called before `beginScenario` set the scenario directory. */
export class SinkStateError extends EvidenceError {
  override readonly code = "E_SINK_STATE";
}
