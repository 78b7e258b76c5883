/**
 * The fake's own errors. `FakeFixtureError` is a mistake in the fake app itself (an effect whose
 * target matches nothing, options never seeded): deliberately not a `DriverError`, so it surfaces
 * loudly instead of reading as a failed step of the scenario under test.
 *
 * @module
 */
import { ElementNotFound } from "../driver.ts";

/** The fake app description is inconsistent with what a scenario made it do. */
export class FakeFixtureError extends Error {
  readonly code = "E_FAKE_FIXTURE";
  constructor(message: string) {
    super(message);
    this.name = "FakeFixtureError";
  }
}

/** Text was typed (or deleted, or selected) while no field held keyboard focus. */
export class NoFocusedField extends ElementNotFound {
  constructor() {
    super("no focused text field: tap a text field (type.into) before typing", {});
  }
}
