/**
 * Real-Chromium fixtures for the web backend tests: one browser per test file, a fresh context
 * per case, tiny loopback HTTP servers. Everything is closed in `finally`.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { launchBrowser } from "../../../src/drivers/web/browsers.ts";
import { NetworkCollector } from "../../../src/drivers/web/network.ts";
import { WebDriver, type WebDriverOptions } from "../../../src/drivers/web/web_driver.ts";
import type { Effective, WebSettings } from "../../../src/config/effective.ts";
import type { StartRequest } from "../../../src/runner/environment.ts";
import type { Mock, Scenario } from "../../../src/scenario/types.ts";

/** Runs `fn` with a headless Chromium that is closed afterwards, whatever happens. */
export async function withChromium(fn: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await launchBrowser("chromium", { headless: true });
  try {
    await fn(browser);
  } finally {
    await browser.close();
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
}

/** A fresh context + page + driver on `html` (set as content), closed after `fn`. */
export async function withPage(
  browser: Browser,
  html: string | null,
  fn: (s: Session) => Promise<void>,
  opts: SessionOptions = {},
): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 800, height: 600 },
    reducedMotion: "reduce",
    ...opts.context,
  });
  try {
    const network = opts.mocks
      ? await NetworkCollector.attach(context, { mocks: opts.mocks })
      : undefined;
    const page = await context.newPage();
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
    await context.close();
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
    ...app,
  };
  return {
    target: "web",
    platform: "web",
    app: web,
    run: { erase: false, network, interrupts: [] },
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
