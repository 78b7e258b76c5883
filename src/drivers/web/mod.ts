/**
 * The web backend on playwright-core (docs/backends.md#web): browser discovery and launch, the
 * `WebDriver`, and the environment factory the runner's pool leases browser lanes from.
 *
 * @example
 * ```ts
 * import { createWebFactory } from "../drivers/web/mod.ts";
 * const factory = await createWebFactory(eff, { engine: "chromium" });
 * try {
 *   const env = await factory.create("chromium-0", "playwright");
 *   const driver = await env.start(request);
 *   await driver.tap({ id: "login.submit" });
 * } finally {
 *   await factory.close();
 * }
 * ```
 *
 * @module
 */
export {
  type BrowserProbe,
  browserType,
  CHROMIUM_ARGS,
  type Engine,
  ENGINES,
  findBrowser,
  type FoundBrowser,
  installHint,
  launchBrowser,
  type LaunchRequest,
  playwrightCacheDir,
  systemProbe,
} from "./browsers.ts";
export { asDriverError, BrowserNotFound, FfmpegNotFound } from "./errors.ts";
export { contextOptions, UnknownDeviceMode } from "./context_options.ts";
export {
  decodeScan,
  DEFAULT_TEST_ID_ATTRIBUTE,
  PAGE_ROOT_ID,
  traitsOf,
  typeTrait,
} from "./dom_scan.ts";
export { NetworkCollector } from "./network.ts";
export { ensureFfmpeg, playwrightFfmpegPath } from "./video.ts";
export { WebDriver, type WebDriverOptions } from "./web_driver.ts";
export { WEB_CAPABILITIES } from "./capabilities.ts";
export { WEB_BACKEND } from "./backend.ts";
export {
  createWebFactory,
  WEB_ACTUATOR,
  type WebEnvironmentFactory,
  type WebFactoryOptions,
  webSettings,
  type WebStartRequest,
} from "./environment.ts";
