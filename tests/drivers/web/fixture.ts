/**
 * Real-Chromium fixtures for the web backend tests: one browser per test file, a shared page
 * (or a context of its own when a case needs one), tiny loopback HTTP servers. Everything is
 * closed in `finally`.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { launchBrowser } from "../../../src/drivers/web/browsers.ts";
import { NetworkCollector } from "../../../src/drivers/web/network.ts";
import { WebDriver, type WebDriverOptions } from "../../../src/drivers/web/web_driver.ts";
import type { Effective, WebSettings } from "../../../src/config/effective.ts";
import type { StartRequest } from "../../../src/drivers/environment.ts";
import type { Mock, Scenario } from "../../../src/scenario/types.ts";

/**
 * One browser per test file plus a page kept for the cases that need nothing special: a new
 * page costs a renderer process (~0.4 s on a busy 2-core machine), a new document ~50 ms.
 */
export interface Lab {
  browser: Browser;
  shared: { context: BrowserContext; page: Page } | null;
}

/** Runs `fn` with a headless Chromium that is closed afterwards, whatever happens. */
export async function withChromium(fn: (lab: Lab) => Promise<void>): Promise<void> {
  const lab: Lab = { browser: await launchBrowser("chromium", { headless: true }), shared: null };
  try {
    await fn(lab);
  } finally {
    await lab.browser.close();
  }
}

export interface Session {
  driver: WebDriver;
  page: Page;
  context: BrowserContext;
}

export interface SessionOptions {
  context?: BrowserContextOptions;
  driver?: Partial<Omit<WebDriverOptions, "page" | "engine">>;
  /** Attach a network collector with these mocks. */
  mocks?: Mock[];
  /** A context of its own even without special options (the case closes its page). */
  fresh?: boolean;
}

const VIEWPORT = { width: 800, height: 600 };

/** The lab's shared page, reset to a blank document with no listeners from earlier cases. */
async function sharedPage(lab: Lab): Promise<{ context: BrowserContext; page: Page }> {
  if (lab.shared !== null && !lab.shared.page.isClosed()) {
    const { page } = lab.shared;
    await page.removeAllListeners();
    // A navigation gives a new window: setContent alone keeps the old window's globals.
    const reset = await page.goto("about:blank").then(() => true, () => false);
    if (reset) return lab.shared;
    await lab.shared.context.close();
  }
  const context = await lab.browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
  lab.shared = { context, page: await context.newPage() };
  return lab.shared;
}

/**
 * A page + driver on `html` (set as content): the lab's shared page, or a context of its own
 * (closed afterwards) when the case asks for context options, mocks or `fresh`.
 */
export async function withPage(
  lab: Lab,
  html: string | null,
  fn: (s: Session) => Promise<void>,
  opts: SessionOptions = {},
): Promise<void> {
  const own = opts.fresh || opts.context !== undefined || opts.mocks !== undefined;
  const context = own
    ? await lab.browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce", ...opts.context })
    : (await sharedPage(lab)).context;
  try {
    const network = opts.mocks
      ? await NetworkCollector.attach(context, { mocks: opts.mocks })
      : undefined;
    const page = own ? await context.newPage() : lab.shared!.page;
    const driver = new WebDriver({
      page,
      engine: "chromium",
      touch: opts.context?.hasTouch ?? false,
      network,
      ...opts.driver,
    });
    if (html !== null) await page.setContent(html);
    await fn({ driver, page, context });
  } finally {
    if (own) await context.close();
  }
}

/** A loopback HTTP server answering from `routes` (path → handler), 404 otherwise. */
export async function withServer(
  routes: Record<string, (req: Request) => Response | Promise<Response>>,
  fn: (base: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req) => {
      const handler = routes[new URL(req.url).pathname];
      return handler ? handler(req) : new Response("not found", { status: 404 });
    },
  );
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

/** An HTML response. */
export function html(body: string): Response {
  return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
}

/** A page's global read as a value. */
export function read<T>(page: Page, expr: string): Promise<T> {
  return page.evaluate((e) => (0, eval)(e), expr) as Promise<T>;
}

/** A web target's effective config: only what the web factory reads is meaningful. */
export function webEffective(app: Partial<WebSettings> = {}, network = false): Effective {
  const web: WebSettings = {
    platform: "web",
    baseUrl: "",
    headless: true,
    browser: "chromium",
    deviceMode: "desktop",
    testIdAttribute: "data-testid",
    ...app,
  };
  return {
    target: "web",
    platform: "web",
    backend: ["web"],
    app: web,
    run: { erase: false, network, interrupts: [], actionTimeoutS: 0 },
  } as Partial<Effective> as Effective;
}

/** A scenario with nothing in it but what the web environment reads. */
export function webScenario(extra: Partial<Scenario> = {}): Scenario {
  return {
    name: "web",
    tags: [],
    preconditions: { reinstall: "overwrite", launchArgs: [], launchEnv: {} },
    before: [],
    after: [],
    steps: [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
    ...extra,
  };
}

/** A start request for `scenario`. */
export function startRequest(scenario: Scenario = webScenario()): StartRequest {
  return {
    scenario,
    preconditions: scenario.preconditions,
    erase: true,
    warm: false,
    extraEnv: {},
    replaceDevice: false,
  };
}
