/** Shared setup for the fake driver tests: a YAML app on a fresh virtual clock. */
import assert from "node:assert/strict";
import { FakeClock } from "../../../src/time/clock.ts";
import { formatLoadError } from "../../../src/yaml/load_error.ts";
import {
  createFakeDriver,
  type FakeAppSpec,
  type FakeDriver,
  type FakeDriverOptions,
  parseFakeApp,
} from "../../../src/drivers/fake/mod.ts";

/** Parses a fake app from YAML text, failing the test on any load error. */
export function appFrom(yaml: string): FakeAppSpec {
  const { app, errors } = parseFakeApp(yaml, "inline.yaml");
  assert.deepEqual(errors.map(formatLoadError), []);
  assert.ok(app);
  return app;
}

/** A driver over a YAML app plus the clock it reads. */
export function fakeFrom(
  yaml: string,
  opts: Partial<FakeDriverOptions> = {},
): { driver: FakeDriver; clock: FakeClock } {
  const clock = new FakeClock();
  const driver = createFakeDriver(appFrom(yaml), { clock, ...opts });
  return { driver, clock };
}

/** Identifiers of the visible tree, in document order. */
export async function ids(driver: FakeDriver): Promise<Array<string | null>> {
  return (await driver.query()).map((e) => e.identifier);
}
