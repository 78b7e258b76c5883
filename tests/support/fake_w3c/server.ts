/**
 * A fake W3C WebDriver server to build the fake WebDriverAgent, UiAutomator2 server and Appium
 * grid on. It routes by method and path pattern to handlers, answers with the real envelope of
 * the imitated server (`flavor`), keeps sessions (`POST /session`, `DELETE /session/:sid`, an
 * unknown id is `invalid session id`), records every request for wire-call counting, and injects
 * faults: die, hang, reset or an error at request N, and latency per request.
 *
 * Control routes under `/__fake/` are not recorded and not counted: `GET /__fake/requests`
 * (the record as JSON) and `POST /__fake/faults` (a `FaultSpec[]` to add), for a fake running in
 * another process.
 *
 * @module
 */
import { type Disposition, Http1Server, type WireRequest } from "./http1.ts";
import { FaultSchedule, type FaultSpec } from "./faults.ts";
import {
  errorBody,
  errorStatus,
  type FakeReply,
  type Flavor,
  ok,
  raw,
  statusValue,
  successBody,
  unknownSessionMessage,
  w3cError,
} from "./replies.ts";
import { compileRoute, type RoutePattern } from "./route_pattern.ts";

/** A request as a handler sees it. */
export interface FakeRequest {
  /** 1-based position among all recorded requests. */
  index: number;
  method: string;
  /** Path and query as sent. */
  target: string;
  pathname: string;
  query: URLSearchParams;
  /** The route's captured params (`:sid` → `params.sid`). */
  params: Record<string, string>;
  /** The body parsed as JSON, or null (empty or not JSON: see `rawBody`). */
  body: unknown;
  rawBody: string;
  headers: Record<string, string>;
}

/** What the record keeps of one request. */
export interface RecordedRequest {
  index: number;
  method: string;
  target: string;
  pathname: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers one routed request. */
export type FakeHandler = (
  request: FakeRequest,
  server: FakeW3CServer,
) => FakeReply | Promise<FakeReply>;

export interface FakeServerOptions {
  /** Which server's envelope and codes to imitate (default `appium`). */
  flavor?: Flavor;
  /** `"<METHOD> /path/:param"` → handler; they win over the built-in routes. */
  routes?: Record<string, FakeHandler>;
  faults?: FaultSpec[];
  /** Milliseconds to wait before answering each request (or per request). */
  latencyMs?: number | ((request: FakeRequest) => number);
  /** How latency is waited for (default a real timer); tests inject one they control. */
  delay?: (ms: number) => Promise<void>;
  hostname?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Appends each recorded request as one JSON line to this file (survives the fake's death). */
  recordTo?: string;
  /** Called once the server died from a `die` fault (a script exits here). */
  onDie?: () => void;
  /**
   * Decides a `POST /session` from its `capabilities` (`{alwaysMatch, firstMatch}`): accept with
   * the capabilities to send back, or refuse with a reply (an error). Default: accept, echoing
   * `alwaysMatch`.
   */
  createSession?: (
    capabilities: Record<string, unknown>,
    request: FakeRequest,
  ) => { accept: Record<string, unknown> } | { refuse: FakeReply };
  /** Called once a session was opened, with its id and the capabilities answered. */
  sessionCreated?: (id: string, capabilities: Record<string, unknown>) => void;
}

/**
 * A running fake.
 *
 * @example
 * ```ts
 * const server = new FakeW3CServer({
 *   flavor: "wda",
 *   routes: { "POST /session/:sid/wda/tap": () => ok(null) },
 *   faults: [{ at: 3, kind: "hang" }],
 * });
 * try {
 *   // … point a client at server.url …
 *   server.count("POST", "/session/:sid/wda/tap"); // taps received
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export class FakeW3CServer {
  readonly flavor: Flavor;
  readonly url: string;
  readonly port: number;
  /** Every request received (control routes excepted), in order. */
  readonly requests: RecordedRequest[] = [];
  /** Open sessions: id → the capabilities the server answered with. */
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly #http: Http1Server;
  readonly #routes: { pattern: RoutePattern; handler: FakeHandler }[];
  readonly #faults: FaultSchedule;
  readonly #options: FakeServerOptions;
  readonly #heldWaiters: { count: number; resolve: () => void }[] = [];
  #held = 0;
  #sessionCounter = 0;
  #dead = false;

