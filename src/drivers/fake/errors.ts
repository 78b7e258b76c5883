/**
 * The fake's own errors. `FakeFixtureError` is a mistake in the fake app itself (an effect whose
 * target matches nothing, options never seeded): deliberately not a `DriverError`, so it surfaces
 * loudly instead of reading as a failed step of the scenario under test.
 *
 * @module
 */
import { NothingFocused } from "../driver.ts";

/** The fake app description is inconsistent with what a scenario made it do. */
export class FakeFixtureError extends Error {
  readonly code = "E_FAKE_FIXTURE";
  constructor(message: string) {
    super(message);
    this.name = "FakeFixtureError";
  }
}

/**
 * Text was typed (or deleted, or selected) while no field held keyboard focus: the same failure
 * every backend reports (`type: nothing is focused`).
 */
export class NoFocusedField extends NothingFocused {
  constructor(action = "type") {
    super(`${action}: nothing is focused (tap a text field, e.g. type.into, first)`);
  }
}
