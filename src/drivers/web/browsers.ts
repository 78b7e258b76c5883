/**
 * Launching a browser for the web backend (docs/backends.md#web) on playwright-core; finding one
 * is browser_discovery.ts (re-exported here).
 *
 * @module
 */
import { chromium, firefox, webkit } from "playwright-core";
import type { Browser, BrowserType, LaunchOptions } from "playwright-core";
import { DeviceError } from "../driver.ts";
import { messageOf } from "./errors.ts";
import type { Engine } from "../../model/engines.ts";
import {
  type BrowserProbe,
  CHROMIUM_ARGS,
  findBrowser,
  type FoundBrowser,
  HEADED_SLOW_MO_MS,
} from "./browser_discovery.ts";

export {
  type BrowserProbe,
  CHROMIUM_ARGS,
  findBrowser,
  type FoundBrowser,
  HEADED_SLOW_MO_MS,
  HEADLESS_SHELL_PATH,
  installHint,
  playwrightCacheDir,
  systemProbe,
} from "./browser_discovery.ts";
export { type Engine, ENGINES } from "../../model/engines.ts";

/** The Playwright browser type of an engine. */
export function browserType(engine: Engine): BrowserType {
  return engine === "chromium" ? chromium : engine === "firefox" ? firefox : webkit;
}

/**
 * Launch options for a found browser. Playwright's own SIGINT/SIGTERM/SIGHUP handlers are off:
 * they would close the browser under the step in flight, and the run's cancellation owns those
 * signals (docs/signals.md). Playwright still starts the browser in a process group of its own,
 * so a Ctrl-C to ours never reaches it, and kills it when the process exits.
 */
export function launchOptions(found: FoundBrowser, headless: boolean): LaunchOptions {
  const args = found.engine === "chromium"
    ? CHROMIUM_ARGS.filter((a) => headless || a !== "--headless")
    : [];
  return {
    executablePath: found.executablePath,
    headless,
    args,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    ...(found.channel ? { channel: found.channel } : {}),
    ...(headless ? {} : { slowMo: HEADED_SLOW_MO_MS }),
  };
}

export interface LaunchRequest {
  headless: boolean;
  /** A remote Playwright browser server (`browserType.launchServer`) to connect to instead. */
  wsEndpoint?: string;
  probe?: BrowserProbe;
}

/**
 * Launches (or connects to) a browser for `engine`.
 *
 * @throws BrowserNotFound when no executable exists
 * @throws DeviceError when Playwright cannot launch or connect
 */
export async function launchBrowser(engine: Engine, req: LaunchRequest): Promise<Browser> {
  const type = browserType(engine);
  if (req.wsEndpoint) {
    try {
      return await type.connect(req.wsEndpoint, req.headless ? {} : { slowMo: HEADED_SLOW_MO_MS });
    } catch (err) {
      throw new DeviceError(
        `cannot connect to the ${engine} browser server at ${req.wsEndpoint}: ${messageOf(err)}`,
        { cause: err },
      );
    }
  }
  const found = findBrowser(engine, req.probe, req.headless);
  try {
    return await type.launch(launchOptions(found, req.headless));
  } catch (err) {
    throw new DeviceError(
      `cannot launch ${engine} (${found.executablePath}): ${messageOf(err)}`,
      { cause: err },
    );
  }
}
