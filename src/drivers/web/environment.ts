/**
 * The web environment (docs/architecture.md#launching-an-app,
 * docs/architecture.md#device-pool-and-leases, docs/backends.md#web): one browser per factory (one
 * engine pass of a run), a fresh browser context per lease, which is the web's erase. `start`
 * refuses scenario permissions, needs a `baseUrl`, builds the driver and loads the app; `relaunch`
 * loads it again in the same context (the device is never erased on relaunch); `teardown` closes
 * the context and, when the scenario recorded video, saves it as `<sid>/scenario.mp4`.
 *
 * @module
 */
import type { Browser, BrowserContext } from "playwright-core";
import type { Effective, WebSettings } from "../../config/effective.ts";
import type { Environment, EnvironmentFactory, StartRequest } from "../environment.ts";
import type { Preconditions } from "../../scenario/types.ts";
import { sameOriginUrl } from "../../config/same_origin.ts";
import { type Clock, realClock } from "../../time/clock.ts";
import { DeviceError, type Driver, UnsupportedAction } from "../driver.ts";
import { type BrowserProbe, launchBrowser, systemProbe } from "./browsers.ts";
import { runsHeadless } from "./browser_discovery.ts";

export { runsHeadless };
import type { Engine } from "../../model/engines.ts";
import { contextOptions } from "./context_options.ts";
import { WEB_BACKEND } from "./backend.ts";
import { asDriverError, BrowserGone, messageOf } from "./errors.ts";
import { NetworkCollector } from "./network.ts";
import { ensureFfmpeg, saveVideoAsMp4 } from "./video.ts";
import { DEFAULT_OP_TIMEOUT_S, WebDriver } from "./web_driver.ts";
import { boundedByBrowser, type BrowserBound } from "./browser_bound.ts";

/** The actuator name of the web backend (its descriptor's). */
export const WEB_ACTUATOR = WEB_BACKEND.actuator;

/** A start request; `videoPath` asks for the scenario-wide video (`<sid>/scenario.mp4`). */
export type WebStartRequest = StartRequest;

export interface WebFactoryOptions {
  /** The engine of this pass (`--browser`/`--browsers`); default: the target's `browser`. */
  engine?: Engine;
  /** `--headed`: a visible browser with slow motion; default: the target's `headless`. */
  headed?: boolean;
  /** Observe network exchanges; default: the run's `network` setting. Mocks apply regardless. */
  network?: boolean;
  clock?: Clock;
  /** Driver and environment notes (dismissed dialogs, dropped videos). */
  log?: (line: string) => void;
  probe?: BrowserProbe;
  /** Bound on one page operation (seconds). */
  opTimeoutS?: number;
  /**
   * An already running browser of `engine` to use instead of launching one; the caller keeps
   * owning it (`close()` only closes this factory's contexts).
   */
  browser?: Browser;
}

/** The environment factory of one browser; `close()` ends the browser. */
export interface WebEnvironmentFactory extends EnvironmentFactory {
  readonly engine: Engine;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** The web settings of a target, or a DeviceError for a non-web target. */
export function webSettings(eff: Effective): WebSettings {
  if (eff.app.platform !== "web") {
    throw new DeviceError(
      `target ${eff.target} is not a web target (platform ${eff.app.platform})`,
    );
  }
  return eff.app;
}

interface Shared {
  web: WebSettings;
  engine: Engine;
  browser: Browser;
  network: boolean;
  clock: Clock;
  log: (line: string) => void;
  probe: BrowserProbe;
  opTimeoutS?: number;
  /** The browser is a remote server (`wsEndpoint`), not a process we launched. */
  remote: boolean;
  /** Lanes with an open context, closed by the factory's `close()`. */
  open: Set<WebEnvironment>;
}

/** One browser lane: a context per lease. */
class WebEnvironment implements Environment {
  readonly actuator = WEB_ACTUATOR;
  readonly reusable = false;
  readonly rejectsErase = false;
  readonly canReplaceDevice = false;
  readonly deviceName: string;
  readonly deviceRuntime: string;
  #shared: Shared;
  #context: BrowserContext | null = null;
  #driver: WebDriver | null = null;
  #video: { path: string; ffmpeg: string; dir: string } | null = null;
  #videoAnchorS = 0;
  /** The URLs a start opens, in order: the entry page, then the deeplink. */
  #entry: string[] = [];