  constructor(options: FakeServerOptions = {}) {
    this.flavor = options.flavor ?? "appium";
    this.#options = options;
    this.#faults = new FaultSchedule(options.faults);
    this.#routes = [
      ...Object.entries(options.routes ?? {}),
      ...Object.entries(builtInRoutes(this.flavor)),
    ].map(([spec, handler]) => ({ pattern: compileRoute(spec), handler }));
    this.#http = new Http1Server(
      { hostname: options.hostname ?? "127.0.0.1", port: options.port ?? 0 },
      (request) => this.#dispatch(request),
    );
    this.url = this.#http.url;
    this.port = this.#http.port;
  }

  /** True once a `die` fault (or `close()`) ended the server. */
  get dead(): boolean {
    return this.#dead || this.#http.closed;
  }

  /** Requests currently held by `hang` faults so far (held requests never end before close). */
  get heldCount(): number {
    return this.#held;
  }

  /** Resolves once `count` requests in all have been held by `hang` faults. */
  whenHeld(count = 1): Promise<void> {
    if (this.#held >= count) return Promise.resolve();
    return new Promise((resolve) => this.#heldWaiters.push({ count, resolve }));
  }

  /** Adds faults while running (counting starts from the requests seen from now on). */
  addFaults(specs: FaultSpec[]): void {
    for (const spec of specs) this.#faults.add(spec);
  }

  /** How many recorded requests match `method` and the path pattern (all paths when omitted). */
  count(method?: string, path?: string): number {
    const pattern = compileRoute(`${method ?? ""} ${path ?? "/*"}`.trim());
    return this.requests.filter((r) => pattern.match(r.method, r.pathname) !== null).length;
  }

  /** Opens a session directly (for fakes that start with one); returns its id. */
  openSession(capabilities: Record<string, unknown> = {}): string {
    this.#sessionCounter++;
    const id = this.flavor === "appium"
      ? `fake-session-${this.#sessionCounter}`
      : `00000000-0000-4000-8000-${String(this.#sessionCounter).padStart(12, "0")}`;
    this.sessions.set(id, capabilities);
    return id;
  }

  /** Stops listening and closes every connection (held requests included). */
  async close(): Promise<void> {
    await this.#http.close();
    for (const waiter of this.#heldWaiters.splice(0)) waiter.resolve();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #dispatch(wire: WireRequest): Promise<Disposition> {
    const url = new URL(wire.target, "http://fake");
    const rawBody = new TextDecoder().decode(wire.body);
    if (url.pathname.startsWith("/__fake/")) {
      return this.#control(wire.method, url.pathname, rawBody);
    }
    const request: FakeRequest = {
      index: this.requests.length + 1,
      method: wire.method,
      target: wire.target,
      pathname: url.pathname,
      query: url.searchParams,
      params: {},
      body: parseJson(rawBody),
      rawBody,
      headers: wire.headers,
    };
    this.#record(request);
    const fault = this.#faults.next(request.method, request.pathname);
    if (fault?.kind === "die") return this.#die();
    if (fault?.kind === "reset") return { drop: true };
    if (fault?.kind === "hang") {
      this.#held++;
      for (const waiter of this.#heldWaiters.filter((w) => w.count <= this.#held)) {
        this.#heldWaiters.splice(this.#heldWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return { hold: true };
    }
    await this.#latency(request);
    if (fault?.kind === "error") {
      const e = fault.error ?? { error: "unknown error" };
      return this.#encode(
        w3cError(e.error, e.message ?? `injected ${e.error}`, { status: e.status }),
        sessionOf(request.pathname),
      );
    }
    if (fault?.kind === "raw") {
      const r = fault.raw ?? { status: 500, body: "" };
      return this.#encode(raw(r.status, r.body, r.contentType), null);
    }
    return this.#encode(await this.#route(request), sessionOf(request.pathname));
  }

  async #route(request: FakeRequest): Promise<FakeReply> {
    const sid = sessionOf(request.pathname);
    if (sid !== null && !this.sessions.has(sid)) {
      return w3cError("invalid session id", unknownSessionMessage(this.flavor, sid));
    }
    for (const { pattern, handler } of this.#routes) {
      const params = pattern.match(request.method, request.pathname);
      if (params === null) continue;
      request.params = params;
      return await handler(request, this);
    }
    return w3cError(
      "unknown command",
      `Unhandled endpoint: ${request.pathname} -- http://${
        request.headers.host ?? "fake"
      }/ with parameters ${JSON.stringify(request.body ?? {})}`,
    );
  }

  /** Called by the built-in `POST /session`. */
  createSession(request: FakeRequest): FakeReply {
    const body = isRecord(request.body) ? request.body : {};
    const caps = isRecord(body.capabilities) ? body.capabilities : {};
    const always = isRecord(caps.alwaysMatch) ? caps.alwaysMatch : {};
    const decided = this.#options.createSession?.(caps, request) ?? { accept: always };
    if ("refuse" in decided) return decided.refuse;
    // WebDriverAgent and the UiAutomator2 server hold one session: a new one ends the old.
    if (this.flavor !== "appium") this.sessions.clear();
    const id = this.openSession(decided.accept);
    this.#options.sessionCreated?.(id, decided.accept);
    return { kind: "value", value: { sessionId: id, capabilities: decided.accept } };
  }

  #encode(reply: FakeReply, sessionId: string | null): Disposition {
    const json = "application/json;charset=UTF-8";
    switch (reply.kind) {
      case "value": {
        // A new session's envelope names it at the top level too (WDA, UiAutomator2).
        const sid = sessionId ?? newSessionId(reply.value);
        return {
          reply: {
            status: reply.status ?? 200,
            contentType: json,
            body: JSON.stringify(successBody(this.flavor, reply.value, sid)),
          },
        };
      }
      case "error":
        return {
          reply: {
            status: reply.status ?? errorStatus(this.flavor, reply.error),
            contentType: json,
            body: JSON.stringify(
              errorBody(this.flavor, reply.error, reply.message, reply.stacktrace ?? "", sessionId),
            ),
          },
        };
      case "raw":
        return {
          reply: { status: reply.status, contentType: reply.contentType, body: reply.body },
        };
    }
  }

  #record(request: FakeRequest): void {
    const recorded: RecordedRequest = {
      index: request.index,
      method: request.method,
      target: request.target,
      pathname: request.pathname,
      body: request.body,
      headers: request.headers,
    };
    this.requests.push(recorded);
    if (this.#options.recordTo) {
      Deno.writeTextFileSync(this.#options.recordTo, JSON.stringify(recorded) + "\n", {
        append: true,
      });
    }
  }

  async #latency(request: FakeRequest): Promise<void> {
    const { latencyMs } = this.#options;
    const ms = typeof latencyMs === "function" ? latencyMs(request) : latencyMs ?? 0;
    if (ms <= 0) return;
    const delay = this.#options.delay ??
      ((t: number) => new Promise<void>((resolve) => setTimeout(resolve, t)));
    await delay(ms);
  }

  #die(): Disposition {
    this.#dead = true;
    // Not awaited: close() waits for this very connection's loop, which waits for us.
    this.#http.close().then(() => this.#options.onDie?.());
    for (const waiter of this.#heldWaiters.splice(0)) waiter.resolve();
    return { drop: true };
  }

  #control(method: string, pathname: string, rawBody: string): Disposition {
    const json = "application/json;charset=UTF-8";
    if (method === "GET" && pathname === "/__fake/requests") {
      return { reply: { status: 200, contentType: json, body: JSON.stringify(this.requests) } };
    }
    if (method === "POST" && pathname === "/__fake/faults") {
      const specs = parseJson(rawBody);
      if (!Array.isArray(specs)) {
        return { reply: { status: 400, contentType: json, body: '{"error":"expected a list"}' } };
      }
      this.addFaults(specs as FaultSpec[]);
      return { reply: { status: 200, contentType: json, body: '{"ok":true}' } };
    }
    return { reply: { status: 404, contentType: json, body: '{"error":"unknown control route"}' } };
  }
}

function builtInRoutes(flavor: Flavor): Record<string, FakeHandler> {
  const routes: Record<string, FakeHandler> = {
    "GET /status": () => ok(statusValue(flavor)),
    "POST /session": (request, server) => server.createSession(request),
    "DELETE /session/:sid": (request, server) => {
      server.sessions.delete(request.params.sid);
      return ok(null);
    },
  };
  if (flavor === "wda") {
    routes["GET /health"] = () =>
      raw(200, "<html><body><div>I-AM-ALIVE</div></body></html>", "text/html;charset=UTF-8");
  }
  return routes;
}

/** The session id a path addresses (`/session/:sid/…`), or null. */
function sessionOf(pathname: string): string | null {
  const match = /^\/session\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

function newSessionId(value: unknown): string | null {
  return isRecord(value) && typeof value.sessionId === "string" ? value.sessionId : null;
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
