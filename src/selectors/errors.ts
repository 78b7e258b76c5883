/**
 * Errors the selector layer adds to the driver taxonomy (docs/architecture.md#driver-errors). A bad
 * `labelMatches` pattern is a `SelectorError`, so every caller already turns it into a failed step
 * or assertion instead of letting a `SyntaxError` escape the run.
 *
 * @module
 */
import { SelectorError } from "../drivers/driver.ts";
import type { Selector } from "../model/selector.ts";

/** A regex (assertion, request matcher, clipboard) that does not compile at run time. */
export class InvalidRegex extends Error {
  readonly code = "E_INVALID_REGEX";
  constructor(readonly pattern: string, readonly reason: string) {
    super(`invalid regex: ${JSON.stringify(pattern)}: ${reason}`);
    this.name = "InvalidRegex";
  }
}

/** A selector whose `labelMatches` does not compile (after variable substitution). */
export class InvalidSelectorPattern extends SelectorError {
  override readonly code = "E_INVALID_REGEX";
  constructor(err: InvalidRegex, selector: Selector) {
    super(err.message, selector);
  }
}