  constructor(readonly device: string, shared: Shared) {
    this.#shared = shared;
    const mode = shared.web.deviceMode;
    this.deviceName = mode && mode !== "desktop" ? `${shared.engine} (${mode})` : shared.engine;
    this.deviceRuntime = shared.browser.version();
  }

  /** Browser-level calls of this lane end when the browser goes or stops answering. */
  get #bound(): BrowserBound {
    const { browser, remote, opTimeoutS } = this.#shared;
    return { browser, remote, timeoutMs: (opTimeoutS ?? DEFAULT_OP_TIMEOUT_S) * 1000 };
  }

  async start(req: WebStartRequest): Promise<Driver> {
    const { web, engine, browser, clock } = this.#shared;
    const denied = Object.keys(req.scenario.permissions ?? {});
    if (denied.length > 0) {
      throw new UnsupportedAction(
        `permissions (${denied.join(", ")}) are not supported on the web backend`,
      );
    }
    if (!web.baseUrl) throw new DeviceError("web: the target has no baseUrl to open");
    await this.teardown();
    if (!browser.isConnected()) {
      throw new BrowserGone(this.#shared.remote, "before the scenario started");
    }
    // Validated before anything is created (an unknown deviceMode leaves nothing behind).
    const options = contextOptions(web, engine);
    if (req.videoPath) {
      const ffmpeg = await ensureFfmpeg(this.#shared.probe);
      const dir = await Deno.makeTempDir({ prefix: "bajutsu-video-" });
      this.#video = { path: req.videoPath, ffmpeg, dir };
      options.recordVideo = { dir };
    }
    try {
      const context = await boundedByBrowser(
        this.#bound,
        "new context",
        browser.newContext(options),
      );
      this.#context = context;
      this.#shared.open.add(this);
      const mocks = req.scenario.mocks ?? [];
      const network = this.#shared.network || mocks.length > 0
        ? await boundedByBrowser(
          this.#bound,
          "network setup",
          NetworkCollector.attach(context, { mocks, clock }),
        )
        : undefined;
      const page = await boundedByBrowser(this.#bound, "new page", context.newPage());
      // The recording starts with the page: its first frame is (within a frame) this instant.
      if (this.#video) this.#videoAnchorS = clock.wallNow().getTime() / 1000;
      const driver = new WebDriver({
        page,
        engine,
        touch: options.hasTouch ?? false,
        clock,
        network,
        log: this.#shared.log,
        opTimeoutS: this.#shared.opTimeoutS,
        remote: this.#shared.remote,
        testIdAttribute: web.testIdAttribute,
        // The recording runs a screencast of its own on the page.
        reuseUnchangedShots: this.#video === null,
      });
      this.#driver = driver;
      this.#entry = entryUrls(web.baseUrl, req.preconditions);
      for (const url of this.#entry) await driver.navigate(url);
      return driver;
    } catch (err) {
      await this.teardown().catch(() => {});
      throw asDriverError("start", err);
    }
  }

  async relaunch(_overrides: { env?: Record<string, string>; args?: string[] }): Promise<void> {
    if (!this.#driver) throw new DeviceError("web: relaunch before start");
    // The app starts over where the scenario starts: its url, then its deeplink.
    for (const url of this.#entry) await this.#driver.navigate(url);
  }

  health(_timeoutS: number): Promise<boolean> {
    return Promise.resolve(this.#shared.browser.isConnected());
  }

  endLease(): Promise<void> {
    return this.teardown();
  }

  async teardown(): Promise<void> {
    const context = this.#context;
    const video = this.#video;
    const recording = context?.pages()[0]?.video() ?? null;
    this.#context = null;
    this.#driver = null;
    this.#video = null;
    this.#videoAnchorS = 0;
    this.#shared.open.delete(this);
    if (context) {
      await boundedByBrowser(this.#bound, "closing the context", context.close()).catch(() => {});
    }
    if (!video) return;
    try {
      // A failed finalize drops the video with a note; it never fails the scenario.
      if (recording) await saveVideoAsMp4(recording, video.ffmpeg, video.path);
    } catch (err) {
      this.#shared.log(`web: video ${video.path} dropped: ${messageOf(err)}`);
    } finally {
      await Deno.remove(video.dir, { recursive: true }).catch(() => {});
    }
  }

  videoStartStalled(): boolean {
    return false;
  }

  videoAnchorS(): number {
    return this.#videoAnchorS;
  }
}

/**
 * What `start` opens (docs/scenario-language.md#preconditions): `preconditions.url` (else the
 * target's baseUrl), then `preconditions.deeplink`, each resolved against baseUrl and held to its
 * origin. The run's check refuses an off-origin value before the run; here it is a device error.
 *
 * @example
 * ```ts
 * entryUrls("http://h/app/", { url: "editor", deeplink: "#doc-3", reinstall: "clean", launchArgs: [], launchEnv: {} });
 * // ["http://h/app/editor", "http://h/app/editor#doc-3"]
 * ```
 */
export function entryUrls(baseUrl: string, pre: Preconditions): string[] {
  const resolve = (value: string, base: string) => {
    const r = sameOriginUrl(base, value);
    if ("error" in r) throw new DeviceError(`web: ${r.error}`);
    return r.url;
  };
  const entry = pre.url !== undefined ? resolve(pre.url, baseUrl) : baseUrl;
  if (pre.deeplink === undefined) return [entry];
  // A deeplink is relative to the page it is opened on (a bare "#/settings" keeps the path).
  const link = new URL(pre.deeplink, entry).href;
  return [entry, resolve(link, baseUrl)];
}

/**
 * Launches (or connects to) the browser of one engine pass and returns the factory of its
 * lanes. Call `close()` when the pass is over.
 *
 * @throws DeviceError for a non-web target
 * @throws BrowserNotFound when no browser of the engine is installed (exit 2)
 *
 * @example
 * ```ts
 * const factory = await createWebFactory(eff, { engine: "chromium" });
 * try {
 *   const env = await factory.create("chromium-0", "playwright");
 *   const driver = await env.start(request);
 * } finally {
 *   await factory.close();
 * }
 * ```
 */
export async function createWebFactory(
  eff: Effective,
  opts: WebFactoryOptions = {},
): Promise<WebEnvironmentFactory> {
  const web = webSettings(eff);
  const engine = opts.engine ?? web.browser;
  const headless = runsHeadless(web, opts.headed);
  const probe = opts.probe ?? systemProbe();
  const owned = opts.browser === undefined;
  const browser = opts.browser ??
    await launchBrowser(engine, { headless, wsEndpoint: web.wsEndpoint, probe });
  const shared: Shared = {
    web,
    engine,
    browser,
    network: opts.network ?? eff.run.network,
    clock: opts.clock ?? realClock,
    log: opts.log ?? (() => {}),
    probe,
    opTimeoutS: opts.opTimeoutS,
    remote: opts.browser === undefined && web.wsEndpoint !== undefined,
    open: new Set(),
  };
  return {
    engine,
    browser,
    create(device: string, actuator: string): Promise<Environment> {
      if (actuator !== WEB_ACTUATOR) {
        return Promise.reject(
          new DeviceError(`the web environment drives ${WEB_ACTUATOR}, not ${actuator}`),
        );
      }
      return Promise.resolve(new WebEnvironment(device, shared));
    },
    async close(): Promise<void> {
      for (const env of [...shared.open]) await env.teardown().catch(() => {});
      if (owned) await browser.close().catch(() => {});
    },
    // The browser ends and Playwright removes its profile once the process is gone; left to
    // the exit, the profile could be removed while the dying browser still writes into it.
    async abort(): Promise<void> {
      if (owned) await browser.close().catch(() => {});
    },
  };
}
