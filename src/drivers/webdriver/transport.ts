/**
 * The HTTP transport under every WebDriver call: `fetch` only, one deadline per attempt, bounded
 * retries with backoff through the injected clock, and the rules that keep a write from ever
 * being applied twice (docs/backends.md, "The WebDriver client"):
 *
 * - A failed attempt is retried (≤ `maxAttempts` in all, sleeping 0.5·2ⁿ s) only when the request
 *   provably never left (connect failure) or it is a GET.
 * - A non-GET that may have been delivered is never resent: it fails at once as a
 *   `RunnerCrashError` "write may have been lost".
 * - Hung = delivered and no reply within the deadline. `wedgedAfterHung` hung requests in a row
 *   (answered replies reset the count; liveness probes do not count) are a wedged session.
 *
 * @module
 */
import { RunCancelled } from "../../time/cancel.ts";
import { type Deadline, timerDeadline as realTimerDeadline } from "../../time/deadline.ts";
import type { Clock } from "../../time/clock.ts";
import { type Endpoint, parseEndpoint } from "./endpoint.ts";
import { isTimeoutReply } from "./envelope.ts";
import { type DeliveryFacts, RunnerCrashError, type WireCall } from "./errors.ts";
import { classifyFetchFailure, describeFetchFailure, type FetchFailure } from "./fetch_failure.ts";

/** Per-attempt timeout of a GET, seconds. */
export const GET_TIMEOUT_S = 15;
/** Per-attempt timeout of any other method, seconds. */
export const POST_TIMEOUT_S = 30;
/** Attempts per request, the first included. */
export const MAX_ATTEMPTS = 3;
/** First backoff, seconds; doubles after each failed attempt. */
export const BACKOFF_BASE_S = 0.5;
/** Hung requests in a row that make a wedged automation session. */
export const WEDGED_AFTER_HUNG = 3;

/** One attempt's deadline: a signal that aborts when time is up, and its cleanup. */
export type AttemptDeadline = Deadline;

/** The HTTP methods WebDriver uses. */
export type HttpMethod = "GET" | "POST" | "DELETE";

export interface TransportOptions {
  /** `http(s)://[user:key@]host[:port][/base]`; userinfo becomes Basic auth. */
  endpoint: string;
  /** Backoff sleeps go through it (a fake clock makes them instant). */
  clock: Clock;
  /** Who answers, for messages: "WebDriverAgent", "UiAutomator2 server", "Appium endpoint". */
  serverName?: string;
  getTimeoutS?: number;
  postTimeoutS?: number;
  maxAttempts?: number;
  wedgedAfterHung?: number;
  /** A run's hard abort: stops in-flight requests; the call throws `RunCancelled`. */
  signal?: AbortSignal;
  /** Makes an attempt's deadline; default a real timer. Tests inject one they control. */
  deadline?: (seconds: number) => AttemptDeadline;
}

export interface RequestOptions {
  /** A POST's body, JSON-serialised (`{}` when absent); GET and DELETE send none. */
  body?: unknown;
  /** Overrides the method's per-attempt timeout. */
  timeoutS?: number;
  /** Overrides `maxAttempts` for this call (a liveness probe uses 1). */
  attempts?: number;
  /** A liveness probe (`/health`): its hang does not count toward a wedged session. */
  probe?: boolean;
  /** The `Accept` header; JSON by default. */
  accept?: string;
}

/** A reply as received: any status, the body as text. */
export interface HttpReply {
  status: number;
  contentType: string;
  text: string;
}

/** A real-timer deadline (cleared on dispose, so no timer outlives its request). */
export const timerDeadline = realTimerDeadline;

type AttemptOutcome =
  | { reply: HttpReply }
  | { failure: FetchFailure; detail: string };

/**
 * The transport for one endpoint. Holds its own HTTP client (close it) and the consecutive-hung
 * count; nothing else is shared between instances.
 *
 * @example
 * ```ts
 * const transport = new Transport({ endpoint: "http://127.0.0.1:8100", clock: realClock });
 * try {
 *   const reply = await transport.request("GET", "/status");
 *   console.log(reply.status, reply.text);
 * } finally {
 *   transport.close();
 * }
 * ```
 */
export class Transport {
  readonly #endpoint: Endpoint;
  readonly #clock: Clock;
  readonly #serverName: string;
  readonly #getTimeoutS: number;
  readonly #postTimeoutS: number;
  readonly #maxAttempts: number;
  readonly #wedgedAfterHung: number;
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: (seconds: number) => AttemptDeadline;
  #client: Deno.HttpClient | null = null;
  #writeClient: Deno.HttpClient | null = null;
  #consecutiveHung = 0;

  constructor(options: TransportOptions) {
    this.#endpoint = parseEndpoint(options.endpoint);
    this.#clock = options.clock;
    this.#serverName = options.serverName ?? "WebDriver server";
    this.#getTimeoutS = options.getTimeoutS ?? GET_TIMEOUT_S;
    this.#postTimeoutS = options.postTimeoutS ?? POST_TIMEOUT_S;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? MAX_ATTEMPTS);
    this.#wedgedAfterHung = Math.max(1, options.wedgedAfterHung ?? WEDGED_AFTER_HUNG);
    this.#signal = options.signal;
    this.#deadline = options.deadline ?? timerDeadline;
  }

