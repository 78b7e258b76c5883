/**
 * The web network collector and mock router (docs/backends.md#web,
 * docs/scenario-language.md#network-matching): every finished or failed HTTP(S) request of the
 * browser context becomes an `Exchange`, in the order the requests started; scenario mocks answer
 * matching requests through `context.route` (first matching mock wins) and their exchanges are
 * still observed, flagged `mocked`.
 *
 * @module
 */
import type { BrowserContext, Request, Response, Route } from "playwright-core";
import { compileRequestMatch, type ExchangePredicate } from "../../assertions/mod.ts";
import type { Mock } from "../../scenario/types.ts";
import { type Clock, realClock } from "../../time/clock.ts";
import type { Exchange } from "../driver.ts";

/** Bodies are kept as text up to this many bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A mock with its matcher compiled once. */
interface CompiledMock {
  test: ExchangePredicate;
  respond: Mock["respond"];
}

/** A request seen but not finished yet. */
interface Slot {
  /** Monotonic seconds, as the Exchange contract says (the runner adds the wall offset). */
  startedMono: number;
  exchange: Exchange | null;
}

/** UTF-8 text of at most {@link MAX_BODY_BYTES} bytes (a cut character decodes as U+FFFD). */
export function bodyText(bytes: Uint8Array, max = MAX_BODY_BYTES): string {
  return new TextDecoder().decode(bytes.length > max ? bytes.subarray(0, max) : bytes);
}

/** The request side of an exchange (what a mock can match on). */
export function requestSide(req: Request): Exchange {
  const url = req.url();
  const body = req.postData();
  return {
    method: req.method(),
    url,
    path: new URL(url).pathname,
    status: null,
    requestHeaders: req.headers(),
    responseHeaders: {},
    requestBody: body === null ? null : body.slice(0, MAX_BODY_BYTES),
    responseBody: null,
    startedAt: 0,
    durationMs: 0,
    mocked: false,
  };
}

/** Mocks compiled against their request-side fields only (`status` and `count` are ignored). */
export function compileMocks(mocks: readonly Mock[]): CompiledMock[] {
  return mocks.map((m) => {
    const { status: _status, count: _count, ...requestFields } = m.match;
    return { test: compileRequestMatch(requestFields), respond: m.respond };
  });
}

function isHttp(url: string): boolean {
  return url.startsWith("http://") || url.startsWith("https://");
}

/**
 * Observes one browser context. An exchange is visible from its response on (status and headers
 * known): Playwright reports a request finished tens of milliseconds after the page already
 * used the response, and an assertion right after the action must see it. The response body
 * joins when the request finished; `settle()` waits for bodies already being read.
 */
export class NetworkCollector {
  #slots: Slot[] = [];
  #slotOf = new Map<Request, Slot>();
  #mocked = new WeakSet<Request>();
  /** A mock's body is known before the browser reports the request finished. */
  #mockBody = new WeakMap<Request, string>();
  #pending = new Set<Promise<void>>();
  #mocks: CompiledMock[];
  #clock: Clock;

  private constructor(mocks: CompiledMock[], clock: Clock) {
    this.#mocks = mocks;
    this.#clock = clock;
  }

  /**
   * Starts observing `context` and, when there are mocks, routes its requests through them.
   *
   * @throws InvalidRegex when a mock's pattern does not compile
   */
  static async attach(
    context: BrowserContext,
    opts: { mocks?: readonly Mock[]; clock?: Clock } = {},
  ): Promise<NetworkCollector> {
    const collector = new NetworkCollector(compileMocks(opts.mocks ?? []), opts.clock ?? realClock);
    context.on("request", (req) => collector.#started(req));
    context.on("response", (res) => collector.#responded(res));
    context.on("requestfinished", (req) => collector.#track(collector.#finished(req, true)));
    context.on("requestfailed", (req) => collector.#track(collector.#finished(req, false)));
    // Routing costs every request a round trip: only pay it when something is mocked.
    if (collector.#mocks.length > 0) {
      await context.route("**/*", (route, req) => collector.#route(route, req));
    }
    return collector;
  }

  /** Exchanges with a response (or a failure), in the order their requests started. */
  exchanges(): Exchange[] {
    const out: Exchange[] = [];
    for (const slot of this.#slots) if (slot.exchange) out.push(slot.exchange);
    return out;
  }

  /** Waits until every finished request's body has been read. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  #started(req: Request): void {
    if (!isHttp(req.url())) return;
    const slot: Slot = { startedMono: this.#clock.now(), exchange: null };
    this.#slots.push(slot);
    this.#slotOf.set(req, slot);
  }

  /** Status and headers are known: the exchange becomes visible, its body still to come. */
  #responded(res: Response): void {
    const req = res.request();
    const slot = this.#slotOf.get(req);
    if (!slot || slot.exchange) return;
    slot.exchange = {
      ...requestSide(req),
      status: res.status(),
      responseHeaders: res.headers(),
      responseBody: this.#mockBody.get(req) ?? null,
      startedAt: slot.startedMono,
      durationMs: Math.max(0, (this.#clock.now() - slot.startedMono) * 1000),
      mocked: this.#mocked.has(req),
    };
  }

  #track(work: Promise<void>): void {
    this.#pending.add(work);
    work.finally(() => this.#pending.delete(work));
  }

  async #finished(req: Request, ok: boolean): Promise<void> {
    const slot = this.#slotOf.get(req);
    if (!slot) return;
    this.#slotOf.delete(req);
    const durationMs = Math.max(0, (this.#clock.now() - slot.startedMono) * 1000);
    // Replaced, not mutated: a list handed out earlier keeps what it showed.
    const exchange: Exchange = {
      ...(slot.exchange ?? requestSide(req)),
      startedAt: slot.startedMono,
      durationMs,
      mocked: this.#mocked.has(req),
    };
    try {
      exchange.requestHeaders = await req.allHeaders();
      const response = ok ? await req.response() : null;
      if (response) {
        exchange.status = response.status();
        exchange.responseHeaders = await response.allHeaders();
        exchange.responseBody = await response.body().then((b) => bodyText(b), () => null);
      }
    } catch {
      // The context closed mid-read: keep what the request itself told us.
    }
    slot.exchange = exchange;
  }

  async #route(route: Route, req: Request): Promise<void> {
    const mock = isHttp(req.url()) ? this.#mocks.find((m) => m.test(requestSide(req))) : undefined;
    if (!mock) {
      await route.fallback();
      return;
    }
    this.#mocked.add(req);
    const body = mock.respond.body ?? "";
    this.#mockBody.set(req, body.slice(0, MAX_BODY_BYTES));
    const delayMs = mock.respond.delayMs ?? 0;
    try {
      if (delayMs > 0) await this.#clock.sleep(delayMs / 1000);
      await route.fulfill({
        status: mock.respond.status ?? 200,
        headers: mock.respond.headers ?? {},
        body,
      });
    } catch {
      // The page or context closed while the mock was answering: nobody is waiting any more.
    }
  }
}
