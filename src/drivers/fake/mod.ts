/**
 * The fake backend (docs/backends.md#fake): an in-memory app in virtual time behind the Driver
 * seam, described in code (`build.ts`) or in a YAML fake app file (`app_file.ts`).
 *
 * @example
 * ```ts
 * import { createFakeDriver, loadFakeApp } from "./mod.ts";
 * const { app, errors } = await loadFakeApp("tests/fixtures/fake_apps/login_app.yaml");
 * const driver = createFakeDriver(app!, { clock: new FakeClock() });
 * ```
 *
 * @module
 */
export type * from "./types.ts";
export { fakeAppFromNode, type FakeAppLoad, loadFakeApp, parseFakeApp } from "./app_file.ts";
export {
  createFakeDriver,
  type FakeAction,
  FakeDriver,
  type FakeDriverOptions,
  type FakeReactHook,
} from "./fake_driver.ts";
export { DEFAULT_FAKE_SIZE, fakeApp, fakeElement, fakeScreen, singleScreenApp } from "./build.ts";
export { CrashInjector, DRIVER_METHODS } from "./crash_injector.ts";
export { MAX_ACTUATIONS } from "../actuation_log.ts";
export { FAKE_CAPABILITIES, fakeCapabilities } from "./capabilities.ts";
export { FAKE_BACKEND } from "./backend.ts";
export { FakeFixtureError, NoFocusedField } from "./errors.ts";
export { type DismissedAlert, LiveApp } from "./live_app.ts";
export { crc32, encodePng, PNG_SIGNATURE, solidPng } from "./png.ts";
export { colourOf, SCREENSHOT_SIDE, screenshotPng } from "./screenshot.ts";