  /** The endpoint without credentials, for messages and manifests. */
  get endpoint(): string {
    return this.#endpoint.display;
  }

  /** Hung requests since the last answered one. */
  get consecutiveHung(): number {
    return this.#consecutiveHung;
  }

  /** Replaces any credential of this endpoint in `text` (for texts that came from the server). */
  redact(text: string): string {
    return this.#endpoint.redact(text);
  }

  /**
   * Sends one request under the retry rules. Resolves with any reply the server gave (error
   * statuses included: the envelope decides); rejects with `RunnerCrashError` when the server
   * did not answer (or a reported timeout completed a wedged run of hangs), or `RunCancelled`
   * when the caller's signal aborted.
   */
  async request(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpReply> {
    const call: WireCall = { method, path };
    const attempts = Math.max(1, options.attempts ?? this.#maxAttempts);
    const timeoutS = options.timeoutS ??
      (method === "GET" ? this.#getTimeoutS : this.#postTimeoutS);
    for (let attempt = 0;; attempt++) {
      if (this.#signal?.aborted) throw new RunCancelled();
      const outcome = await this.#attempt(call, options, timeoutS);
      if ("reply" in outcome) {
        if (options.probe) return outcome.reply;
        // A server-side timeout is a hang that happened to be answered: it counts, never resets.
        if (isTimeoutReply(outcome.reply)) {
          this.noteHung(call, `the server reported a timeout (${outcome.reply.status})`);
        } else this.#consecutiveHung = 0;
        return outcome.reply;
      }
      const { failure, detail } = outcome;
      if (failure === "cancelled") throw new RunCancelled();
      const facts: DeliveryFacts = {
        delivered: failure !== "undelivered",
        hung: failure === "hung",
      };
      if (facts.hung && !options.probe) this.noteHung(call, `no reply within ${timeoutS}s`);
      if (facts.delivered && method !== "GET") {
        throw new RunnerCrashError(
          `${this.where(call)}: write may have been lost (${
            facts.hung ? `no reply within ${timeoutS}s` : detail
          }); not resent`,
          call,
          facts,
        );
      }
      if (attempt + 1 >= attempts) {
        throw new RunnerCrashError(
          `${this.where(call)}: did not answer after ${attempts} attempt${
            attempts === 1 ? "" : "s"
          } (${facts.hung ? `no reply within ${timeoutS}s` : detail})`,
          call,
          facts,
        );
      }
      await this.#clock.sleep(BACKOFF_BASE_S * 2 ** attempt);
    }
  }

  /**
   * Counts one hung request (a missed deadline, or a reply reporting a server-side timeout);
   * throws the wedged-session crash when the count reaches its bound.
   */
  noteHung(call: WireCall, detail: string): void {
    this.#consecutiveHung++;
    if (this.#consecutiveHung >= this.#wedgedAfterHung) {
      throw new RunnerCrashError(
        `${
          this.where(call)
        }: wedged automation session (${this.#consecutiveHung} hung requests in a row; last: ${detail})`,
        call,
        { delivered: true, hung: true },
      );
    }
  }

  /** Closes the HTTP clients (their keep-alive connections). Idempotent. */
  close(): void {
    this.#client?.close();
    this.#client = null;
    this.#writeClient?.close();
    this.#writeClient = null;
  }

  [Symbol.dispose](): void {
    this.close();
  }

  /** `<server> at <endpoint>: <method> <path>`: how every message names a call. */
  where(call: WireCall): string {
    return `${this.#serverName} at ${this.#endpoint.display}: ${call.method} ${call.path}`;
  }

  async #attempt(
    call: WireCall,
    options: RequestOptions,
    timeoutS: number,
  ): Promise<AttemptOutcome> {
    const deadline = this.#deadline(timeoutS);
    const caller = this.#signal;
    const signal = caller ? AbortSignal.any([deadline.signal, caller]) : deadline.signal;
    try {
      const response = await fetch(this.#endpoint.baseUrl + call.path, {
        method: call.method,
        headers: this.#headers(call.method, options),
        body: call.method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
        signal,
        client: this.#httpClient(call.method),
      });
      const text = await response.text();
      return {
        reply: {
          status: response.status,
          contentType: response.headers.get("content-type") ?? "",
          text,
        },
      };
    } catch (err) {
      const failure = classifyFetchFailure(err, { caller, deadline: deadline.signal });
      return { failure, detail: describeFetchFailure(err) };
    } finally {
      deadline.dispose();
    }
  }

  #headers(method: string, options: RequestOptions): Headers {
    const headers = new Headers({ accept: options.accept ?? "application/json" });
    if (method === "POST") headers.set("content-type", "application/json;charset=utf-8");
    if (this.#endpoint.authorization) headers.set("authorization", this.#endpoint.authorization);
    return headers;
  }

  /**
   * GETs share a keep-alive pool. Writes never ride a pooled connection: when a server closes a
   * reused connection after reading a request, Deno's fetch (hyper) sends that request again on
   * a new connection by itself, so a POST would be applied twice. On a fresh connection it
   * reports "connection closed before message completed" instead (delivered, never resent).
   */
  #httpClient(method: string): Deno.HttpClient {
    if (method === "GET") {
      this.#client ??= Deno.createHttpClient({});
      return this.#client;
    }
    this.#writeClient ??= Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
    return this.#writeClient;
  }
}
